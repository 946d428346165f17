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
  /** Whether the server answered the last attempt. */
  connection(online: boolean): void;
  /** The station's token is no longer valid: the device must be paired again. */
  revoked(error: ApiError): void;
}

/** Waits between attempts while the server does not answer. */
const RETRY_MS = [1000, 2000, 3000];

/**
 * Every scan is written to the device first (IndexedDB, with its client_scan_id and scanned_at),
 * then sent, oldest first, one at a time; it leaves the device only once the server has answered
 * it. When the server does not answer, the scans wait and are sent again in order: nothing lost,
 * and nothing doubled, because a resend with the same client_scan_id answers the scan recorded
 * the first time.
 */
export class ScanOutbox {
  readonly #queue: ScanQueue;
  readonly #stationId: string;
  readonly #send: (scan: QueuedScan) => Promise<SendOutcome>;
  readonly #listener: OutboxListener;
  /** The station's scans on the device, oldest first: this outbox is their only writer. */
  #pending: QueuedScan[] = [];
  /** Scans that have waited through an outage (their answer is news to the operator). */
  readonly #waiting = new Set<string>();
  #draining = false;
  #again = false;
  #offline = false;
  #failures = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;

  constructor(
    queue: ScanQueue,
    stationId: string,
    send: (scan: QueuedScan) => Promise<SendOutcome>,
    listener: OutboxListener,
  ) {
    this.#queue = queue;
    this.#stationId = stationId;
    this.#send = send;
    this.#listener = listener;
  }

  /** Picks up what a previous page left on the device and sends it. */
  async start(): Promise<void> {
    const left = await this.#queue.list(this.#stationId);
    this.#pending = [...left, ...this.#pending];
    if (left.length === 0) return;
    for (const scan of left) this.#waiting.add(scan.client_scan_id);
    this.#listener.queued(left);
    this.#listener.pending(this.#waiting.size);
    this.#kick();
  }

  /** Keeps the scan on the device, then sends it after those before it. */
  async submit(scan: QueuedScan): Promise<QueuedScan> {
    const kept = await this.#queue.add(scan);
    this.#pending.push(kept);
    const marked = this.#offline ? this.#markWaiting([kept]) : undefined;
    this.#kick();
    await marked;
    return kept;
  }

  /** Tries now (the browser says the network is back). */
  retryNow(): void {
    this.#kick();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  /** Shows scans as waiting on the device, once they are on its disk. */
  async #markWaiting(scans: QueuedScan[]): Promise<void> {
    const fresh = scans.filter((s) => !this.#waiting.has(s.client_scan_id));
    if (fresh.length === 0) return;
    for (const scan of fresh) this.#waiting.add(scan.client_scan_id);
    await this.#queue.flush();
    // Some may have been sent while the disk caught up: those have their answer already.
    const still = fresh.filter((s) => this.#waiting.has(s.client_scan_id));
    if (still.length > 0) this.#listener.queued(still);
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

  async #drain(): Promise<void> {
    this.#draining = true;
    this.#again = false;
    try {
      for (;;) {
        const head = this.#pending[0];
        if (!head || this.#stopped) return;
        const outcome = await this.#send(head);
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
            // answers this same scan (client_scan_id), recording nothing new.
            this.#pending.shift();
            const removed = this.#queue.remove(head.seq!);
            const afterOutage = this.#waiting.delete(head.client_scan_id);
            if (this.#offline || this.#failures > 0) this.#listener.connection(true);
            this.#offline = false;
            this.#failures = 0;
            if (afterOutage) this.#listener.pending(this.#waiting.size);
            if (outcome.kind === 'answered') {
              this.#listener.answered(head, outcome.answer, afterOutage);
            } else {
              this.#listener.rejected(head, outcome.error, afterOutage);
            }
            await removed;
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
