import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * Rotating a webhook endpoint's secret keeps the previous one signing for a while:
 * `previous_secret` (as `secret`, kept to sign) until `previous_secret_expires_at`.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { text } = columnTypes(db);
  await db.schema.alterTable('webhook_endpoints').addColumn('previous_secret', text).execute();
  await db.schema
    .alterTable('webhook_endpoints')
    .addColumn('previous_secret_expires_at', text)
    .execute();
}
