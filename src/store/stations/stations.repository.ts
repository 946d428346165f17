import type { Kysely, Transaction } from 'kysely';
import { newestFirst, type PageParams } from '../pagination.js';
import { PreparedQuery, type Param } from '../prepared-query.js';
import type { DB, StationTable } from '../schema.js';

/** Stations: the paired scanning devices of a factory's floor. Revoked ones stay, for history. */

export async function insertStation(trx: Transaction<DB>, row: StationTable): Promise<void> {
  await trx.insertInto('stations').values(row).execute();
}

/** A page of the factory's stations, newest first (`toPage` makes the page). */
export function listStations(
  db: Kysely<DB>,
  factoryId: string,
  params: PageParams,
): Promise<StationTable[]> {
  return db
    .selectFrom('stations')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .$call(newestFirst(params))
    .execute();
}

/** A station of the factory, revoked or not. */
export function stationOf(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<StationTable | undefined> {
  return db
    .selectFrom('stations')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether the factory has this station, revoked or not. */
export async function stationExists(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<boolean> {
  const station = await db
    .selectFrom('stations')
    .select('id')
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .executeTakeFirst();
  return station !== undefined;
}

/** A station of the factory that is not revoked. */
export function activeStationOf(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<StationTable | undefined> {
  return db
    .selectFrom('stations')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** A station of the factory and when it was revoked, if it was. */
export function stationRevocationOf(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<{ id: string; revoked_at: string | null } | undefined> {
  return db
    .selectFrom('stations')
    .select(['id', 'revoked_at'])
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateStation(
  trx: Transaction<DB>,
  id: string,
  set: Pick<StationTable, 'name' | 'default_location' | 'updated_at'> &
    Partial<Pick<StationTable, 'printer_id'>>,
): Promise<void> {
  await trx.updateTable('stations').set(set).where('id', '=', id).execute();
}

export async function revokeStation(trx: Transaction<DB>, id: string, at: string): Promise<void> {
  await trx
    .updateTable('stations')
    .set({ revoked_at: at, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Writes a station's last known hardware state (a hardware check's view, as JSON). */
export async function setStationHardware(
  trx: Transaction<DB>,
  id: string,
  hardware: string,
  at: string,
): Promise<void> {
  await trx
    .updateTable('stations')
    .set({ hardware, updated_at: at })
    .where('id', '=', id)
    .execute();
}

// Every station request looks its token up: prepared once.
const liveStationByHash = new PreparedQuery((db, p: Param<{ hash: string }>) =>
  db
    .selectFrom('stations')
    .select(['id', 'factory_id', 'name', 'role', 'default_location'])
    .where('token_hash', '=', p('hash'))
    .where('revoked_at', 'is', null),
);

/** The unrevoked station whose token hashes to `hash`. */
export function liveStationOfHash(
  db: Kysely<DB>,
  hash: string,
): Promise<
  Pick<StationTable, 'id' | 'factory_id' | 'name' | 'role' | 'default_location'> | undefined
> {
  return liveStationByHash.first(db, { hash });
}
