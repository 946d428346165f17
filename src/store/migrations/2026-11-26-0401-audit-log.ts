import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * The audit trail (DESIGN §17): one row per change by a staff user, an API key, a retailer user or
 * the scheduler, written in the change's own transaction. Rows form one hash chain over the whole
 * database in `seq` order (unique: two writers can never both extend the same row); each `hash`
 * covers the row's content and `prev_hash`. `factory_id` is null for a scheduler run that spans
 * factories. Indexes serve the filters of GET /v1/audit-log, newest first by id.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { text } = columnTypes(db);
  await db.schema
    .createTable('audit_log')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('seq', 'integer', (c) => c.notNull().unique())
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
  for (const [name, column] of [
    ['audit_log_factory', null],
    ['audit_log_actor', 'actor_id'],
    ['audit_log_action', 'action'],
    ['audit_log_target', 'target_id'],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('audit_log')
      .columns(column ? ['factory_id', column, 'id'] : ['factory_id', 'id'])
      .execute();
  }
}
