import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/dialect.js';
import { startDaemon, type RunningDaemon } from '../helpers/daemon.js';
import { SseClient } from '../helpers/sse.js';
import { waitUntil } from '../helpers/wait.js';

// Answers are read field by field, as a client would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * The event stream through two factoryd on one PostgreSQL (DESIGN §16): an event committed
 * through either reaches the stream clients of both, read from the event table.
 */

let a: RunningDaemon;
let b: RunningDaemon;
const clients: SseClient[] = [];

beforeEach(async () => {
  const databaseUrl = await createTestDatabase();
  a = await startDaemon({ databaseUrl });
  b = await startDaemon({ databaseUrl });
});
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await Promise.all([a.stop('SIGKILL'), b.stop('SIGKILL')]);
});

async function ok(
  d: RunningDaemon,
  method: string,
  path: string,
  body?: unknown,
  token = a.apiKey,
) {
  const res = await fetch(`${d.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Json;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
}

async function stream(d: RunningDaemon): Promise<SseClient> {
  const c = await SseClient.open(`${d.url}/v1/events/stream?types=scan.recorded`, {
    authorization: `Bearer ${a.apiKey}`,
  });
  clients.push(c);
  expect(c.status).toBe(200);
  await waitUntil('connected', () => c.comments.includes('connected'));
  return c;
}

async function pair(d: RunningDaemon): Promise<string> {
  const issued = await ok(d, 'POST', '/v1/stations/pairing-codes', {
    name: 'Line',
    role: 'produce',
  });
  const res = await fetch(`${d.url}/v1/stations/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: issued.code }),
  });
  return ((await res.json()) as Json).token as string;
}

describe('the event stream on two factoryd', { timeout: 60_000 }, () => {
  it('an event committed through one reaches the clients of both, once each, in order', async () => {
    const retailer = await ok(a, 'POST', '/v1/retailers', { name: 'Beds', code: 'BD' });
    const order = await ok(a, 'POST', '/v1/orders', {
      order_no: 'MP-1',
      retailer_id: retailer.id,
      lines: [{ sku: 'BED', qty: 6, pieces_per_unit: 1 }],
    });
    const barcodes = (order.pieces as { barcode: string }[]).map((p) => p.barcode);
    const onA = await stream(a);
    const onB = await stream(b);
    const stationA = await pair(a);
    const stationB = await pair(b);

    const scanIds: string[] = [];
    for (const [i, barcode] of barcodes.entries()) {
      const [d, token] = i % 2 ? [b, stationB] : [a, stationA];
      const answer = await ok(d, 'POST', '/v1/scans', { barcode }, token);
      scanIds.push(answer.id as string);
    }
    for (const c of [onA, onB]) {
      await c.waitForEvents(barcodes.length);
      const seen = c.events.map((e) => JSON.parse(e.data).data.id as string);
      expect(seen).toEqual(scanIds);
    }
    // Both saw the same ids in the same order.
    expect(onA.events.map((e) => e.id)).toEqual(onB.events.map((e) => e.id));
  });
});
