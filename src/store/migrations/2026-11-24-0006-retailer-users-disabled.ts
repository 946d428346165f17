import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * A retailer user can be disabled (`disabled_at`), as staff users can: the factory stops a
 * person's portal access without removing them, and lets them back in later.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('retailer_users')
    .addColumn('disabled_at', columnTypes(db).text)
    .execute();
}
