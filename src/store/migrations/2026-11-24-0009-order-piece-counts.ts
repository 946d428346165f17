import { sql, type Kysely } from 'kysely';

/**
 * An order keeps how many of its pieces are in each status, so a scan moves one piece from one
 * count to another instead of counting the order's pieces again: `pieces_in_stock` and
 * `pieces_dispatched` were already there; these are the other five statuses. They are filled in
 * from the pieces, and `pieces_order_status` (order_id, status, scanned), which only that count
 * read and which every scan and every new piece wrote, goes.
 */
const COUNTS = {
  pieces_awaiting_production: 'awaiting_production',
  pieces_produced: 'produced',
  pieces_returned: 'returned',
  pieces_written_off: 'written_off',
  pieces_cancelled: 'cancelled',
} as const;

// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of Object.keys(COUNTS)) {
    await db.schema
      .alterTable('orders')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  for (const [column, status] of Object.entries(COUNTS)) {
    await sql`
      update orders set ${sql.ref(column)} = (
        select count(*) from pieces p where p.order_id = orders.id and p.status = ${status}
      )`.execute(db);
  }
  await db.schema.dropIndex('pieces_order_status').execute();
}
