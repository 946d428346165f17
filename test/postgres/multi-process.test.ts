import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Receiver } from '../core/webhooks/receiver.js';
import { createTestDatabase, rawSql } from '../helpers/dialect.js';
import { openDaemonStore, startDaemon, type RunningDaemon } from '../helpers/daemon.js';
import type { Store } from '../../src/store/database.js';

// Answers are read field by field, as a client would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * Several factoryd on one PostgreSQL database (DESIGN §13): two real processes, each with its
 * own data dir, serving the same factory. Requests go to either; what one answers, the other
 * sees, and nothing is done twice.
 */

let a: RunningDaemon;
let b: RunningDaemon;
let store: Store;
let key: string;
const receivers: Receiver[] = [];

/** Short leases, so a dead process's claims come back within the test. */
const LEASE_ENV = { FACTORYD_DELIVERY_LEASE_SECONDS: '3' };

beforeEach(async () => {
  const databaseUrl = await createTestDatabase();
  a = await startDaemon({ databaseUrl, env: LEASE_ENV });
  b = await startDaemon({ databaseUrl, env: LEASE_ENV });
  key = a.apiKey; // the first process made the factory; the second found it
  store = await openDaemonStore(a.dataDir);
});

afterEach(async () => {
  await Promise.all([a.stop('SIGKILL'), b.stop('SIGKILL')]);
  await store.close();
  for (const r of receivers.splice(0)) await r.close();
});

async function call(
  d: RunningDaemon,
  method: string,
  path: string,
  body?: unknown,
  token: string | null = key,
): Promise<{ status: number; json: Json }> {
  const res = await fetch(`${d.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

async function ok(d: RunningDaemon, method: string, path: string, body?: unknown): Promise<Json> {
  const res = await call(d, method, path, body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}

/** Pairs a station through `d`; its token. */
async function pair(d: RunningDaemon, name: string, role = 'produce'): Promise<string> {
  const issued = await ok(d, 'POST', '/v1/stations/pairing-codes', { name, role });
  const paired = await call(d, 'POST', '/v1/stations/pair', { code: issued.code }, null);
  expect(paired.status).toBe(200);
  return paired.json.token as string;
}

async function orderOf(
  pieces: number,
  orderNo: string,
): Promise<{ id: string; barcodes: string[] }> {
  const retailers = await ok(a, 'GET', '/v1/retailers');
  const retailer =
    retailers.data[0] ?? (await ok(a, 'POST', '/v1/retailers', { name: 'Beds', code: 'BD' }));
  const order = await ok(a, 'POST', '/v1/orders', {
    order_no: orderNo,
    retailer_id: retailer.id,
    lines: [{ sku: 'BED', colour: null, qty: pieces, pieces_per_unit: 1 }],
  });
  return { id: order.id, barcodes: order.pieces.map((p: { barcode: string }) => p.barcode) };
}

const sql = () => rawSql(store);

describe('two factoryd on one PostgreSQL', { timeout: 90_000 }, () => {
  it('50 stations split across both: every answered scan is stored once; one piece scanned through both at once is accepted once', async () => {
    const STATIONS = 50;
    const PER_STATION = 4;
    const order = await orderOf(STATIONS * PER_STATION + 10, 'MP-1');
    const stations = await Promise.all(
      Array.from({ length: STATIONS }, (_, i) => pair(i % 2 ? b : a, `Line ${i}`)),
    );

    const answered: string[] = [];
    // Each station scans its own pieces through its process; meanwhile the last ten pieces are
    // each scanned by two stations at once, one through each process.
    const own = stations.map(async (token, i) => {
      const d = i % 2 ? b : a;
      for (let n = 0; n < PER_STATION; n++) {
        const barcode = order.barcodes[i * PER_STATION + n]!;
        const res = await call(d, 'POST', '/v1/scans', { barcode }, token);
        expect(res.status).toBe(200);
        expect(res.json.accepted).toBe(true);
        answered.push(res.json.id);
      }
    });
    const contested = order.barcodes.slice(STATIONS * PER_STATION).map(async (barcode, n) => {
      const [viaA, viaB] = await Promise.all([
        call(a, 'POST', '/v1/scans', { barcode }, stations[2 * n]!),
        call(b, 'POST', '/v1/scans', { barcode }, stations[2 * n + 1]!),
      ]);
      expect([viaA.status, viaB.status]).toEqual([200, 200]);
      answered.push(viaA.json.id, viaB.json.id);
      return [viaA.json, viaB.json].map((s) => ({ accepted: s.accepted, reason: s.reason }));
    });
    await Promise.all(own);
    const outcomes = await Promise.all(contested);
    for (const pair of outcomes) {
      expect(pair.filter((s) => s.accepted)).toHaveLength(1);
      expect(pair.find((s) => !s.accepted)?.reason).toBe('already_produced');
    }

    // Every answered scan is in the database exactly once, and nothing else is.
    const stored = (await sql().prepare('select id from scans').all()) as { id: string }[];
    expect(stored.map((s) => s.id).sort()).toEqual([...answered].sort());
    // The order, read through either process, counts each piece once.
    for (const d of [a, b]) {
      const view = await ok(d, 'GET', `/v1/orders/${order.id}`);
      expect(view.pieces_scanned).toBe(STATIONS * PER_STATION + 10);
      expect(view.status).toBe('produced');
    }
  });

  it('one client_scan_id sent through both at once: one scan recorded, both answers the same', async () => {
    const PIECES = 12;
    const order = await orderOf(PIECES, 'RACE-1');
    const station = await pair(a, 'Tablet 7');
    // A station whose network hiccups resends each scan through the other process at the same
    // moment: every pair races on the unique (station, client_scan_id).
    const pairs = await Promise.all(
      order.barcodes.map(async (barcode, n) => {
        const body = { barcode, client_scan_id: `tablet-7:${n}` };
        const answers = await Promise.all([
          call(a, 'POST', '/v1/scans', body, station),
          call(b, 'POST', '/v1/scans', body, station),
        ]);
        for (const res of answers) expect(res.status, JSON.stringify(res.json)).toBe(200);
        return answers.map((res) => res.json);
      }),
    );
    for (const [viaA, viaB] of pairs) {
      // The same scan: id, verdict, time (the piece and order are as they are at each answer).
      const { piece: _pa, order: _oa, ...scanA } = viaA;
      const { piece: _pb, order: _ob, ...scanB } = viaB;
      expect(scanB).toEqual(scanA);
      expect(scanA.accepted).toBe(true);
    }
    const stored = (await sql()
      .prepare('select client_scan_id from scans order by client_scan_id')
      .all()) as { client_scan_id: string }[];
    expect(stored.map((s) => s.client_scan_id)).toEqual(
      order.barcodes.map((_, n) => `tablet-7:${n}`).sort(),
    );
    expect(new Set(pairs.map(([viaA]) => viaA.id)).size).toBe(PIECES);
    // Each piece counted once, through either process.
    for (const d of [a, b]) {
      expect(await ok(d, 'GET', `/v1/orders/${order.id}`)).toMatchObject({
        pieces_scanned: PIECES,
        status: 'produced',
      });
    }
  });

  it('a station revoked through one is refused by the other on its next scan', async () => {
    const order = await orderOf(2, 'REVOKE-1');
    const station = await pair(a, 'Tablet 9');
    // A remembers the station from its first scan; the revocation goes through B.
    const first = await call(a, 'POST', '/v1/scans', { barcode: order.barcodes[0] }, station);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const stations = await ok(b, 'GET', '/v1/stations');
    const id = stations.data.find((s: { name: string }) => s.name === 'Tablet 9').id as string;
    await ok(b, 'DELETE', `/v1/stations/${id}`);
    const next = await call(a, 'POST', '/v1/scans', { barcode: order.barcodes[1] }, station);
    expect(next.status).toBe(401);
    expect(next.json.error.code).toBe('invalid_token');
    const stored = (await sql()
      .prepare('select barcode from scans where station_id = ?')
      .all(id)) as { barcode: string }[];
    expect(stored.map((s) => s.barcode)).toEqual([order.barcodes[0]]);
  });

  it('a receiver gets every delivery exactly once while both processes send and retry', async () => {
    const receiver = await new Receiver().listen();
    receivers.push(receiver);
    const firstTry = new Set<string>();
    // The first attempt of every event fails: each then waits for a retry, which either
    // process's retry job may pick up.
    receiver.reply = (r) => {
      const id = r.headers['webhook-id']!;
      if (firstTry.has(id)) return { status: 200 };
      firstTry.add(id);
      return { status: 503 };
    };
    const hook = await ok(a, 'POST', '/v1/webhooks', {
      url: `${receiver.url}/hooks`,
      events: ['order.created'],
    });
    receiver.secretFor('/hooks', hook.secret);

    const retailer = await ok(a, 'POST', '/v1/retailers', { name: 'Beds', code: 'BD' });
    const ORDERS = 40;
    await Promise.all(
      Array.from({ length: ORDERS }, (_, i) =>
        ok(i % 2 ? b : a, 'POST', '/v1/orders', {
          order_no: `WH-${i}`,
          retailer_id: retailer.id,
          lines: [{ sku: 'BED', colour: null, qty: 1, pieces_per_unit: 1 }],
        }),
      ),
    );
    await receiver.waitFor((r) => r.acknowledged.length >= ORDERS, 60_000);
    // Both processes keep running their retry jobs a while longer: nothing more arrives.
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const acknowledged = receiver.acknowledged.map((r) => r.headers['webhook-id']);
    expect(new Set(acknowledged).size).toBe(ORDERS);
    expect(acknowledged).toHaveLength(ORDERS);
    // Two attempts per event: the refused first one and the accepted retry, never more.
    expect(receiver.received).toHaveLength(2 * ORDERS);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
  });

  it('one killed with SIGKILL under load: the other keeps answering and takes over its delivery claims', async () => {
    const receiver = await new Receiver().listen();
    receivers.push(receiver);
    // The receiver holds the first ten requests (A's, below) for a minute: their deliveries
    // stay claimed by A, in flight, when it dies. It answers every later one at once.
    let held = 0;
    receiver.reply = () => (held++ < 10 ? { status: 200, delayMs: 60_000 } : { status: 200 });
    const hook = await ok(a, 'POST', '/v1/webhooks', {
      url: `${receiver.url}/slow`,
      events: ['scan.recorded'],
    });
    receiver.secretFor('/slow', hook.secret);

    const order = await orderOf(120, 'KILL-1');
    const viaA = await pair(a, 'A line');
    const viaB = await pair(b, 'B line');
    // Scans through A; its dispatcher claims their deliveries and sends them (held).
    for (const barcode of order.barcodes.slice(0, 10)) {
      const res = await call(a, 'POST', '/v1/scans', { barcode }, viaA);
      expect(res.json.accepted).toBe(true);
    }
    await receiver.waitFor((r) => r.inFlight >= 1);

    // Load on both, then A dies mid-way.
    let bAnswered = 0;
    const bLoad = (async () => {
      for (const barcode of order.barcodes.slice(10, 110)) {
        const res = await call(b, 'POST', '/v1/scans', { barcode }, viaB);
        expect(res.status).toBe(200);
        expect(res.json.accepted).toBe(true);
        bAnswered += 1;
      }
    })();
    const aLoad = (async () => {
      for (const barcode of order.barcodes.slice(110, 120)) {
        await call(a, 'POST', '/v1/scans', { barcode }, viaA).catch(() => undefined);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await a.stop('SIGKILL')).toBeNull();
    // What A may have sent and had acknowledged without living to record it: whatever the
    // receiver has acknowledged once A's last requests have arrived.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sentByTheDead = new Set(receiver.acknowledged.map((x) => x.headers['webhook-id']));
    await Promise.all([bLoad, aLoad]);
    expect(bAnswered).toBe(100);

    // B answers for everything, including what A answered before it died.
    const view = await ok(b, 'GET', `/v1/orders/${order.id}`);
    const stored = (await sql().prepare('select count(*) as n from scans').get()) as { n: number };
    expect(view.pieces_scanned).toBe(stored.n);
    expect(stored.n).toBeGreaterThanOrEqual(110);

    // Every scan.recorded event is delivered and acknowledged, A's claims included (B takes
    // them once their lease ends). Only a delivery A sent and saw answered, but died before
    // recording, may arrive twice (at-least-once); B never sends one twice.
    await receiver.waitFor(
      (r) => new Set(r.acknowledged.map((x) => x.headers['webhook-id'])).size >= stored.n,
      60_000,
    );
    const ids = receiver.acknowledged.map((x) => x.headers['webhook-id']);
    const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
    for (const id of twice) expect(sentByTheDead.has(id)).toBe(true);
    const events = (await sql()
      .prepare("select id from events where type = 'scan.recorded'")
      .all()) as { id: string }[];
    expect(new Set(ids)).toEqual(new Set(events.map((e) => e.id)));
  });

  it('counts failed pairing attempts across both processes', async () => {
    // 10 failures per address in 10 minutes, wherever they were made.
    for (let i = 0; i < 10; i++) {
      const res = await call(
        i % 2 ? b : a,
        'POST',
        '/v1/stations/pair',
        { code: 'AAAA-AAAA' },
        null,
      );
      expect(res.status).not.toBe(429);
    }
    for (const d of [a, b]) {
      const res = await call(d, 'POST', '/v1/stations/pair', { code: 'AAAA-AAAA' }, null);
      expect(res.status).toBe(429);
      expect(res.json.error.code).toBe('rate_limited');
    }
  });

  it('emits order.stuck once per episode when both recompute at once', async () => {
    const order = await orderOf(1, 'STUCK-1');
    const station = await pair(a, 'Line');
    await call(a, 'POST', '/v1/scans', { barcode: order.barcodes[0] }, station);
    // Produced ten days ago: stuck for a 2-day threshold.
    const past = new Date(Date.now() - 10 * 86_400_000).toISOString();
    await sql().prepare('update orders set produced_at = ? where id = ?').run(past, order.id);
    // A settings change makes each process recompute at once.
    await Promise.all([
      ok(a, 'PATCH', '/v1/settings', { stuck_after_days: 2 }),
      ok(b, 'PATCH', '/v1/settings', { stuck_after_days: 2 }),
    ]);
    const deadline = Date.now() + 20_000;
    let stuck: { id: string }[] = [];
    while (Date.now() < deadline) {
      stuck = (await sql().prepare("select id from events where type = 'order.stuck'").all()) as {
        id: string;
      }[];
      const view = await ok(b, 'GET', `/v1/orders/${order.id}`);
      if (stuck.length > 0 && view.stuck) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Let both runs finish, then look again.
    await Promise.all([
      ok(a, 'PATCH', '/v1/settings', { stuck_after_days: 2 }),
      ok(b, 'PATCH', '/v1/settings', { stuck_after_days: 2 }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    stuck = (await sql().prepare("select id from events where type = 'order.stuck'").all()) as {
      id: string;
    }[];
    expect(stuck).toHaveLength(1);
  });
});
