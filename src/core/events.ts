import type { Transaction } from 'kysely';
import type { EventType } from '../domain/event-types.js';
import { newId } from '../domain/ids.js';
import { insertEvents, type EventRow } from '../store/events/outbox.repository.js';
import type { DB } from '../store/schema.js';
import { insertDeliveries, type DeliveryRow } from '../store/webhooks/deliveries.repository.js';
import {
  enabledEndpointsOf,
  type SubscribedEndpoint,
} from '../store/webhooks/endpoints.repository.js';

// The event types are the domain's (the web app and the CLI read them through src/contract).
export { EVENT_TYPES, isEventType, type EventType } from '../domain/event-types.js';

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
  const [id] = await appendEvents(trx, { ...input, data: [input.data] });
  return id!;
}

/**
 * `appendEvent` for many events of one type at once (the orders of an upload): the endpoints are
 * read once and the rows written in multi-row statements. Returns the events' ids, in order.
 */
export async function appendEvents(
  trx: Transaction<DB>,
  input: {
    factoryId: string;
    type: EventType;
    data: readonly unknown[];
    /** The data already written as JSON, when the caller has it. */
    json?: readonly string[];
    now: Date;
    turn?: () => Promise<void> | undefined;
  },
): Promise<string[]> {
  const { factoryId, type, json, now, turn } = input;
  const events = eventRows({ factoryId, type, data: input.data, now, ...(json ? { json } : {}) });
  await appendEventRows(trx, events, turn);
  return events.map((event) => event.id);
}

/**
 * Writes outbox rows made by `eventRows` (of any types and factories, in order) and a pending
 * delivery of each for every enabled endpoint subscribed to it right now, each factory's
 * endpoints read once: what a group-commit batch appends for all its scans at the end.
 */
export async function appendEventRows(
  trx: Transaction<DB>,
  events: readonly EventRow[],
  turn?: () => Promise<void> | undefined,
): Promise<void> {
  if (events.length === 0) return;
  await insertEvents(trx, events, turn);
  const endpointsOf = new Map<string, readonly SubscribedEndpoint[]>();
  const deliveries: DeliveryRow[] = [];
  for (const event of events) {
    let endpoints = endpointsOf.get(event.factory_id);
    if (!endpoints) {
      endpoints = await enabledEndpointsOf(trx, event.factory_id);
      endpointsOf.set(event.factory_id, endpoints);
    }
    for (const endpoint of endpoints) {
      if (subscribes(endpoint.events, event.type)) {
        deliveries.push(
          deliveryRow(endpoint.id, event.factory_id, event.id, event.type, event.created_at),
        );
      }
    }
  }
  await insertDeliveries(trx, deliveries, turn);
}

/** The outbox rows of events of one type, made at `now` (written by the caller). */
export function eventRows(input: {
  factoryId: string;
  type: EventType;
  data: readonly unknown[];
  /** The data already written as JSON, when the caller has it. */
  json?: readonly string[];
  now: Date;
}): EventRow[] {
  const at = input.now.toISOString();
  const { factoryId, type, json } = input;
  return input.data.map((data, i) => ({
    id: newId('event', input.now),
    factory_id: factoryId,
    type,
    data: json?.[i] ?? JSON.stringify(data),
    created_at: at,
  }));
}

/** A pending delivery of an event to an endpoint, due at once. */
function deliveryRow(
  endpointId: string,
  factoryId: string,
  eventId: string,
  type: string,
  at: string,
): DeliveryRow {
  return {
    id: newId('delivery', new Date(at)),
    factory_id: factoryId,
    endpoint_id: endpointId,
    event_id: eventId,
    event_type: type,
    status: 'pending',
    attempts: 0,
    response_status: null,
    response_ms: null,
    error: null,
    next_attempt_at: at,
    created_at: at,
    updated_at: at,
  };
}

/**
 * A pending delivery of each of these events (of one type, in the outbox in the caller's
 * transaction) for every enabled endpoint subscribed to it right now.
 */
export async function appendDeliveries(
  trx: Transaction<DB>,
  input: {
    factoryId: string;
    type: EventType;
    eventIds: readonly string[];
    now: Date;
    turn?: () => Promise<void> | undefined;
  },
): Promise<void> {
  const at = input.now.toISOString();
  const { factoryId, type } = input;
  const endpoints = (await enabledEndpointsOf(trx, factoryId)).filter((endpoint) =>
    subscribes(endpoint.events, type),
  );
  for (const endpoint of endpoints) {
    const deliveries = input.eventIds.map((eventId) =>
      deliveryRow(endpoint.id, factoryId, eventId, type, at),
    );
    await insertDeliveries(trx, deliveries, input.turn);
  }
}
