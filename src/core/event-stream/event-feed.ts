import { eventOrderRef, RETAILER_EVENT_TYPES } from '../../domain/event-order.js';
import type { Db } from '../../store/database.js';
import {
  eventsAfter,
  lastEventSeq,
  type StreamEventRow,
} from '../../store/events/event-stream.repository.js';
import { retailersOfOrders } from '../../store/orders/order-retailers.js';

/**
 * The process's one reader of new events for its stream clients (DESIGN §16). It reads the event
 * table in `seq` order once for all of them, whenever a use case of this process commits events
 * (`wake`) and every `pollMs` while any client is connected (events committed by another
 * factoryd on the same PostgreSQL, or by a job), and hands each event to the clients of its
 * factory. Nothing is read while no client listens.
 */
export class EventFeed {
  readonly #db: Db;
  readonly #pollMs: number;
  readonly #clients = new Set<FeedClient>();
  #cursor: number | null = null;
  #pumping: Promise<void> | null = null;
  #again = false;
  #timer: NodeJS.Timeout | null = null;
  #onError: (err: unknown) => void = () => {};

  constructor(db: Db, options: { pollMs?: number } = {}) {
    this.#db = db;
    this.#pollMs = options.pollMs ?? 250;
  }

  /** Where errors of the background reads go (the daemon logs them). */
  set onError(handler: (err: unknown) => void) {
    this.#onError = handler;
  }

  /** How many clients are connected. */
  get clients(): number {
    return this.#clients.size;
  }

  /** The position of the last event the feed has read (read from the table on first use). */
  async position(): Promise<number> {
    if (this.#cursor === null) {
      const seq = await lastEventSeq(this.#db);
      this.#cursor ??= seq;
    }
    return this.#cursor;
  }

  /** New events were committed: read them now (when anyone listens). */
  wake(): void {
    if (this.#clients.size === 0) return;
    if (this.#pumping) {
      this.#again = true;
      return;
    }
    this.#pumping = this.#pump()
      .catch((err: unknown) => this.#onError(err))
      .finally(() => {
        this.#pumping = null;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  /** Adds a client; it is handed every event the feed reads from now on, until removed. */
  add(client: FeedClient): void {
    this.#clients.add(client);
    if (!this.#timer) {
      this.#timer = setInterval(() => this.wake(), this.#pollMs);
      this.#timer.unref();
    }
  }

  remove(client: FeedClient): void {
    this.#clients.delete(client);
    if (this.#clients.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = null;
    }
  }

  /** Stops polling and forgets every client (the process is stopping). */
  close(): void {
    for (const client of this.#clients) client.close();
    this.#clients.clear();
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  async #pump(): Promise<void> {
    const PAGE = 500;
    let from = await this.position();
    for (;;) {
      const rows = await eventsAfter(this.#db, from, PAGE);
      if (rows.length === 0) return;
      const events = rows.map(toFeedEvent);
      const retailersListen = [...this.#clients].some((c) => c.audience.retailerId !== null);
      if (retailersListen) await resolveRetailers(this.#db, events);
      from = events[events.length - 1]!.seq;
      this.#cursor = from;
      for (const event of events) {
        for (const client of this.#clients) {
          if (client.audience.factoryId === event.factoryId) client.push(event);
        }
      }
      if (rows.length < PAGE) return;
    }
  }
}

/** One event as the stream hands it on; the frame it is written as is kept with it. */
export interface FeedEvent {
  seq: number;
  id: string;
  factoryId: string;
  type: string;
  /** The event's data as stored (JSON text), as a webhook carries it. */
  data: string;
  createdAt: string;
  /** The retailer whose order the event is about, once resolved (null: none). */
  retailerId?: string | null;
  /** For a retailer's stream: what it may see of the event (null: nothing). */
  retailerData?: string | null;
  /** Written frames by audience kind, made once for every client. */
  frames?: { staff?: string; retailer?: string };
}

/** Who a stream is for: one factory, maybe one retailer of it, maybe some types only. */
export interface StreamAudience {
  factoryId: string;
  /** A retailer session's retailer: only its own orders' events, in the portal's words. */
  retailerId: string | null;
  types: ReadonlySet<string> | null;
}

/** A connected client as the feed sees it. */
export interface FeedClient {
  readonly audience: StreamAudience;
  push(event: FeedEvent): void;
  close(): void;
}

export function toFeedEvent(row: StreamEventRow): FeedEvent {
  return {
    seq: Number(row.seq),
    id: row.id,
    factoryId: row.factory_id,
    type: row.type,
    data: row.data,
    createdAt: row.created_at,
  };
}

/**
 * Sets `retailerId` and `retailerData` of the events a retailer may be shown: the data names the
 * order's retailer, or the order is looked up (one query per factory for the page).
 */
export async function resolveRetailers(db: Db, events: readonly FeedEvent[]): Promise<void> {
  const lookups = new Map<string, Map<string, FeedEvent[]>>();
  for (const event of events) {
    if (event.retailerId !== undefined) continue;
    event.retailerId = null;
    event.retailerData = null;
    if (!RETAILER_EVENT_TYPES.has(event.type)) continue;
    const data: unknown = JSON.parse(event.data);
    if (event.type === 'scan.recorded' && (data as { accepted?: unknown }).accepted !== true) {
      continue;
    }
    const ref = eventOrderRef(event.type, data);
    if (!ref.orderId) continue;
    event.retailerData = JSON.stringify({
      order_id: ref.orderId,
      order_no: ref.orderNo,
      ...(ref.status ? { status: ref.status } : {}),
    });
    if (ref.retailerId) {
      event.retailerId = ref.retailerId;
      continue;
    }
    const byOrder = lookups.get(event.factoryId) ?? new Map<string, FeedEvent[]>();
    lookups.set(event.factoryId, byOrder);
    byOrder.set(ref.orderId, [...(byOrder.get(ref.orderId) ?? []), event]);
  }
  for (const [factoryId, byOrder] of lookups) {
    const retailers = await retailersOfOrders(db, factoryId, [...byOrder.keys()]);
    for (const [orderId, waiting] of byOrder) {
      for (const event of waiting) event.retailerId = retailers.get(orderId) ?? null;
    }
  }
}

/** Whether a client of this audience is shown the event (retailers: resolved first). */
export function audienceSees(audience: StreamAudience, event: FeedEvent): boolean {
  if (audience.types && !audience.types.has(event.type)) return false;
  if (audience.retailerId === null) return true;
  return event.retailerId === audience.retailerId && event.retailerData != null;
}
