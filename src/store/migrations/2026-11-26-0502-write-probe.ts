import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * `write_probe`: one row that `/readyz` writes to learn whether the database can still write
 * (a full disk answers 503 `disk_full` until there is room again). Empty until the first probe,
 * so that `migrate-to` copies into a database as empty as it expects.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { text } = columnTypes(db);
  await db.schema
    .createTable('write_probe')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('at', text, (c) => c.notNull())
    .execute();
}
