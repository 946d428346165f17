import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * Webhook delivery and endpoint lifecycle. Frozen: later changes are new migrations.
 *
 * - `webhook_endpoints.deleted_at`: a deleted endpoint is kept (secret wiped, disabled) while
 *   deliveries refer to it, so their history stays listable; housekeeping removes it afterwards.
 * - `webhook_deliveries_next`, `webhook_deliveries_endpoint_next`: the dispatcher's queue. Only
 *   deliveries still to be attempted (pending, retrying) have a `next_attempt_at`, so these hold
 *   exactly the queue: in due order (is anything due, and when next), and per endpoint in due
 *   order (each endpoint's share of a claim). They replace `webhook_deliveries_due`.
 * - `webhook_deliveries_event`: events are deleted once no delivery refers to them, and the
 *   foreign key check on that delete needs it too.
 * - Filters of the deliveries list, newest first.
 * - `orders_stuck_scan`: the stuck recompute reads only the orders whose stored `stuck` is about
 *   to change (not stuck yet and partially dispatched, or produced/in stock before the threshold;
 *   stuck now), so a pass costs what changes, not the size of the table.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('webhook_endpoints')
    .addColumn('deleted_at', columnTypes(db).text)
    .execute();

  await db.schema.dropIndex('webhook_deliveries_due').execute();
  await db.schema
    .createIndex('webhook_deliveries_next')
    .on('webhook_deliveries')
    .column('next_attempt_at')
    .where('next_attempt_at', 'is not', null)
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_next')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'next_attempt_at'])
    .where('next_attempt_at', 'is not', null)
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_event')
    .on('webhook_deliveries')
    .column('event_id')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_factory_status')
    .on('webhook_deliveries')
    .columns(['factory_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_factory_type')
    .on('webhook_deliveries')
    .columns(['factory_id', 'event_type', 'id'])
    .execute();
  await db.schema
    .createIndex('orders_stuck_scan')
    .on('orders')
    .columns(['factory_id', 'stuck', 'status', 'produced_at'])
    .execute();
}
