import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * Operators (DESIGN §17): people at stations, each with a badge (`OP 000001`, unique per
 * factory) and a language. A station keeps who signed in at it (`operator_id`, since when:
 * `operator_since`); each scan keeps the operator it was made by. `settings.operator_idle_minutes`:
 * no scan for that long signs the station's operator out (null: never).
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { text } = columnTypes(db);
  await db.schema
    .createTable('operators')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('badge', text, (c) => c.notNull())
    .addColumn('language', text, (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operators_badge')
    .on('operators')
    .columns(['factory_id', 'badge'])
    .unique()
    .execute();
  await db.schema
    .createIndex('operators_factory')
    .on('operators')
    .columns(['factory_id', 'id'])
    .execute();
  await db.schema.alterTable('stations').addColumn('operator_id', text).execute();
  await db.schema.alterTable('stations').addColumn('operator_since', text).execute();
  await db.schema.alterTable('scans').addColumn('operator_id', text).execute();
  await db.schema.alterTable('settings').addColumn('operator_idle_minutes', 'integer').execute();
}
