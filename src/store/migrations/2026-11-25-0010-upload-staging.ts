import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * Staging tables of large uploads (docs/orders.md, "How an upload is written"): each has the
 * columns of the table it feeds, no constraints, and the upload's id and a row number, by which
 * an upload is published (INSERT … SELECT in ranges of `seq`) and then deleted. Made as copies of
 * the tables' columns as they are here; a migration that adds a column to one of those tables
 * adds it to its staging table too (the upload tests fail otherwise).
 */
export const STAGING_TABLES = {
  staged_orders: 'orders',
  staged_order_lines: 'order_lines',
  staged_pieces: 'pieces',
  staged_events: 'events',
} as const;

// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { text } = columnTypes(db);
  for (const [staged, table] of Object.entries(STAGING_TABLES)) {
    await sql`create table ${sql.table(staged)} as select * from ${sql.table(table)} where 1 = 0`.execute(
      db,
    );
    await db.schema
      .alterTable(staged)
      .addColumn('upload_id', text, (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .alterTable(staged)
      .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex(`${staged}_upload`)
      .on(staged)
      .columns(['upload_id', 'seq'])
      .execute();
  }
}
