import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { SseClient } from '../helpers/sse.js';
import { waitUntil } from '../helpers/wait.js';

// Answers are read field by field, as a client would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** GET /v1/events/stream (DESIGN §16) on a real listening server, on both dialects. */

let t: TestApp;
let base: string;
let retailerId: string;
const clients: SseClient[] = [];

beforeEach(async () => {
  t = await makeTestApp({
    app: { eventStream: { pingMs: 200, maxBufferedBytes: 256 * 1024, stallMs: 1_000 } },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  retailerId = await addRetailer('SW');
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await t.close();
});

async function ok(method: 'GET' | 'POST', url: string, body?: unknown, token?: string) {
  const res = await t.request(method, url, { body, ...(token ? { token } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
}

async function addRetailer(code: string): Promise<string> {
  return (await ok('POST', '/v1/retailers', { name: `${code} Ltd`, code })).id;
}

async function order(orderNo: string, retailer = retailerId, pieces = 2) {
  t.clock.advance(1);
  const o = await ok('POST', '/v1/orders', {
    order_no: orderNo,
    retailer_id: retailer,
    lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: pieces }],
  });
  return {
    id: o.id as string,
    barcodes: (o.pieces as { barcode: string }[]).map((p) => p.barcode),
  };
}

async function station(role = 'produce'): Promise<string> {
  const issued = await ok('POST', '/v1/stations/pairing-codes', { name: `${role} 1`, role });
  const paired = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: issued.code },
  });
  return paired.json().token as string;
}

async function scan(token: string, barcode: string): Promise<Json> {
  t.clock.advance(1);
  return ok('POST', '/v1/scans', { barcode }, token);
}

async function open(
  query = '',
  headers: Record<string, string> = {},
  token: string = t.apiKey,
): Promise<SseClient> {
  const c = await SseClient.open(`${base}/v1/events/stream${query}`, {
    authorization: `Bearer ${token}`,
    ...headers,
  });
  clients.push(c);
  return c;
}

/** The factory's event ids after `afterId` (all when null), in the order they were committed. */
async function idsInTable(afterId: string | null = null): Promise<string[]> {
  const rows = (await t.sql
    .prepare('select id, seq from events where factory_id = ? order by seq')
    .all(t.factoryId)) as { id: string }[];
  const ids = rows.map((r) => r.id);
  return afterId === null ? ids : ids.slice(ids.indexOf(afterId) + 1);
}

describe('the event stream', () => {
  it('delivers a scan’s event to a connected client: id, type and the webhook body', async () => {
    const o = await order('S-1');
    const produce = await station();
    const before = await idsInTable();
    const c = await open();
    expect(c.status).toBe(200);
    await waitUntil('connected', () => c.comments.includes('connected'));
    const answer = await scan(produce, o.barcodes[0]!);
    const events = await c.waitForEvents(2); // scan.recorded, order.status_changed
    const scanned = events.find((e) => e.event === 'scan.recorded')!;
    const row = (await t.sql
      .prepare('select id, type, data, created_at from events where id = ?')
      .get(scanned.id)) as { id: string; data: string; created_at: string };
    expect(JSON.parse(scanned.data)).toEqual({
      type: 'scan.recorded',
      timestamp: row.created_at,
      data: JSON.parse(row.data),
    });
    expect(JSON.parse(scanned.data).data.id).toBe(answer.id);
    expect(events.map((e) => e.id)).toEqual(await idsInTable(before[before.length - 1]!));
    // Pings keep it alive.
    await waitUntil('a ping', () => c.comments.includes('ping'));
  });

  it('after a disconnect, Last-Event-ID gets exactly the missed events in order, then the live ones once', async () => {
    const o = await order('S-2', retailerId, 6);
    const produce = await station();
    const first = await open();
    await waitUntil('connected', () => first.comments.includes('connected'));
    await scan(produce, o.barcodes[0]!);
    const seen = await first.waitForEvents(2);
    first.close();
    const lastId = seen[seen.length - 1]!.id!;

    for (const barcode of o.barcodes.slice(1, 4)) await scan(produce, barcode);
    await scan(produce, o.barcodes[1]!); // refused: already produced — still an event
    const missed = await idsInTable(lastId);
    expect(missed.length).toBe(4);

    const again = await open('', { 'last-event-id': lastId });
    await again.waitForEvents(missed.length);
    expect(again.events.map((e) => e.id)).toEqual(missed);

    await scan(produce, o.barcodes[4]!);
    const all = await idsInTable(lastId);
    await again.waitForEvents(all.length);
    await new Promise((resolve) => setTimeout(resolve, 300)); // nothing more comes
    expect(again.events.map((e) => e.id)).toEqual(all);
  });

  it('resumes in commit order even when a later-committed event has an older id', async () => {
    const produce = await station();
    const o = await order('S-3');
    const c = await open();
    await waitUntil('connected', () => c.comments.includes('connected'));
    await scan(produce, o.barcodes[0]!);
    const seen = await c.waitForEvents(2);
    c.close();
    // An event committed now with an id made an hour ago (as an upload's events are).
    const old = newId('event', new Date(t.clock.now().getTime() - 3_600_000));
    await t.sql
      .prepare('insert into events (id, factory_id, type, data, created_at) values (?, ?, ?, ?, ?)')
      .run(old, t.factoryId, 'order.created', '{"object":"order"}', t.clock.now().toISOString());
    const resumed = await open('', { 'last-event-id': seen[seen.length - 1]!.id! });
    const got = await resumed.waitForEvents(1);
    expect(got.map((e) => e.id)).toEqual([old]);
  });

  it('filters by types=', async () => {
    const o = await order('S-4');
    const produce = await station();
    const c = await open('?types=order.status_changed');
    await waitUntil('connected', () => c.comments.includes('connected'));
    await scan(produce, o.barcodes[0]!);
    await scan(produce, o.barcodes[1]!);
    const got = await c.waitForEvents(2);
    expect(got.every((e) => e.event === 'order.status_changed')).toBe(true);
    const bad = await t.request('GET', '/v1/events/stream?types=order.nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'validation_failed', param: 'types' });
  });

  it('staff sessions may follow it; a station token may not; no token is 401', async () => {
    await ok('POST', '/v1/staff', {
      email: 'sup@f.test',
      name: 'Sup',
      role: 'supervisor',
      password: 'a long password 1',
    });
    const login = await t.request('POST', '/v1/auth/login', {
      token: null,
      body: { email: 'sup@f.test', password: 'a long password 1' },
    });
    const staff = await open('', {}, login.json().token);
    expect(staff.status).toBe(200);
    const stationClient = await open('', {}, await station());
    expect(stationClient.status).toBe(403);
    const none = await SseClient.open(`${base}/v1/events/stream`);
    expect(none.status).toBe(401);
  });

  it('a retailer’s stream never carries another retailer’s event (many orders), in the portal’s words', async () => {
    const rival = await addRetailer('RV');
    await ok('POST', `/v1/retailers/${retailerId}/users`, {
      email: 'bea@sw.test',
      name: 'Bea',
      role: 'buyer',
      password: 'portal password 1',
    });
    const login = await t.request('POST', '/v1/portal/auth/login', {
      token: null,
      body: { email: 'bea@sw.test', password: 'portal password 1' },
    });
    const portal = await open('', {}, login.json().token);
    const staff = await open();
    await waitUntil('connected', () => portal.comments.includes('connected'));
    const produce = await station();
    const mine = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const own = await order(`M-${i}`, retailerId, 1);
      const theirs = await order(`R-${i}`, rival, 1);
      mine.add(own.id);
      await scan(produce, theirs.barcodes[0]!);
      await scan(produce, own.barcodes[0]!);
      await scan(produce, own.barcodes[0]!); // refused: not shown to the retailer
    }
    await t.request('POST', `/v1/orders/${(await order('M-X', retailerId, 1)).id}/cancel`);
    const marker = await order('M-END', retailerId, 1);
    mine.add(marker.id);
    await waitUntil('the last order', () =>
      portal.events.some((e) => JSON.parse(e.data).data.order_id === marker.id),
    );
    const total = await idsInTable();
    await staff.waitForEvents(total.length);
    expect(portal.events.length).toBeGreaterThan(12 * 3);
    for (const e of portal.events) {
      const body = JSON.parse(e.data);
      expect([
        'order.created',
        'order.status_changed',
        'order.cancelled',
        'scan.recorded',
      ]).toContain(body.type);
      expect(Object.keys(body.data).sort()).toEqual(
        body.data.status ? ['order_id', 'order_no', 'status'] : ['order_id', 'order_no'],
      );
      expect(body.data.order_no).toMatch(/^M-/);
    }
    // Each own order: created, one accepted scan, one status change.
    const scans = portal.events.filter((e) => e.event === 'scan.recorded');
    expect(scans).toHaveLength(12);
    // And resuming as the retailer replays the same, only its own.
    const replay = await open('', { 'last-event-id': total[0]! }, login.json().token);
    await replay.waitForEvents(portal.events.length);
    expect(replay.events.map((e) => e.id)).toEqual(portal.events.map((e) => e.id));
  });

  it('cuts a client that stops reading, without holding more than its buffer, and it resumes', async () => {
    const fast = await open();
    await waitUntil('connected', () => fast.comments.includes('connected'));
    // A raw connection that asks for the stream and never reads.
    const socket = connect({ host: '127.0.0.1', port: Number(new URL(base).port) });
    let closed = false;
    socket.on('close', () => (closed = true));
    socket.on('error', () => {});
    socket.write(
      `GET /v1/events/stream HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${t.apiKey}\r\n\r\n`,
    );
    socket.pause();
    await waitUntil('both connected', () => t.core.eventFeed.clients === 2);
    const big = JSON.stringify({ note: 'x'.repeat(100_000) });
    const EVENTS = 300; // 30 MB: more than the kernel's socket buffers hold
    for (let i = 0; i < EVENTS; i++) {
      await t.sql
        .prepare(
          'insert into events (id, factory_id, type, data, created_at) values (?, ?, ?, ?, ?)',
        )
        .run(
          newId('event', t.clock.now()),
          t.factoryId,
          'station.paired',
          big,
          t.clock.now().toISOString(),
        );
      if (i % 20 === 0) t.core.signals.eventsAppended();
    }
    t.core.signals.eventsAppended();
    await waitUntil('the slow client cut', () => t.core.eventFeed.clients === 1, {
      timeoutMs: 20_000,
    });
    const heap = process.memoryUsage().heapUsed;
    await fast.waitForEvents(EVENTS, 30_000);
    expect(fast.events).toHaveLength(EVENTS);
    // What the server held for the slow one is gone with it (well under the 30 MB sent).
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(20 * 1024 * 1024);
    socket.resume();
    await waitUntil('the socket closed', () => closed);
    socket.destroy();
  });
});
