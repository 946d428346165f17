import type { Kysely } from 'kysely';

/**
 * Indexes for orders: the status recompute inside every scan reads an order's pieces as counts
 * per status from a covering index; every list filter has an index that ends with the id, so a
 * page is read in id order (or, for the date ranges, from the index alone).
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('pieces_order_status')
    .on('pieces')
    .columns(['order_id', 'status', 'scanned'])
    .execute();
  // Replaces (factory_id, order_no): with the id, a lookup by number needs no sort.
  await db.schema.dropIndex('orders_factory_order_no').execute();
  await db.schema
    .createIndex('orders_factory_order_no_id')
    .on('orders')
    .columns(['factory_id', 'order_no', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_factory_needed_by')
    .on('orders')
    .columns(['factory_id', 'needed_by', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_factory_updated')
    .on('orders')
    .columns(['factory_id', 'updated_at', 'id'])
    .execute();
}
