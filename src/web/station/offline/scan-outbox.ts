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

/** A scan on its way: `stored` is its place on the device once written there. */
interface Entry {
  scan: QueuedScan;
  stored?: Promise<number>;
}

/**
 * Every scan is kept on the device (IndexedDB, with its client_scan_id and scanned_at) and sent,
 * oldest first, one at a time; it leaves the device only once the server has answered it. When
 * the server does not answer, the scans wait and are sent again in order: nothing lost, and
 * nothing doubled, because a resend with the same client_scan_id answers the scan recorded the
 * first time.
 *
 * While the server answers, a scan is sent at once and written to the device alongside (the
 * operator's verdict does not wait for the disk); once a send fails, or while the server is known
 * to be away, a scan is on the device's disk before it is shown as queued.
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
   * Sends the scan after those before it, keeping it on the device until answered. Resolves once
   * it is written to the device; rejects when the device could not keep it.
   */
  async submit(scan: QueuedScan): Promise<void> {
    const entry: Entry = { scan };
    if (this.#offline) {
      // The server is away: on the device's disk first, then in line.
      entry.stored = this.#store(scan);
      this.#pending.push(entry);
      const marked = this.#markWaiting([entry]);
      this.#kick();
      await entry.stored;
      await marked;
      return;
    }
    // The server answers: the request leaves first, the device write follows it.
    this.#pending.push(entry);
    this.#kick();
    entry.stored = this.#store(scan);
    await entry.stored;
  }

  #store(scan: QueuedScan): Promise<number> {
    return this.#queue.add(scan).then((kept) => kept.seq!);
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

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  /** Shows scans as waiting on the device, once they are on its disk. */
  async #markWaiting(entries: Entry[]): Promise<void> {
    const fresh = entries.filter((e) => !this.#waiting.has(e.scan.client_scan_id));
    if (fresh.length === 0) return;
    for (const entry of fresh) this.#waiting.add(entry.scan.client_scan_id);
    // A scan the device could not keep has been said so (submit rejects); it is still sent.
    await Promise.allSettled(fresh.map((e) => (e.stored ??= this.#store(e.scan))));
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
