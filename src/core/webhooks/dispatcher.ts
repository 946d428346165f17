import { setMaxListeners } from 'node:events';
import type { Transaction } from 'kysely';
import { MINUTE, SECOND } from '../../domain/clock.js';
import type { DB } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';
import {
  anyDue,
  endpointsWithDue,
  lease,
  nextDueAt,
  recordResults,
  selectDue,
  type AttemptResult,
  type ClaimedDelivery,
} from './delivery-queue.js';
import { isHostAllowed } from './endpoint-url.js';
import { HttpSender, type AttemptOutcome } from './http-sender.js';
import { deliveryBody, signDelivery } from './signature.js';

export interface DispatcherLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DispatcherOptions {
  /** `user-agent` of every request, e.g. `factoryd-webhooks/1.2.0`. */
  userAgent: string;
  /** Requests in flight at once, all endpoints together. */
  maxInFlight?: number;
  /** Requests in flight at once to one endpoint. */
  maxInFlightPerEndpoint?: number;
  /** Deliveries claimed ahead (in flight or waiting for a slot), all endpoints together. */
  maxClaimed?: number;
  /** Deliveries claimed ahead for one endpoint. */
  maxClaimedPerEndpoint?: number;
  /** How long a claimed delivery is kept from being claimed again. */
  leaseMs?: number;
  connectTimeoutMs?: number;
  /** A 2xx must arrive within this. */
  requestTimeoutMs?: number;
  /** Wake up by itself when the next delivery falls due (off for tests driving a manual clock). */
  wake?: boolean;
  /** [0, 1), for retry jitter. */
  random?: () => number;
  log?: DispatcherLog;
}

export interface DispatchStats {
  attempts: number;
  succeeded: number;
  failed: number;
}

/** How long a finished attempt waits for others before its result is recorded. */
const GATHER_MS = 3;

const silent: DispatcherLog = { warn: () => {}, error: () => {} };

/**
 * Sends webhook deliveries from the outbox. The database is the queue (see delivery-queue.ts):
 * the dispatcher claims due deliveries in small batches, sends them outside any transaction with
 * bounded concurrency (in total and per endpoint) and records the results; claiming the next
 * batch and recording finished attempts share one short transaction, so a busy dispatcher
 * commits many results at once. Nothing about what to send is kept only in memory: a restart
 * picks up every due delivery from the database.
 */
export class WebhookDispatcher {
  readonly #ctx: CoreContext;
  readonly #sender: HttpSender;
  readonly #userAgent: string;
  readonly #maxInFlight: number;
  readonly #maxInFlightPerEndpoint: number;
  readonly #maxClaimed: number;
  readonly #maxClaimedPerEndpoint: number;
  readonly #leaseMs: number;
  readonly #wake: boolean;
  readonly #random: () => number;
  readonly #log: DispatcherLog;

  /** Claimed, not started yet, per endpoint (insertion order gives a fair turn). */
  readonly #waiting = new Map<string, ClaimedDelivery[]>();
  /** Claimed deliveries (waiting or in flight) by id, and counts per endpoint. */
  readonly #claimed = new Set<string>();
  readonly #claimedPerEndpoint = new Map<string, number>();
  readonly #inFlightPerEndpoint = new Map<string, number>();
  #inFlight = 0;
  readonly #results: AttemptResult[] = [];

  #cycle: Promise<void> | null = null;
  #again = false;
  /** The last look found nothing more due; cleared by `kick` and by a freed endpoint slot. */
  #exhausted = false;
  #scheduled = false;
  #stopping = false;
  readonly #stop = new AbortController();
  #wakeTimer: NodeJS.Timeout | null = null;
  #gatherTimer: NodeJS.Timeout | null = null;
  /** Which endpoint picks first at the next claim. */
  #turn = 0;
  #turnWaiters: Array<() => void> = [];
  readonly stats: DispatchStats = { attempts: 0, succeeded: 0, failed: 0 };

  constructor(ctx: CoreContext, options: DispatcherOptions) {
    this.#ctx = ctx;
    this.#userAgent = options.userAgent;
    this.#maxInFlight = options.maxInFlight ?? 16;
    this.#maxInFlightPerEndpoint = options.maxInFlightPerEndpoint ?? 4;
    this.#maxClaimed = options.maxClaimed ?? 64;
    this.#maxClaimedPerEndpoint = options.maxClaimedPerEndpoint ?? 16;
    this.#leaseMs = options.leaseMs ?? 2 * MINUTE;
    this.#wake = options.wake ?? true;
    this.#random = options.random ?? Math.random;
    this.#log = options.log ?? silent;
    // Every attempt in flight listens for the stop; as many as may be in flight at once.
    setMaxListeners(this.#maxInFlight + 1, this.#stop.signal);
    this.#sender = new HttpSender({
      // Several endpoints may share a host; the per-endpoint bound is kept here, not by undici.
      connectionsPerOrigin: this.#maxInFlight,
      connectTimeoutMs: options.connectTimeoutMs ?? 5 * SECOND,
      requestTimeoutMs: options.requestTimeoutMs ?? 15 * SECOND,
    });
  }

  /** Something may be due (new events, a manual retry, a timer): look soon. Never blocks. */
  kick(): void {
    if (this.#stopping) return;
    this.#exhausted = false;
    this.#schedule();
  }

  /**
   * Sends everything due now and resolves once every attempt started has been recorded and
   * nothing more is due. For the scheduler's periodic pass and for tests with a manual clock.
   */
  async runDue(): Promise<DispatchStats> {
    const before = { ...this.stats };
    this.kick();
    await this.whenIdle();
    return {
      attempts: this.stats.attempts - before.attempts,
      succeeded: this.stats.succeeded - before.succeeded,
      failed: this.stats.failed - before.failed,
    };
  }

  /** Resolves when nothing is in flight, waiting, unrecorded or known to be due. */
  async whenIdle(): Promise<void> {
    while (!this.#isIdle()) {
      if (!this.#cycle && !this.#scheduled && this.#inFlight === 0) this.#schedule();
      await this.#nextTurn();
    }
  }

  /**
   * Stops claiming; waits up to `graceMs` for attempts in flight, then aborts the rest. Claimed
   * deliveries not sent (or aborted) become due again at once, for the next start.
   */
  async stop(graceMs = 5 * SECOND): Promise<void> {
    if (this.#stopping) return;
    this.#stopping = true;
    if (this.#wakeTimer) clearTimeout(this.#wakeTimer);
    const now = this.#ctx.clock.now();
    for (const list of this.#waiting.values()) {
      for (const delivery of list) {
        this.#release(delivery);
        this.#results.push({ delivery, outcome: ABORTED, at: now });
      }
    }
    this.#waiting.clear();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.#drained(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, graceMs);
      }),
    ]);
    clearTimeout(timer);
    this.#stop.abort();
    await this.#drained();
    await this.#sender.close();
  }

  #isIdle(): boolean {
    return (
      this.#cycle === null &&
      !this.#scheduled &&
      this.#claimed.size === 0 &&
      this.#results.length === 0 &&
      (this.#exhausted || this.#stopping)
    );
  }

  /** Waits for in-flight attempts to end and every result to be recorded. */
  async #drained(): Promise<void> {
    while (this.#inFlight > 0 || this.#results.length > 0 || this.#cycle || this.#scheduled) {
      if (this.#results.length > 0) this.#schedule();
      await this.#nextTurn();
    }
  }

  /** Resolves at the end of the next cycle. */
  #nextTurn(): Promise<void> {
    return new Promise((resolve) => this.#turnWaiters.push(resolve));
  }

  #notify(): void {
    const waiters = this.#turnWaiters;
    this.#turnWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /**
   * Runs a cycle soon. `gather` (a finished attempt) waits a moment while other attempts are
   * still in flight, so one commit records several results: commits are the dispatcher's main
   * cost (synchronous=FULL), and results keep arriving while one is written.
   */
  #schedule(gather = false): void {
    if (this.#cycle) {
      this.#again = true;
      return;
    }
    const wait = gather && !this.#stopping && this.#results.length < this.#inFlight;
    if (this.#scheduled) {
      if (wait || !this.#gatherTimer) return;
      clearTimeout(this.#gatherTimer); // something more urgent than gathering: go now
    }
    this.#scheduled = true;
    const run = () => {
      this.#gatherTimer = null;
      this.#scheduled = false;
      this.#cycle = this.#runCycles().finally(() => {
        this.#cycle = null;
        if (this.#again) {
          this.#again = false;
          this.#schedule();
        }
        this.#notify();
      });
    };
    if (wait) this.#gatherTimer = setTimeout(run, GATHER_MS);
    else {
      this.#gatherTimer = null;
      // Coalesce: every kick of this turn of the event loop shares one cycle.
      setImmediate(run);
    }
  }

  /**
   * Records finished attempts and claims more, one short transaction per turn, until there is
   * nothing to record and nothing more to claim. Every turn either records results or claims at
   * least one delivery, so it ends.
   */
  async #runCycles(): Promise<void> {
    for (;;) {
      this.#again = false;
      const results = this.#results.splice(0);
      const room = this.#stopping || this.#exhausted ? 0 : this.#maxClaimed - this.#claimed.size;
      if (results.length === 0 && room <= 0) return;
      const now = this.#ctx.clock.now();
      if (results.length === 0 && !(await anyDue(this.#ctx.db, now.toISOString()))) {
        this.#exhausted = true;
        await this.#armWake(now);
        return;
      }
      let claimed: ClaimedDelivery[];
      let disabled: string[] = [];
      try {
        claimed = await transact(this.#ctx, async (tx) => {
          if (results.length > 0) {
            disabled = (await recordResults(tx.trx, results, this.#random)).disabledEndpoints;
          }
          return room > 0 ? this.#claim(tx.trx, tx.now, room) : [];
        });
      } catch (err) {
        // The database refused (busy, disk full): keep the results for the next turn.
        this.#results.unshift(...results);
        this.#exhausted = true;
        this.#log.error({ err }, 'webhook dispatcher: recording or claiming failed');
        return;
      }
      for (const id of disabled) this.#dropWaiting(id);
      for (const delivery of claimed) {
        // Claimed while stopping: hand it straight back.
        if (this.#stopping) this.#results.push({ delivery, outcome: ABORTED, at: now });
        else this.#enqueue(delivery);
      }
      this.#startSends();
      if (this.#exhausted) await this.#armWake(now);
    }
  }

  /**
   * Takes up to `limit` due deliveries, a fair share per endpoint (each endpoint up to its own
   * limit, the first pick rotating between endpoints), and leases them.
   */
  async #claim(trx: Transaction<DB>, now: Date, limit: number): Promise<ClaimedDelivery[]> {
    const nowIso = now.toISOString();
    const endpoints = await endpointsWithDue(trx, nowIso);
    const first = endpoints.length > 0 ? this.#turn++ % endpoints.length : 0;
    const kept: ClaimedDelivery[] = [];
    for (let i = 0; i < endpoints.length && kept.length < limit; i++) {
      const endpointId = endpoints[(first + i) % endpoints.length]!;
      const room = this.#maxClaimedPerEndpoint - (this.#claimedPerEndpoint.get(endpointId) ?? 0);
      if (room <= 0) continue; // its next completion looks again
      const rows = await selectDue(trx, {
        endpointId,
        nowIso,
        limit: Math.min(room, limit - kept.length),
      });
      // Already ours: its lease ran out while it waited for a slot.
      for (const row of rows) if (!this.#claimed.has(row.id)) kept.push(row);
    }
    // Room left over: nothing more to take until something changes — a kick, or a slot of an
    // endpoint that had all it may claim. Looking again before that would only cost a transaction.
    if (kept.length < limit) this.#exhausted = true;
    if (kept.length > 0) {
      const until = new Date(now.getTime() + this.#leaseMs).toISOString();
      await lease(
        trx,
        kept.map((d) => d.id),
        until,
      );
    }
    return kept;
  }

  #enqueue(delivery: ClaimedDelivery): void {
    this.#claimed.add(delivery.id);
    this.#claimedPerEndpoint.set(
      delivery.endpointId,
      (this.#claimedPerEndpoint.get(delivery.endpointId) ?? 0) + 1,
    );
    const list = this.#waiting.get(delivery.endpointId);
    if (list) list.push(delivery);
    else this.#waiting.set(delivery.endpointId, [delivery]);
  }

  /** An endpoint was disabled: its waiting deliveries were failed in the database; forget them. */
  #dropWaiting(endpointId: string): void {
    const list = this.#waiting.get(endpointId);
    if (!list) return;
    this.#waiting.delete(endpointId);
    for (const d of list) this.#release(d);
  }

  #release(delivery: ClaimedDelivery): void {
    this.#claimed.delete(delivery.id);
    const n = (this.#claimedPerEndpoint.get(delivery.endpointId) ?? 1) - 1;
    if (n > 0) this.#claimedPerEndpoint.set(delivery.endpointId, n);
    else this.#claimedPerEndpoint.delete(delivery.endpointId);
  }

  #startSends(): void {
    if (this.#stopping) return;
    let progressed = true;
    while (progressed && this.#inFlight < this.#maxInFlight) {
      progressed = false;
      for (const [endpointId, list] of this.#waiting) {
        if (this.#inFlight >= this.#maxInFlight) break;
        const busy = this.#inFlightPerEndpoint.get(endpointId) ?? 0;
        if (busy >= this.#maxInFlightPerEndpoint) continue;
        const delivery = list.shift()!;
        if (list.length === 0) this.#waiting.delete(endpointId);
        this.#inFlight += 1;
        this.#inFlightPerEndpoint.set(endpointId, busy + 1);
        progressed = true;
        void this.#attempt(delivery);
      }
    }
  }

  async #attempt(delivery: ClaimedDelivery): Promise<void> {
    let outcome: AttemptOutcome;
    try {
      outcome = await this.#send(delivery);
    } catch (err) {
      this.#log.error(
        { err, delivery_id: delivery.id },
        'webhook dispatcher: attempt failed unexpectedly',
      );
      outcome = { kind: 'failed', responseStatus: null, responseMs: null, error: 'internal error' };
    }
    this.#inFlight -= 1;
    const busy = (this.#inFlightPerEndpoint.get(delivery.endpointId) ?? 1) - 1;
    if (busy > 0) this.#inFlightPerEndpoint.set(delivery.endpointId, busy);
    else this.#inFlightPerEndpoint.delete(delivery.endpointId);
    const wasFull =
      (this.#claimedPerEndpoint.get(delivery.endpointId) ?? 0) >= this.#maxClaimedPerEndpoint;
    this.#release(delivery);
    if (outcome.kind !== 'aborted') {
      this.stats.attempts += 1;
      if (outcome.kind === 'succeeded') this.stats.succeeded += 1;
      else this.stats.failed += 1;
    }
    this.#results.push({ delivery, outcome, at: this.#ctx.clock.now() });
    // A slot of an endpoint that had enough claimed frees: its further due deliveries may go.
    if (wasFull) this.#exhausted = false;
    this.#startSends();
    this.#schedule(true);
  }

  async #send(delivery: ClaimedDelivery): Promise<AttemptOutcome> {
    let url: URL;
    try {
      url = new URL(delivery.url);
    } catch {
      return { kind: 'failed', responseStatus: null, responseMs: null, error: 'invalid url' };
    }
    // The allowed hosts are checked again at each attempt: the setting may have been tightened.
    if (!isHostAllowed(url, delivery.allowedHosts)) {
      return {
        kind: 'failed',
        responseStatus: null,
        responseMs: null,
        error: 'host not in webhook_allowed_hosts',
      };
    }
    const body = deliveryBody(delivery.eventType, delivery.eventCreatedAt, delivery.data);
    const timestamp = Math.floor(this.#ctx.clock.now().getTime() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': this.#userAgent,
      'webhook-id': delivery.eventId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signDelivery(delivery.secret, delivery.eventId, timestamp, body),
    };
    return this.#sender.post(delivery.url, headers, body, this.#stop.signal);
  }

  /** Sets a timer for the next delivery to fall due, so a 5 s retry happens after 5 s. */
  async #armWake(now: Date): Promise<void> {
    if (!this.#wake || this.#stopping) return;
    const next = await nextDueAt(this.#ctx.db);
    if (this.#wakeTimer) clearTimeout(this.#wakeTimer);
    this.#wakeTimer = null;
    if (next === null) return;
    const delay = Math.min(Math.max(Date.parse(next) - now.getTime(), 50), MINUTE);
    this.#wakeTimer = setTimeout(() => {
      this.#wakeTimer = null;
      this.kick();
    }, delay);
    this.#wakeTimer.unref();
  }
}

const ABORTED: AttemptOutcome = {
  kind: 'aborted',
  responseStatus: null,
  responseMs: null,
  error: null,
};
