import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * Printers and the durable print queue (DESIGN §14). Frozen: later changes are new migrations.
 *
 * - `printers`: a factory's printers with the state they last reported; `deleted_at` keeps a
 *   deleted printer's row while its jobs' history refers to it.
 * - `print_jobs`: the queue. Jobs print per printer in id order (ids sort by creation time);
 *   `print_jobs_printer_open` holds exactly the jobs still to settle (queued, sending), so the next
 *   one of a printer is one index probe. `claimed_by`/`claimed_at` name the process sending a job
 *   and when it last said it was still at it: a `sending` job nobody keeps alive is interrupted.
 * - `stations.printer_id`: the printer a station prints on.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { text } = columnTypes(db);
  await db.schema
    .createTable('printers')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('language', text, (c) => c.notNull())
    .addColumn('uri', text, (c) => c.notNull())
    .addColumn('dpi', 'integer', (c) => c.notNull())
    .addColumn('label_size', text, (c) => c.notNull())
    .addColumn('state', text, (c) => c.notNull())
    .addColumn('state_reasons', text, (c) => c.notNull())
    .addColumn('last_seen_at', text)
    .addColumn('last_error', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .addColumn('deleted_at', text)
    .execute();
  await db.schema
    .createIndex('printers_factory')
    .on('printers')
    .columns(['factory_id', 'id'])
    .execute();

  await db.schema
    .createTable('print_jobs')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('printer_id', text, (c) => c.notNull().references('printers.id'))
    .addColumn('status', text, (c) => c.notNull())
    .addColumn('source', text, (c) => c.notNull())
    .addColumn('order_id', text)
    .addColumn('pieces', text)
    .addColumn('barcodes', text)
    .addColumn('consignment_id', text)
    .addColumn('document', text)
    .addColumn('content', text)
    .addColumn('station_id', text)
    .addColumn('rule_event', text)
    .addColumn('labels', 'integer', (c) => c.notNull())
    .addColumn('held_reason', text)
    .addColumn('error', text)
    .addColumn('claimed_by', text)
    .addColumn('claimed_at', text)
    .addColumn('printed_at', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('print_jobs_printer_open')
    .on('print_jobs')
    .columns(['printer_id', 'id'])
    .where(sql<boolean>`status in ('queued', 'sending')`)
    .execute();
  await db.schema
    .createIndex('print_jobs_factory')
    .on('print_jobs')
    .columns(['factory_id', 'id'])
    .execute();
  await db.schema
    .createIndex('print_jobs_factory_printer')
    .on('print_jobs')
    .columns(['factory_id', 'printer_id', 'id'])
    .execute();

  await db.schema.alterTable('stations').addColumn('printer_id', text).execute();
  await db.schema.alterTable('settings').addColumn('print_rules', text).execute();
}
