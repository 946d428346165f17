import type { Kysely, Transaction } from 'kysely';
import type { DB, PairingCodeTable } from '../schema.js';

/** Pairing codes: single-use codes a device pairs with, kept as the code's hash. */

/** When the factory's unused codes that are live at `now` expire, soonest first, at most `limit`. */
export async function liveCodeExpiries(
  db: Kysely<DB>,
  factoryId: string,
  now: string,
  limit: number,
): Promise<string[]> {
  const live = await db
    .selectFrom('pairing_codes')
    .select(['expires_at'])
    .where('factory_id', '=', factoryId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return live.map((r) => r.expires_at);
}

/** Whether any stored code, of any factory, has this hash. */
export async function codeHashTaken(db: Kysely<DB>, codeHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('pairing_codes')
    .select('id')
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPairingCode(
  trx: Transaction<DB>,
  row: PairingCodeTable,
): Promise<void> {
  await trx.insertInto('pairing_codes').values(row).execute();
}

/** A code's record, without its hash. */
export function pairingCodeOf(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<Omit<PairingCodeTable, 'factory_id' | 'code_hash'> | undefined> {
  return db
    .selectFrom('pairing_codes')
    .select(['id', 'name', 'role', 'created_at', 'expires_at', 'used_at', 'station_id'])
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The code whose hash this is, of any factory. */
export function pairingCodeOfHash(
  db: Kysely<DB>,
  codeHash: string,
): Promise<PairingCodeTable | undefined> {
  return db
    .selectFrom('pairing_codes')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
}

/** Marks an unused code used by the station; false when it was used already (a race lost). */
export async function markPairingCodeUsed(
  trx: Transaction<DB>,
  id: string,
  stationId: string,
  at: string,
): Promise<boolean> {
  const used = await trx
    .updateTable('pairing_codes')
    .set({ used_at: at, station_id: stationId })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
