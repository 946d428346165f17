import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * API keys get `scopes` (a JSON array; every key made before could do everything, so they are
 * `["admin"]`) and an optional `expires_at` (a rolled key's overlap, or one chosen at creation).
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { text } = columnTypes(db);
  await db.schema
    .alterTable('api_keys')
    .addColumn('scopes', text, (c) => c.notNull().defaultTo('["admin"]'))
    .execute();
  await db.schema.alterTable('api_keys').addColumn('expires_at', text).execute();
}
