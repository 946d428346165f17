import type { Kysely } from 'kysely';
import type { DB, VoidedLabelTable } from '../schema.js';

/** The record of a voided barcode of the factory, if it was voided. */
export function findVoidedLabel(
  db: Kysely<DB>,
  factoryId: string,
  barcode: string,
): Promise<VoidedLabelTable | undefined> {
  return db
    .selectFrom('voided_labels')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('barcode', '=', barcode)
    .executeTakeFirst();
}

export async function insertVoidedLabel(db: Kysely<DB>, row: VoidedLabelTable): Promise<void> {
  await db.insertInto('voided_labels').values(row).execute();
}

/** Up to `limit` labels voided on an order's pieces, by barcode, last first, below `before`. */
export function voidedLabelsOfOrder(
  db: Kysely<DB>,
  factoryId: string,
  orderId: string,
  before: string | undefined,
  limit: number,
): Promise<VoidedLabelTable[]> {
  return db
    .selectFrom('voided_labels')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('order_id', '=', orderId)
    .$if(before !== undefined, (qb) => qb.where('barcode', '<', before!))
    .orderBy('barcode', 'desc')
    .limit(limit)
    .execute();
}
