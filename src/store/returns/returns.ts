import type { Kysely } from 'kysely';
import type { DB, ReturnTable } from '../schema.js';
import { orderIsVisible } from '../orders/order-visibility.js';

/** A return with its order's number. */
export type ReturnRow = ReturnTable & { order_no: string };

/**
 * Returns with their order's number. A hidden order's piece cannot be returned, so no return is
 * of one; the order row is read all the same, and the condition keeps this read like the others.
 */
function selectReturns(db: Kysely<DB>, factoryId: string) {
  return db
    .selectFrom('returns as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .selectAll('r')
    .select('o.order_no')
    .where('r.factory_id', '=', factoryId)
    .where(orderIsVisible('o'));
}

export function findReturn(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<ReturnRow | undefined> {
  return selectReturns(db, factoryId).where('r.id', '=', id).executeTakeFirst();
}

/** Up to `limit` returns newest first, below `startingAfter`, optionally of one status. */
export function listReturnRows(
  db: Kysely<DB>,
  factoryId: string,
  params: { status?: ReturnTable['status'] | undefined; startingAfter?: string | undefined },
  limit: number,
): Promise<ReturnRow[]> {
  return selectReturns(db, factoryId)
    .$if(params.status !== undefined, (qb) => qb.where('r.status', '=', params.status!))
    .$if(params.startingAfter !== undefined, (qb) => qb.where('r.id', '<', params.startingAfter!))
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertReturn(db: Kysely<DB>, row: ReturnTable): Promise<void> {
  await db.insertInto('returns').values(row).execute();
}

/** Closes a return with its outcome at `at`. */
export async function closeReturnRow(
  db: Kysely<DB>,
  id: string,
  outcome: { status: ReturnTable['status']; location: string | null },
  at: string,
): Promise<void> {
  await db
    .updateTable('returns')
    .set({ status: outcome.status, location: outcome.location, closed_at: at, updated_at: at })
    .where('id', '=', id)
    .execute();
}
