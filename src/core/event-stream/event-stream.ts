import { RETAILER_EVENT_TYPES } from '../../domain/event-order.js';
import { factoryEventsAfter, resumePointOf } from '../../store/events/event-stream.repository.js';
import type { CoreContext } from '../context.js';
import {
  audienceSees,
  resolveRetailers,
  toFeedEvent,
  type FeedClient,
  type FeedEvent,
  type StreamAudience,
} from './event-feed.js';

/** Where a stream's events go: the HTTP response, for the route. */
export interface StreamSink {
  /**
   * Writes one event. A promise means "wait before writing more": the client has that much
   * unread. The stream then writes nothing until it settles and reads what came meanwhile from
   * the table, so a client's memory stays bounded; the sink cuts a client that stays stalled.
   */
  write(event: FeedEvent): void | Promise<void>;
  /** The stream ended on the server's side (an error, the process stopping). */
  end(): void;
}

/** Events read from the table per page while catching up. */
const CATCH_UP_PAGE = 200;
/** Live events held while catching up before the held ones are dropped and read again. */
const MAX_HELD = 2_000;

/**
 * One client's stream: it catches up from the table from its resume point, then follows the
 * feed. Each event is written once, in `seq` order: the table and the feed may both hand over an
 * event, and whatever is at or before `lastSeq` is skipped.
 */
export class EventStream implements FeedClient {
  readonly audience: StreamAudience;
  /** The position of the last event this client has been handed (written or filtered out). */
  lastSeq: number;
  #state: 'catching_up' | 'live' | 'closed' = 'catching_up';
  #held: FeedEvent[] = [];
  #overflow = false;
  readonly #sink: StreamSink;
  readonly #ctx: CoreContext;

  constructor(ctx: CoreContext, audience: StreamAudience, fromSeq: number, sink: StreamSink) {
    this.#ctx = ctx;
    this.audience = audience;
    this.lastSeq = fromSeq;
    this.#sink = sink;
  }

  get live(): boolean {
    return this.#state === 'live';
  }

  push(event: FeedEvent): void {
    if (this.#state === 'closed' || event.seq <= this.lastSeq) return;
    if (this.#state === 'catching_up') {
      if (this.#held.length < MAX_HELD) this.#held.push(event);
      else this.#overflow = true;
      return;
    }
    const wait = this.#hand(event);
    if (wait) {
      // Behind: hold nothing more in its buffer; read from the table once it has drained.
      this.#state = 'catching_up';
      void wait.then(() => this.catchUp()).catch(() => this.close());
    }
  }

  /** Ends the stream on the server's side. */
  close(): void {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    this.#ctx.eventFeed.remove(this);
    this.#held = [];
    this.#sink.end();
  }

  /** The client went away: forget it, write nothing more. */
  detach(): void {
    this.#state = 'closed';
    this.#ctx.eventFeed.remove(this);
    this.#held = [];
  }

  /** Reads what the client missed from the table, then goes live. */
  async catchUp(): Promise<void> {
    if (this.#state !== 'catching_up') return;
    const { factoryId, retailerId } = this.audience;
    const types = retailerId
      ? [...RETAILER_EVENT_TYPES].filter((t) => !this.audience.types || this.audience.types.has(t))
      : this.audience.types && [...this.audience.types];
    for (;;) {
      const rows = await factoryEventsAfter(this.#ctx.db, {
        factoryId,
        afterSeq: this.lastSeq,
        types,
        limit: CATCH_UP_PAGE,
      });
      const events = rows.map(toFeedEvent);
      if (retailerId) await resolveRetailers(this.#ctx.db, events);
      for (const event of events) {
        if (this.#state !== 'catching_up') return;
        if (event.seq <= this.lastSeq) continue;
        const wait = this.#hand(event);
        if (wait) await wait;
      }
      if (this.#state !== 'catching_up') return;
      if (rows.length === CATCH_UP_PAGE) continue;
      if (this.#overflow) {
        // More arrived while catching up than is held: it is all in the table; read on.
        this.#overflow = false;
        this.#held = [];
        continue;
      }
      // Synchronously from here: nothing the feed hands over can come between.
      const held = this.#held;
      this.#held = [];
      this.#state = 'live';
      for (const event of held) {
        if (this.#state === 'live') this.push(event);
        else if (event.seq > this.lastSeq) this.#held.push(event);
      }
      return;
    }
  }

  #hand(event: FeedEvent): void | Promise<void> {
    this.lastSeq = event.seq;
    if (!audienceSees(this.audience, event)) return;
    return this.#sink.write(event);
  }
}

/**
 * Opens a stream for `audience`, resumed after the event `lastEventId` when given (DESIGN §16),
 * else from now. The stream is connected to the process's feed before it reads what was missed,
 * so that nothing committed in between is lost; call `catchUp()` next.
 */
export async function openEventStream(
  ctx: CoreContext,
  audience: StreamAudience,
  lastEventId: string | null,
  sink: StreamSink,
): Promise<EventStream> {
  const feed = ctx.eventFeed;
  const now = await feed.position();
  const from = lastEventId
    ? ((await resumePointOf(ctx.db, audience.factoryId, lastEventId)) ?? now)
    : now;
  const stream = new EventStream(ctx, audience, from, sink);
  feed.add(stream);
  return stream;
}
