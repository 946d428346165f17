import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/web/shared/api/api-error.js';
import {
  KEEP_AFTER_MS,
  ScanOutbox,
  type OutboxListener,
  type OutboxTransport,
} from '../../../../src/web/station/offline/scan-outbox.js';
import type { QueuedScan, ScanQueue } from '../../../../src/web/station/offline/scan-queue.js';
import type { ScanAnswer, SendOutcome } from '../../../../src/web/station/station-api.js';

/**
 * The station's outbox without a browser: the device's queue is kept in memory (the IndexedDB
 * queue behind the same interface is driven through Chromium in test/web/station-offline.test.ts),
 * the server is a transport the test switches off and on, and time is vitest's fake clock.
 */

const STATION = 'stn_1';

/** The device's queue, in memory, with the same contract as the IndexedDB one. */
class MemoryQueue implements ScanQueue {
  rows: QueuedScan[] = [];
  #seq = 0;
  /** When set, `add` fails as a full or broken disk would. */
  failAdd = false;
  flushes = 0;
  adds = 0;

  add(scan: QueuedScan): Promise<QueuedScan> {
    this.adds += 1;
    if (this.failAdd) return Promise.reject(new Error('QuotaExceededError'));
    const kept = { ...scan, seq: ++this.#seq };
    this.rows.push(kept);
    return Promise.resolve(kept);
  }
  flush(): Promise<void> {
    this.flushes += 1;
    return Promise.resolve();
  }
  list(stationId: string): Promise<QueuedScan[]> {
    return Promise.resolve(this.rows.filter((s) => s.station_id === stationId));
  }
  others(stationId: string): Promise<QueuedScan[]> {
    return Promise.resolve(this.rows.filter((s) => s.station_id !== stationId));
  }
  remove(seq: number): Promise<void> {
    this.rows = this.rows.filter((s) => s.seq !== seq);
    return Promise.resolve();
  }
  ids(): string[] {
    return this.rows.map((s) => s.client_scan_id);
  }
}

/**
 * A server that records each client_scan_id once, as the real one does: a resend answers the
 * scan recorded the first time. `up` false: every request goes unanswered.
 */
class FakeServer implements OutboxTransport {
  up = true;
  /** Every request that reached the transport, in order, with whether it had waited. */
  sent: { id: string; waited: boolean }[] = [];
  /** Scans recorded, once each. */
  recorded: string[] = [];
  probes = 0;
  /** How long an answer takes (fake time). */
  delayMs = 0;
  /** The answer to give instead of recording (a refused request, a revoked token). */
  refuse: Map<string, SendOutcome> = new Map();

  send(scan: QueuedScan, waited: boolean): Promise<SendOutcome> {
    this.sent.push({ id: scan.client_scan_id, waited });
    if (!this.up) return Promise.resolve({ kind: 'unreachable', error: new Error('timeout') });
    const refused = this.refuse.get(scan.client_scan_id);
    if (refused) return Promise.resolve(refused);
    const answer = { barcode: scan.barcode } as unknown as ScanAnswer;
    const record = (): SendOutcome => {
      if (!this.recorded.includes(scan.client_scan_id)) this.recorded.push(scan.client_scan_id);
      return { kind: 'answered', answer };
    };
    if (this.delayMs === 0) return Promise.resolve(record());
    return new Promise((resolve) => setTimeout(() => resolve(record()), this.delayMs));
  }
  probe(): Promise<boolean> {
    this.probes += 1;
    return Promise.resolve(this.up);
  }
}

/** What the outbox told the screen, as lines a test can compare. */
function recorder() {
  const said: string[] = [];
  const listener: OutboxListener = {
    answered: (scan, _answer, afterOutage) =>
      said.push(`answered ${scan.client_scan_id}${afterOutage ? ' after outage' : ''}`),
    rejected: (scan, error, afterOutage) =>
      said.push(
        `rejected ${scan.client_scan_id} ${error.status}${afterOutage ? ' after outage' : ''}`,
      ),
    queued: (scans) => said.push(`queued ${scans.map((s) => s.client_scan_id).join(',')}`),
    pending: (count) => said.push(`pending ${count}`),
    connection: (online) => said.push(online ? 'online' : 'offline'),
    revoked: (error) => said.push(`revoked ${error.status}`),
  };
  return { said, listener };
}

let n = 0;
function scan(id: string, stationId = STATION): QueuedScan {
  n += 1;
  return {
    station_id: stationId,
    client_scan_id: id,
    barcode: `P-${id}`,
    location: null,
    scanned_at: new Date(Date.UTC(2026, 10, 26, 9, 0, n)).toISOString(),
  };
}

const apiError = (status: number) =>
  new ApiError(status, { type: 'invalid_request_error', code: 'invalid', message: 'refused' });

/** Lets every settled promise run (the outbox's drain is a chain of awaits). */
const settle = () => vi.advanceTimersByTimeAsync(0);

let queue: MemoryQueue;
let server: FakeServer;
let screen: ReturnType<typeof recorder>;
let outbox: ScanOutbox;

beforeEach(() => {
  vi.useFakeTimers();
  queue = new MemoryQueue();
  server = new FakeServer();
  screen = recorder();
  outbox = new ScanOutbox(queue, STATION, server, screen.listener);
});

afterEach(() => {
  outbox.stop();
  vi.useRealTimers();
});

describe('the station’s outbox', () => {
  it('sends scans at once, oldest first, and lets each leave the device once answered', async () => {
    await outbox.start();
    await settle();
    expect(server.probes).toBe(1);
    expect(screen.said).toEqual(['online']);

    await Promise.all([
      outbox.submit(scan('a')),
      outbox.submit(scan('b')),
      outbox.submit(scan('c')),
    ]);
    await settle();

    expect(server.sent).toEqual([
      { id: 'a', waited: false },
      { id: 'b', waited: false },
      { id: 'c', waited: false },
    ]);
    expect(screen.said.slice(1)).toEqual(['answered a', 'answered b', 'answered c']);
    expect(queue.rows).toEqual([]);
  });

  it('keeps scans on the device through an outage and sends them in order when the server is back', async () => {
    await outbox.start();
    await settle();
    server.up = false;

    await outbox.submit(scan('a'));
    await settle();
    expect(screen.said.slice(1)).toEqual(['offline', 'queued a', 'pending 1']);
    expect(queue.ids()).toEqual(['a']);
    expect(queue.flushes).toBeGreaterThan(0);

    // While the server is away a scan is on the device's disk before it is in line.
    await outbox.submit(scan('b'));
    await outbox.submit(scan('c'));
    await settle();
    expect(queue.ids()).toEqual(['a', 'b', 'c']);
    expect(screen.said).toContain('pending 3');
    const triedWhileDown = server.sent.length;

    // Each new scan tries at once (the server may be back); the waits between tries grew to 3 s.
    await vi.advanceTimersByTimeAsync(2999);
    expect(server.sent.length).toBe(triedWhileDown);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sent.length).toBe(triedWhileDown + 1);
    // Still the oldest first: nothing overtakes a scan that waits.
    expect(server.sent.every((s) => s.id === 'a')).toBe(true);

    server.up = true;
    await vi.advanceTimersByTimeAsync(3000);

    expect(server.recorded).toEqual(['a', 'b', 'c']);
    expect(server.sent.slice(-3)).toEqual([
      { id: 'a', waited: true },
      { id: 'b', waited: true },
      { id: 'c', waited: true },
    ]);
    expect(screen.said.slice(-7)).toEqual([
      'online',
      'pending 2',
      'answered a after outage',
      'pending 1',
      'answered b after outage',
      'pending 0',
      'answered c after outage',
    ]);
    expect(queue.rows).toEqual([]);
  });

  it('waits 1 s, then 2 s, then 3 s between tries while the server does not answer', async () => {
    await outbox.start();
    await settle();
    server.up = false;
    await outbox.submit(scan('a'));
    await settle();
    const tries = () => server.sent.length;
    expect(tries()).toBe(1);
    for (const wait of [1000, 2000, 3000, 3000]) {
      const before = tries();
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(tries()).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(tries()).toBe(before + 1);
    }
    expect(screen.said.filter((s) => s === 'offline')).toEqual(['offline']);
    expect(queue.ids()).toEqual(['a']);
  });

  it('sends at once when the browser says the network is back, without waiting for the retry', async () => {
    await outbox.start();
    await settle();
    server.up = false;
    await outbox.submit(scan('a'));
    await settle();
    const tried = server.sent.length;

    server.up = true;
    outbox.retryNow();
    await settle();
    expect(server.sent.length).toBe(tried + 1);
    expect(server.recorded).toEqual(['a']);
    expect(queue.rows).toEqual([]);
  });

  it('picks up what an earlier page left on the device, before new scans, and records each once', async () => {
    // A page died after the server recorded `a` but before `a` left the device.
    await queue.add(scan('a'));
    await queue.add(scan('b'));
    await queue.add(scan('x', 'stn_revoked'));
    server.recorded.push('a');

    await outbox.start();
    expect(screen.said.slice(0, 2)).toEqual(['queued a,b', 'pending 2']);
    await outbox.submit(scan('c'));
    await settle();

    expect(server.sent.map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(server.sent.map((s) => s.waited)).toEqual([true, true, false]);
    // The resend of `a` answered the scan recorded the first time: nothing doubled.
    expect(server.recorded).toEqual(['a', 'b', 'c']);
    // Another station's scans are not this outbox's to send.
    expect(queue.ids()).toEqual(['x']);
  });

  it('does not send a scan twice when start is called again while it waits', async () => {
    await queue.add(scan('a'));
    server.up = false;
    await outbox.start();
    await settle();
    await outbox.start();
    server.up = true;
    await vi.advanceTimersByTimeAsync(2000);

    expect(server.recorded).toEqual(['a']);
    expect(screen.said.filter((s) => s.startsWith('queued'))).toEqual(['queued a']);
    expect(screen.said.filter((s) => s.startsWith('answered'))).toEqual([
      'answered a after outage',
    ]);
  });

  it('drops a scan whose request the server refuses, says so, and goes on with the next', async () => {
    server.refuse.set('bad', { kind: 'rejected', error: apiError(422) });
    await outbox.start();
    await settle();
    await outbox.submit(scan('bad'));
    await outbox.submit(scan('good'));
    await settle();

    expect(screen.said.slice(1)).toEqual(['rejected bad 422', 'answered good']);
    expect(queue.rows).toEqual([]);
  });

  it('stops at a revoked token and keeps what was not sent on the device', async () => {
    server.refuse.set('b', { kind: 'revoked', error: apiError(401) });
    await outbox.start();
    await settle();
    await outbox.submit(scan('a'));
    await outbox.submit(scan('b'));
    await outbox.submit(scan('c'));
    await settle();

    expect(screen.said.slice(1)).toEqual(['answered a', 'revoked 401']);
    expect(server.sent.map((s) => s.id)).toEqual(['a', 'b']);
    expect(queue.ids()).toEqual(['b', 'c']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.sent.map((s) => s.id)).toEqual(['a', 'b']);
  });

  it('still sends a scan the device could not keep, and says the device could not keep it', async () => {
    await outbox.start();
    await settle();
    queue.failAdd = true;
    server.up = false;
    await expect(outbox.submit(scan('a'))).rejects.toThrow('QuotaExceededError');
    server.up = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.recorded).toEqual(['a']);
    expect(screen.said.slice(1)).toEqual([
      'offline',
      'queued a',
      'pending 1',
      'online',
      'pending 0',
      'answered a after outage',
    ]);
  });

  it('writes to the device only the scans whose answer is slow to come', async () => {
    await outbox.start();
    await settle();
    // Answered at once: recorded by the server, never written to the device.
    await outbox.submit(scan('fast'));
    expect(server.recorded).toEqual(['fast']);
    expect(queue.adds).toBe(0);

    // An answer that takes longer than KEEP_AFTER_MS: on the device until it comes.
    server.delayMs = KEEP_AFTER_MS + 400;
    let kept = false;
    const submitted = outbox.submit(scan('slow')).then(() => (kept = true));
    await vi.advanceTimersByTimeAsync(KEEP_AFTER_MS - 1);
    expect(queue.ids()).toEqual([]);
    expect(kept).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await submitted;
    expect(queue.ids()).toEqual(['slow']);
    await vi.advanceTimersByTimeAsync(400);
    expect(screen.said.at(-1)).toBe('answered slow');
    expect(queue.ids()).toEqual([]);
    expect(server.recorded).toEqual(['fast', 'slow']);
  });

  it('writes what is not answered yet to the device when the page goes away', async () => {
    await outbox.start();
    await settle();
    server.delayMs = 5000;
    const submitted = Promise.all([outbox.submit(scan('a')), outbox.submit(scan('b'))]);
    await settle();
    outbox.keepUnanswered();
    await submitted;
    expect(queue.ids()).toEqual(['a', 'b']);
  });

  it('finds out that the server went away when the browser says so, with nothing to send', async () => {
    await outbox.start();
    await settle();
    server.up = false;
    outbox.checkNow();
    await settle();
    expect(screen.said).toEqual(['online', 'offline']);

    server.up = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(screen.said.at(-1)).toBe('online');
    const probes = server.probes;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.probes).toBe(probes);
  });
});
