import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * `migration_versions`: which factoryd version (and commit) applied each migration, so that an
 * older factoryd on a newer database can say which version upgraded it (docs/operate.md,
 * "Upgrades and rollback"). Migrations applied before this one have no row.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { text } = columnTypes(db);
  await db.schema
    .createTable('migration_versions')
    .addColumn('name', text, (c) => c.primaryKey())
    .addColumn('version', text, (c) => c.notNull())
    .addColumn('commit_sha', text, (c) => c.notNull())
    .addColumn('applied_at', text, (c) => c.notNull())
    .execute();
}
