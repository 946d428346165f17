import { setMaxListeners } from 'node:events';
import type { CoreContext } from '../../core/context.js';
import { transact } from '../../core/transaction.js';
import {
  recordResults,
  type AttemptOutcome,
  type AttemptResult,
  type ClaimedDelivery,
} from '../../core/webhooks/delivery-queue.js';
import { MINUTE, SECOND } from '../../domain/clock.js';
import { anyDue, nextDueAt } from '../../store/webhooks/delivery-queue.js';
import { CycleScheduler } from './cycle-scheduler.js';
import { EndpointSlots } from './endpoint-slots.js';
import { FairClaimer } from './fair-claim.js';
import { ABORTED, HttpSender } from './http-sender.js';
import type { DispatcherLog, DispatcherOptions, DispatchStats } from './dispatcher-options.js';
import { sendDelivery } from './send-delivery.js';

const silent: DispatcherLog = { warn: () => {}, error: () => {} };

/**
 * Sends webhook deliveries from the outbox, a long-running part of `factoryd serve`. The
 * database is the queue (store/webhooks/delivery-queue.ts): the dispatcher claims due deliveries
 * in small batches, a fair share per endpoint (fair-claim.ts), sends them outside any
 * transaction within bounds in total and per endpoint (endpoint-slots.ts), and records the
 * results; claiming the next batch and recording finished attempts share one short transaction
 * per turn of a cycle (cycle-scheduler.ts), so a busy dispatcher commits many results at once.
 * Nothing about what to send is kept only in memory: a restart picks up every due delivery.
 */
export class WebhookDispatcher {
  readonly #ctx: CoreContext;
  readonly #sender: HttpSender;
  readonly #userAgent: string;
  readonly #maxClaimed: number;
  readonly #wake: boolean;
  readonly #random: () => number;
  readonly #log: DispatcherLog;
  readonly #slots: EndpointSlots;
  readonly #claimer: FairClaimer;
  readonly #cycles: CycleScheduler;

  /** Finished attempts not recorded yet. */
  readonly #results: AttemptResult[] = [];
  /** The last look found nothing more due; cleared by `kick` and by a freed endpoint slot. */
  #exhausted = false;
  /** Counts kicks and freed slots of full endpoints: what makes a look find more. */
  #openings = 0;
  #stopping = false;
  readonly #stop = new AbortController();
  #wakeTimer: NodeJS.Timeout | null = null;
  readonly stats: DispatchStats = { attempts: 0, succeeded: 0, failed: 0 };

  constructor(ctx: CoreContext, options: DispatcherOptions) {
    this.#ctx = ctx;
    this.#userAgent = options.userAgent;
    const maxInFlight = options.maxInFlight ?? 16;
    this.#maxClaimed = options.maxClaimed ?? 64;
    this.#wake = options.wake ?? true;
    this.#random = options.random ?? Math.random;
    this.#log = options.log ?? silent;
    this.#slots = new EndpointSlots({
      maxInFlight,
      maxInFlightPerEndpoint: options.maxInFlightPerEndpoint ?? 4,
      maxClaimedPerEndpoint: options.maxClaimedPerEndpoint ?? 16,
    });
    this.#claimer = new FairClaimer(options.leaseMs ?? 2 * MINUTE);
    this.#cycles = new CycleScheduler(
      () => this.#turn(),
      (err) => {
        // Reading the queue failed (the database is down): look again at the next kick.
        this.#exhausted = true;
        this.#log.error({ err }, 'webhook dispatcher: reading the queue failed');
      },
    );
    // Every attempt in flight listens for the stop; as many as may be in flight at once.
    setMaxListeners(maxInFlight + 1, this.#stop.signal);
    this.#sender = new HttpSender({
      // Several endpoints may share a host; the per-endpoint bound is kept here, not by undici.
      connectionsPerOrigin: maxInFlight,
      connectTimeoutMs: options.connectTimeoutMs ?? 5 * SECOND,
      requestTimeoutMs: options.requestTimeoutMs ?? 15 * SECOND,
    });
  }

  /** Something may be due (new events, a manual retry, a timer): look soon. Never blocks. */
  kick(): void {
    if (this.#stopping) return;
    this.#exhausted = false;
    this.#openings += 1;
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
      if (!this.#cycles.busy && this.#slots.inFlight === 0) this.#schedule();
      await this.#cycles.nextCycle();
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
    for (const delivery of this.#slots.takeAllWaiting()) {
      this.#results.push({ delivery, outcome: ABORTED, at: now });
    }
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
      !this.#cycles.busy &&
      this.#slots.claimed === 0 &&
      this.#results.length === 0 &&
      (this.#exhausted || this.#stopping)
    );
  }

  /** Waits for in-flight attempts to end and every result to be recorded. */
  async #drained(): Promise<void> {
    while (this.#slots.inFlight > 0 || this.#results.length > 0 || this.#cycles.busy) {
      if (this.#results.length > 0) this.#schedule();
      await this.#cycles.nextCycle();
    }
  }

  /**
   * A cycle soon. `gather` (a finished attempt) waits a moment while other attempts are still in
   * flight, so that one commit records several results.
   */
  #schedule(gather = false): void {
    this.#cycles.schedule(gather && !this.#stopping && this.#results.length < this.#slots.inFlight);
  }

  /**
   * One turn of a cycle: records finished attempts and claims more in one short transaction.
   * True while there may be more to do; every turn either records results or claims at least
   * one delivery, so a cycle ends.
   */
  async #turn(): Promise<boolean> {
    const results = this.#results.splice(0);
    const room = this.#stopping || this.#exhausted ? 0 : this.#maxClaimed - this.#slots.claimed;
    if (results.length === 0 && room <= 0) return false;
    const now = this.#ctx.clock.now();
    if (results.length === 0 && !(await anyDue(this.#ctx.db, now.toISOString()))) {
      this.#exhausted = true;
      await this.#armWake(now);
      return false;
    }
    let claimed: ClaimedDelivery[];
    let disabled: string[] = [];
    try {
      claimed = await transact(this.#ctx, async (tx) => {
        if (results.length > 0) {
          disabled = (await recordResults(tx.trx, results, this.#random)).disabledEndpoints;
        }
        if (room <= 0) return [];
        // A slot freed (or a kick) while the claim looks makes its "nothing more" stale.
        const openings = this.#openings;
        return this.#claimer.claim(tx.trx, tx.now, room, this.#slots, () => {
          if (this.#openings === openings) this.#exhausted = true;
        });
      });
    } catch (err) {
      // The database refused (busy, disk full): keep the results for the next turn.
      this.#results.unshift(...results);
      this.#exhausted = true;
      this.#log.error({ err }, 'webhook dispatcher: recording or claiming failed');
      return false;
    }
    for (const id of disabled) this.#slots.dropWaiting(id);
    for (const delivery of claimed) {
      // Claimed while stopping: hand it straight back.
      if (this.#stopping) this.#results.push({ delivery, outcome: ABORTED, at: now });
      else this.#slots.add(delivery);
    }
    this.#startSends();
    if (this.#exhausted) await this.#armWake(now);
    return true;
  }

  #startSends(): void {
    if (this.#stopping) return;
    for (const delivery of this.#slots.startNow()) {
      this.#attempt(delivery).catch((err: unknown) => {
        // #attempt catches what sending throws; this is a defect of the dispatcher itself.
        this.#log.error({ err, delivery_id: delivery.id }, 'webhook dispatcher: attempt lost');
      });
    }
  }

  async #attempt(delivery: ClaimedDelivery): Promise<void> {
    let outcome: AttemptOutcome;
    try {
      outcome = await sendDelivery(this.#sender, delivery, {
        userAgent: this.#userAgent,
        now: this.#ctx.clock.now(),
        signal: this.#stop.signal,
      });
    } catch (err) {
      this.#log.error(
        { err, delivery_id: delivery.id },
        'webhook dispatcher: attempt failed unexpectedly',
      );
      outcome = { kind: 'failed', responseStatus: null, responseMs: null, error: 'internal error' };
    }
    const wasFull = this.#slots.finish(delivery);
    if (outcome.kind !== 'aborted') {
      this.stats.attempts += 1;
      if (outcome.kind === 'succeeded') this.stats.succeeded += 1;
      else this.stats.failed += 1;
      this.#ctx.figures.deliveryAttempts.inc(outcome.kind);
    }
    this.#results.push({ delivery, outcome, at: this.#ctx.clock.now() });
    // A slot of an endpoint that had enough claimed frees: its further due deliveries may go.
    if (wasFull) {
      this.#exhausted = false;
      this.#openings += 1;
    }
    this.#startSends();
    this.#schedule(true);
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
