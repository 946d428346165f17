import type { Transaction } from 'kysely';
import { newId } from '../domain/ids.js';
import type { DB } from '../store/schema.js';

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
  await trx
    .insertInto('events')
    .values({
      id,
      factory_id: input.factoryId,
      type: input.type,
      data: JSON.stringify(input.data),
      created_at: at,
    })
    .execute();

  const endpoints = await trx
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('factory_id', '=', input.factoryId)
    .where('enabled', '=', 1)
    .execute();
  const subscribed = endpoints.filter((e) =>
    subscribes(JSON.parse(e.events) as string[], input.type),
  );
  if (subscribed.length > 0) {
    await trx
      .insertInto('webhook_deliveries')
      .values(
        subscribed.map((e) => ({
          id: newId('delivery', input.now),
          factory_id: input.factoryId,
          endpoint_id: e.id,
          event_id: id,
          event_type: input.type,
          status: 'pending' as const,
          attempts: 0,
          next_attempt_at: at,
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
  }
  return id;
}
