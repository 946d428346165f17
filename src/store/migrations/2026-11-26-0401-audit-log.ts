import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * The audit trail (DESIGN §17): one row per change by a staff user, an API key, a retailer user or
 * the scheduler, written in the change's own transaction. Rows form one hash chain over the whole
 * database in `seq` order (the primary key: two writers can never both extend the same row); each `hash`
 * covers the row's content and `prev_hash`. `factory_id` is null for a scheduler run that spans
 * factories. `seq` is the primary key (SQLite's rowid: no index of its own to write).
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { text } = columnTypes(db);
  await db.schema
    .createTable('audit_log')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('id', text, (c) => c.notNull())
    .addColumn('factory_id', text)
    .addColumn('at', text, (c) => c.notNull())
    .addColumn('actor_type', text, (c) => c.notNull())
    .addColumn('actor_id', text)
    .addColumn('actor_name', text)
    .addColumn('action', text, (c) => c.notNull())
    .addColumn('target_type', text, (c) => c.notNull())
    .addColumn('target_id', text)
    .addColumn('request_id', text)
    .addColumn('ip', text)
    .addColumn('changes', text)
    .addColumn('prev_hash', text, (c) => c.notNull())
    .addColumn('hash', text, (c) => c.notNull())
    .execute();
  // Two indexes only: each one more is pages more written, and synced, by every change.
  // The list pages newest first through the first; a record's history through the second;
  // the other filters (actor, action, time) read along the first.
  await db.schema
    .createIndex('audit_log_factory')
    .on('audit_log')
    .columns(['factory_id', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_target')
    .on('audit_log')
    .columns(['factory_id', 'target_id', 'id'])
    .execute();
}
