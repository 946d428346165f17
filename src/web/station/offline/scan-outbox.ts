import type { ApiError } from '../../shared/api/api-error.js';
import type { ScanAnswer, SendOutcome } from '../station-api.js';
import type { QueuedScan, ScanQueue } from './scan-queue.js';

/** What the outbox tells the screen. */
export interface OutboxListener {
  /** The server recorded the scan; `afterOutage` when it had been waiting on the device. */
  answered(scan: QueuedScan, answer: ScanAnswer, afterOutage: boolean): void;
  /** The server refused the request itself (not a refused scan): it was dropped. */
  rejected(scan: QueuedScan, error: ApiError, afterOutage: boolean): void;
  /** These scans wait on the device until the server answers again. */
  queued(scans: QueuedScan[]): void;
  /** How many scans wait on the device. */
  pending(count: number): void;
  /** Whether the server answered the last attempt (a scan, or a probe while nothing waits). */
  connection(online: boolean): void;
  /** The station's token is no longer valid: the device must be paired again. */
  revoked(error: ApiError): void;
}

/** How the outbox reaches the server. */
export interface OutboxTransport {
  /** Sends one scan; `waited` when it has waited on the device (it then carries `scanned_at`). */
  send(scan: QueuedScan, waited: boolean): Promise<SendOutcome>;
  /** Whether the server answers at all (`/readyz`): the connection when there is nothing to send. */
  probe(): Promise<boolean>;
}

/** Waits between attempts while the server does not answer. */
const RETRY_MS = [1000, 2000, 3000];

/**
 * A scan the server has not answered this long after it was made is written to the device. One
 * answered sooner never is: the server has recorded it, and the write (an IndexedDB transaction,
 * milliseconds of a slow tablet's main thread) would only delay the verdict the operator waits for.
 */
export const KEEP_AFTER_MS = 100;

/** A scan on its way: `stored` is its place on the device once written there. */
interface Entry {
  scan: QueuedScan;
  stored?: Promise<number>;
  /** Writes it to the device if no answer comes first. */
  timer?: ReturnType<typeof setTimeout>;
  /** Settles `submit`: answered, or on the device (or the device could not keep it). */
  settle?: (error?: unknown) => void;
}

/**
 * Every scan is kept on the device (IndexedDB, with its client_scan_id and scanned_at) and sent,
 * oldest first, one at a time; it leaves the device only once the server has answered it. When
 * the server does not answer, the scans wait and are sent again in order: nothing lost, and
 * nothing doubled, because a resend with the same client_scan_id answers the scan recorded the
 * first time.
 *
 * While the server answers, a scan is sent at once and written to the device only if its answer
 * has not come within KEEP_AFTER_MS (nothing but the request runs between the scan and its
 * verdict); once a send fails, or while the server is known to be away, a scan is on the device's
 * disk before it is shown as queued. Scans not answered when the outbox stops (a revoked token,
 * the page going away) are written to the device then.
 */
export class ScanOutbox {
  readonly #queue: ScanQueue;
  readonly #stationId: string;
  readonly #transport: OutboxTransport;
  readonly #listener: OutboxListener;
  /** The station's scans on their way, oldest first: this outbox is their only writer. */
  #pending: Entry[] = [];
  /** Scans that have waited through an outage (their answer is news to the operator). */
  readonly #waiting = new Set<string>();
  #draining = false;
  #again = false;
  #offline = false;
  /** The connection is not known (page start, the browser said the network went): probe it. */
  #unsure = true;
  #failures = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;

  constructor(
    queue: ScanQueue,
    stationId: string,
    transport: OutboxTransport,
    listener: OutboxListener,
  ) {
    this.#queue = queue;
    this.#stationId = stationId;
    this.#transport = transport;
    this.#listener = listener;
  }

  /**
   * Picks up what a previous page left on the device and sends it; with nothing left, finds out
   * whether the server answers (a page reloaded during an outage says so at once).
   */
  async start(): Promise<void> {
    const known = new Set(this.#pending.map((e) => e.scan.client_scan_id));
    const left = (await this.#queue.list(this.#stationId)).filter(
      (s) => !known.has(s.client_scan_id),
    );
    this.#pending = [
      ...left.map((scan) => ({ scan, stored: Promise.resolve(scan.seq!) })),
      ...this.#pending,
    ];
    if (left.length > 0) {
      for (const scan of left) this.#waiting.add(scan.client_scan_id);
      this.#listener.queued(left);
      this.#listener.pending(this.#waiting.size);
    }
    this.#kick();
  }

  /**
   * Sends the scan after those before it, keeping it on the device until answered when the answer
   * is slow to come. Resolves once it is answered or written to the device; rejects when the device
   * could not keep it.
   */
  async submit(scan: QueuedScan): Promise<void> {
    const entry: Entry = { scan };
    const settled = new Promise<void>((resolve, reject) => {
      entry.settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    if (this.#stopped) {
      // Nothing is sent any more (a revoked token): the device keeps it.
      this.#pending.push(entry);
      await this.#keep(entry);
      return;
    }
    if (this.#offline) {
      // The server is away: on the device's disk first, then in line.
      void this.#keep(entry).catch(() => undefined);
      this.#pending.push(entry);
      const marked = this.#markWaiting([entry]);
      this.#kick();
      await settled;
      await marked;
      return;
    }
    // The server answers: the request leaves now; the device keeps the scan if the answer is slow.
    this.#pending.push(entry);
    this.#kick();
    entry.timer = setTimeout(() => void this.#keep(entry), KEEP_AFTER_MS);
    await settled;
  }

  #store(scan: QueuedScan): Promise<number> {
    return this.#queue.add(scan).then((kept) => kept.seq!);
  }

  /** Writes the scan to the device (once); `submit` settles when it is there. */
  #keep(entry: Entry): Promise<number> {
    clearTimeout(entry.timer);
    entry.timer = undefined;
    if (!entry.stored) {
      entry.stored = this.#store(entry.scan);
      entry.stored.then(
        () => entry.settle?.(),
        (error: unknown) => entry.settle?.(error ?? new Error('not kept')),
      );
    }
    return entry.stored;
  }

  /** Every scan not answered yet goes to the device (the page is going away). */
  keepUnanswered(): void {
    for (const entry of this.#pending) void this.#keep(entry).catch(() => undefined);
  }

  /** Tries now (the browser says the network is back). */
  retryNow(): void {
    this.#kick();
  }

  /** The browser says the network went: find out now rather than at the next scan. */
  checkNow(): void {
    this.#unsure = true;
    this.#kick();
  }

  /** Stops sending; what was not answered stays on the device for the next page. */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.keepUnanswered();
  }

  /** Shows scans as waiting on the device, once they are on its disk. */
  async #markWaiting(entries: Entry[]): Promise<void> {
    const fresh = entries.filter((e) => !this.#waiting.has(e.scan.client_scan_id));
    if (fresh.length === 0) return;
    for (const entry of fresh) this.#waiting.add(entry.scan.client_scan_id);
    // A scan the device could not keep has been said so (submit rejects); it is still sent.
    await Promise.allSettled(fresh.map((e) => this.#keep(e)));
    await this.#queue.flush().catch(() => undefined);
    // Some may have been sent while the disk caught up: those have their answer already.
    const still = fresh.filter((e) => this.#waiting.has(e.scan.client_scan_id));
    if (still.length > 0) this.#listener.queued(still.map((e) => e.scan));
    this.#listener.pending(this.#waiting.size);
  }

  #kick(): void {
    if (this.#stopped) return;
    if (this.#draining) {
      this.#again = true;
      return;
    }
    clearTimeout(this.#timer);
    this.#timer = undefined;
    void this.#drain();
  }

  /** The server answered: say so if it had not been. */
  #reached(): void {
    if (this.#offline || this.#unsure || this.#failures > 0) this.#listener.connection(true);
    this.#offline = false;
    this.#unsure = false;
    this.#failures = 0;
  }

  async #drain(): Promise<void> {
    this.#draining = true;
    this.#again = false;
    try {
      for (;;) {
        if (this.#stopped) return;
        const head = this.#pending[0];
        if (!head) {
          if (!this.#offline && !this.#unsure) return;
          const answers = await this.#transport.probe();
          if (this.#stopped) return;
          if (!answers) {
            await this.#wentOffline();
            return;
          }
          this.#reached();
          continue;
        }
        const waited = this.#waiting.has(head.scan.client_scan_id);
        const outcome = await this.#transport.send(head.scan, waited);
        if (this.#stopped) return;
        switch (outcome.kind) {
          case 'unreachable':
            await this.#wentOffline();
            return;
          case 'revoked':
            this.stop();
            this.#listener.revoked(outcome.error);
            return;
          case 'answered':
          case 'rejected': {
            // Shown before it leaves the device: were the page to die in between, the resend
            // answers this same scan (client_scan_id), recording nothing new. A removal that
            // fails leaves the same harmless resend.
            this.#pending.shift();
            clearTimeout(head.timer);
            head.timer = undefined;
            if (!head.stored) head.settle?.();
            void head.stored?.then((seq) => this.#queue.remove(seq)).catch(() => undefined);
            const afterOutage = this.#waiting.delete(head.scan.client_scan_id);
            this.#reached();
            if (afterOutage) this.#listener.pending(this.#waiting.size);
            if (outcome.kind === 'answered') {
              this.#listener.answered(head.scan, outcome.answer, afterOutage);
            } else {
              this.#listener.rejected(head.scan, outcome.error, afterOutage);
            }
          }
        }
      }
    } finally {
      this.#draining = false;
      if (this.#again && this.#timer === undefined && !this.#stopped) this.#kick();
    }
  }

  async #wentOffline(): Promise<void> {
    if (!this.#offline) this.#listener.connection(false);
    this.#offline = true;
    this.#unsure = false;
    await this.#markWaiting([...this.#pending]);
    const wait = RETRY_MS[Math.min(this.#failures, RETRY_MS.length - 1)]!;
    this.#failures += 1;
    this.#again = false;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#kick();
    }, wait);
  }
}
