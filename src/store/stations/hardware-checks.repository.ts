import type { Kysely, Transaction } from 'kysely';
import { newestFirst, type PageParams } from '../pagination.js';
import type { DB, HardwareCheckTable } from '../schema.js';

/** Hardware checks: the history of what each station's set-up screen found. */

export async function insertHardwareCheck(
  trx: Transaction<DB>,
  row: HardwareCheckTable,
): Promise<void> {
  await trx.insertInto('hardware_checks').values(row).execute();
}

/** A page of a station's checks, newest first (`toPage` makes the page). */
export function listHardwareChecks(
  db: Kysely<DB>,
  factoryId: string,
  stationId: string,
  params: PageParams,
): Promise<HardwareCheckTable[]> {
  return db
    .selectFrom('hardware_checks')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('station_id', '=', stationId)
    .$call(newestFirst(params))
    .execute();
}
