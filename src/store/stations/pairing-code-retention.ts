import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

/** Deletes up to `limit` pairing codes expired at `nowIso`; returns how many. */
export async function deleteExpiredPairingCodes(
  trx: Kysely<DB>,
  nowIso: string,
  limit: number,
): Promise<number> {
  const r = await trx
    .deleteFrom('pairing_codes')
    .where('id', 'in', (qb) =>
      qb.selectFrom('pairing_codes').select('id').where('expires_at', '<', nowIso).limit(limit),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
