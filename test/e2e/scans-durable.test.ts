import { request } from 'undici';
import { afterEach, expect, it } from 'vitest';
import { startDaemon, type RunningDaemon } from '../helpers/daemon.js';

// Answers are checked field by field by the assertions; a loose type keeps those readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function daemon(dataDir?: string): Promise<RunningDaemon> {
  const d = await startDaemon(dataDir ? { dataDir } : {});
  cleanups.push(() => d.stop());
  return d;
}

async function call(
  d: RunningDaemon,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token = d.apiKey,
): Promise<{ status: number; json: Json }> {
  const res = await request(`${d.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, json: (await res.body.json()) as Json };
}

async function ok(d: RunningDaemon, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await call(d, method, path, body);
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status}`);
  return res.json;
}

it('keeps every scan it answered when killed in the middle of scanning', async () => {
  const first = await daemon();
  const retailer = await ok(first, 'POST', '/v1/retailers', { name: 'Durable', code: 'DUR' });
  const order = await ok(first, 'POST', '/v1/orders', {
    order_no: 'DUR-1',
    retailer_id: retailer.id,
    lines: [{ sku: 'SOFA', qty: 100, pieces_per_unit: 4 }],
  });
  const stations: string[] = [];
  for (let i = 0; i < 8; i++) {
    const { code } = await ok(first, 'POST', '/v1/stations/pairing-codes', {
      name: `Line ${i}`,
      role: 'produce',
    });
    stations.push((await call(first, 'POST', '/v1/stations/pair', { code }, '')).json.token);
  }

  // Eight stations scan their share of the pieces as fast as they are answered; the server is
  // killed (no shutdown, no last flush) once a good number of scans were answered.
  const answered: string[] = [];
  const pieces: string[] = order.pieces.map((p: { barcode: string }) => p.barcode);
  let killed = false;
  const scanning = stations.map(async (token, s) => {
    for (let i = s; i < pieces.length && !killed; i += stations.length) {
      try {
        const res = await call(first, 'POST', '/v1/scans', { barcode: pieces[i] }, token);
        if (res.status === 200) answered.push(res.json.id as string);
      } catch {
        return; // the connection died with the server
      }
    }
  });
  const deadline = Date.now() + 60_000;
  while (answered.length < 50 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  killed = true;
  expect(await first.stop('SIGKILL')).toBeNull();
  await Promise.all(scanning);
  expect(answered.length).toBeGreaterThanOrEqual(50);

  const next = await daemon(first.dataDir);
  const after = await ok(next, 'GET', `/v1/orders/${order.id}`);
  const stored = new Set(after.scans.map((scan: { id: string }) => scan.id));
  expect(answered.filter((id) => !stored.has(id))).toEqual([]);
  // The counters agree with the pieces the stored scans moved.
  const produced = after.pieces.filter((p: { status: string }) => p.status === 'produced');
  expect(produced).toHaveLength(after.scans.length);
  expect(after.pieces_scanned).toBe(after.scans.length);
}, 120_000);
