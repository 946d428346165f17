import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * Failed attempts counted by the rate limits (pairing codes, logins), in the database so that
 * several factoryd on one PostgreSQL limit guessing together (DESIGN §13). The key (a client
 * address, an account) is stored hashed. Housekeeping deletes what is past every window.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { text } = columnTypes(db);
  await db.schema
    .createTable('rate_limit_failures')
    .addColumn('limiter', text, (c) => c.notNull())
    .addColumn('key_hash', text, (c) => c.notNull())
    .addColumn('at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limit_failures_key')
    .on('rate_limit_failures')
    .columns(['limiter', 'key_hash', 'at'])
    .execute();
  await db.schema
    .createIndex('rate_limit_failures_at')
    .on('rate_limit_failures')
    .column('at')
    .execute();
}
