import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

/**
 * Uploads written into the real tables, hidden until published (docs/orders.md, "How an upload
 * is written"):
 * - `orders.hidden_by_upload`: the upload whose rows these are, while it is not yet published;
 *   null for every order anyone may see. Every read of orders leaves hidden ones out; pieces and
 *   lines are reached through their order. Publishing clears it for the whole upload (the
 *   partial index finds those rows, in id order: the order the other indexes take them in).
 * - `uploads`: one row per upload under way — staging (`published_at` null) or published with
 *   its `order.created` events still to be released from `staged_events`. Leftovers of one that
 *   died are found here.
 * - The staging tables of orders, lines and pieces (migration 0010) go; `staged_events` stays,
 *   emptied: what it held belonged to uploads of the earlier design that died before publishing
 *   (nothing was ever visible of them), which no `uploads` row owns.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { text } = columnTypes(db);
  await db.schema.alterTable('orders').addColumn('hidden_by_upload', text).execute();
  await db.schema
    .createIndex('orders_hidden_by_upload')
    .on('orders')
    .columns(['hidden_by_upload', 'id'])
    .where(sql.ref('hidden_by_upload'), 'is not', null)
    .execute();
  await db.schema
    .createTable('uploads')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('built_at', text, (c) => c.notNull())
    .addColumn('published_at', text)
    .execute();
  for (const table of ['staged_orders', 'staged_order_lines', 'staged_pieces']) {
    await db.schema.dropTable(table).execute();
  }
  await db.deleteFrom('staged_events').execute();
  // PostgreSQL plans with statistics of each column: until `orders` is analyzed again it would
  // take `hidden_by_upload is null` to match few rows and walk the wrong index for some lists.
  if (dialectOf(db) === 'postgres') await sql`analyze orders`.execute(db);
}
