import type { Transaction } from 'kysely';
import { newId } from '../domain/ids.js';
import { PreparedQuery, type Param } from '../store/prepared-query.js';
import type { DB, WebhookDeliveryTable } from '../store/schema.js';

/** Every event type a webhook endpoint can subscribe to (DESIGN §6). */
export const EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'order.stuck',
  'order.cancelled',
  'scan.recorded',
  'label.voided',
  'return.created',
  'return.restocked',
  'return.written_off',
  'station.paired',
  'station.hardware_checked',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/** True when an endpoint's `events` list (["*"] or types) includes `type`. */
export function subscribes(endpointEvents: readonly string[], type: string): boolean {
  return endpointEvents.includes('*') || endpointEvents.includes(type);
}

// Every scan appends an event: its statements are prepared once.

const insertEvent = new PreparedQuery(
  (db, p: Param<{ id: string; factoryId: string; type: string; data: string; at: string }>) =>
    db.insertInto('events').values({
      id: p('id'),
      factory_id: p('factoryId'),
      type: p('type'),
      data: p('data'),
      created_at: p('at'),
    }),
);

const enabledEndpoints = new PreparedQuery((db, p: Param<{ factoryId: string }>) =>
  db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('factory_id', '=', p('factoryId'))
    .where('enabled', '=', 1),
);

type NewDelivery = Pick<
  WebhookDeliveryTable,
  'id' | 'factory_id' | 'endpoint_id' | 'event_id' | 'event_type'
> & { at: string };

const insertDelivery = new PreparedQuery((db, p: Param<NewDelivery>) =>
  db.insertInto('webhook_deliveries').values({
    id: p('id'),
    factory_id: p('factory_id'),
    endpoint_id: p('endpoint_id'),
    event_id: p('event_id'),
    event_type: p('event_type'),
    status: 'pending',
    attempts: 0,
    next_attempt_at: p('at'),
    created_at: p('at'),
    updated_at: p('at'),
  }),
);

/**
 * Appends an event to the outbox inside the caller's transaction, and a pending delivery for
 * every enabled endpoint subscribed right now: the event exists if and only if the change it
 * describes committed, and the endpoints are the ones subscribed at that moment.
 */
export async function appendEvent(
  trx: Transaction<DB>,
  input: { factoryId: string; type: EventType; data: unknown; now: Date },
): Promise<string> {
  const at = input.now.toISOString();
  const id = newId('event', input.now);
  const { factoryId, type } = input;
  await insertEvent.execute(trx, { id, factoryId, type, data: JSON.stringify(input.data), at });

  for (const endpoint of await enabledEndpoints.all(trx, { factoryId })) {
    if (!subscribes(JSON.parse(endpoint.events) as string[], type)) continue;
    await insertDelivery.execute(trx, {
      id: newId('delivery', input.now),
      factory_id: factoryId,
      endpoint_id: endpoint.id,
      event_id: id,
      event_type: type,
      at,
    });
  }
  return id;
}
