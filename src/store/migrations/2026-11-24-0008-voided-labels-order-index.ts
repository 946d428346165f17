import type { Kysely } from 'kysely';

/** An order's voided labels, read by GET /v1/orders/{id}/voided-labels in barcode order. */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('voided_labels_order')
    .on('voided_labels')
    .columns(['factory_id', 'order_id', 'barcode'])
    .execute();
}
