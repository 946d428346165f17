import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * Scheduled, verified backups (docs/operate.md, "Backups"):
 * - settings `backup_schedule` (null: none), `backup_dir` (null: `<data-dir>/backups`) and
 *   `backup_keep` (how many verified backups are kept);
 * - `backup_runs`: every scheduled backup's outcome, the failed ones included, for the staff
 *   app's warning and the API. Housekeeping keeps the last 100 per factory.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { text } = columnTypes(db);
  await db.schema.alterTable('settings').addColumn('backup_schedule', text).execute();
  await db.schema.alterTable('settings').addColumn('backup_dir', text).execute();
  await db.schema
    .alterTable('settings')
    .addColumn('backup_keep', 'integer', (c) => c.notNull().defaultTo(7))
    .execute();
  await db.schema
    .createTable('backup_runs')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('status', text, (c) => c.notNull())
    .addColumn('started_at', text, (c) => c.notNull())
    .addColumn('finished_at', text, (c) => c.notNull())
    .addColumn('file', text)
    .addColumn('bytes', 'bigint')
    .addColumn('error', text)
    .execute();
  await db.schema
    .createIndex('backup_runs_factory_started')
    .on('backup_runs')
    .columns(['factory_id', 'started_at'])
    .execute();
}
