import type { Kysely, Transaction } from 'kysely';
import { newestFirst, type PageParams } from '../pagination.js';
import type { DB, OperatorTable } from '../schema.js';

/** Operators: people at stations, who sign in with a badge (DESIGN §17). */

export async function insertOperator(trx: Transaction<DB>, row: OperatorTable): Promise<void> {
  await trx.insertInto('operators').values(row).execute();
}

/** The factory's highest badge, to number the next (badges sort: fixed width). */
export async function lastBadge(trx: Transaction<DB>, factoryId: string): Promise<string | null> {
  const row = await trx
    .selectFrom('operators')
    .select('badge')
    .where('factory_id', '=', factoryId)
    .orderBy('badge', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.badge ?? null;
}

export function operatorById(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<OperatorTable | undefined> {
  return db
    .selectFrom('operators')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function operatorByBadge(
  db: Kysely<DB>,
  factoryId: string,
  badge: string,
): Promise<OperatorTable | undefined> {
  return db
    .selectFrom('operators')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('badge', '=', badge)
    .executeTakeFirst();
}

/** A page of the factory's operators, newest first; `active` filters. */
export function listOperators(
  db: Kysely<DB>,
  factoryId: string,
  filters: { active?: boolean | undefined },
  params: PageParams,
): Promise<OperatorTable[]> {
  let q = db.selectFrom('operators').selectAll().where('factory_id', '=', factoryId);
  if (filters.active !== undefined) q = q.where('active', '=', filters.active ? 1 : 0);
  return q.$call(newestFirst(params)).execute();
}

export async function updateOperator(
  trx: Transaction<DB>,
  factoryId: string,
  id: string,
  set: Partial<Pick<OperatorTable, 'name' | 'language' | 'active' | 'updated_at'>>,
): Promise<OperatorTable | undefined> {
  await trx
    .updateTable('operators')
    .set(set)
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .execute();
  return operatorById(trx, factoryId, id);
}

/** Signs whoever is at the station out (a deactivated operator signs out everywhere). */
export async function signOutEverywhere(
  trx: Transaction<DB>,
  factoryId: string,
  operatorId: string,
): Promise<void> {
  await trx
    .updateTable('stations')
    .set({ operator_id: null, operator_since: null })
    .where('factory_id', '=', factoryId)
    .where('operator_id', '=', operatorId)
    .execute();
}

/** The station's signed-in operator from `since` (null: nobody). */
export async function setStationOperator(
  trx: Transaction<DB>,
  stationId: string,
  operatorId: string | null,
  since: string | null,
): Promise<void> {
  await trx
    .updateTable('stations')
    .set({ operator_id: operatorId, operator_since: since })
    .where('id', '=', stationId)
    .execute();
}
