import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createCoreContext } from '../../src/core/context.js';
import { listFactoryIds } from '../../src/core/factory/setup.js';
import { createOrder } from '../../src/core/orders/create-order.js';
import { systemClock } from '../../src/domain/clock.js';
import { Receiver } from '../core/webhooks/receiver.js';
import { openDaemonStore, startDaemon, type RunningDaemon } from '../helpers/daemon.js';
import { waitUntil } from '../helpers/wait.js';

// Answers are checked field by field by the assertions; a loose type keeps those readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * Webhooks from the real `factoryd serve`: signed deliveries of a real scan flow, a crash and
 * restarts that lose nothing and send nothing twice, and a receiver that hangs while stations
 * keep scanning. Whatever settles after an answer is waited for with a deadline, never timed.
 */

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function daemon(dataDir?: string): Promise<RunningDaemon> {
  const d = await startDaemon(dataDir ? { dataDir } : {});
  cleanups.push(async () => {
    if (d.process.exitCode === null && d.process.signalCode === null) await d.stop();
  });
  return d;
}

async function receiver(): Promise<Receiver> {
  const r = await new Receiver().listen();
  cleanups.push(() => r.close());
  return r;
}

interface Api {
  (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    token?: string,
  ): Promise<Json>;
}

function api(d: RunningDaemon): Api {
  return async (method, path, body, token = d.apiKey) => {
    const res = await request(`${d.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.body.json()) as Json;
    if (res.statusCode !== 200)
      throw new Error(`${method} ${path}: ${res.statusCode} ${JSON.stringify(json)}`);
    return json;
  };
}

async function registerHook(
  call: Api,
  r: Receiver,
  path: string,
  events: string[] = ['*'],
): Promise<string> {
  const hook = await call('POST', '/v1/webhooks', { url: `${r.url}${path}`, events });
  r.secretFor(path, hook.secret);
  return hook.id;
}

async function pairStation(call: Api, role: 'produce' | 'stock' | 'dispatch'): Promise<string> {
  const { code } = await call('POST', '/v1/stations/pairing-codes', { name: `${role} 1`, role });
  return (await call('POST', '/v1/stations/pair', { code }, '')).token;
}

const typesOf = (r: Receiver) => r.acknowledged.map((x) => x.json.type);

/** Each event acknowledged once per endpoint path: no delivery was sent twice. */
function expectNoneTwice(r: Receiver): void {
  const keys = r.acknowledged.map((x) => `${x.path} ${x.headers['webhook-id']}`);
  expect(keys.length).toBeGreaterThan(0);
  expect(new Set(keys).size).toBe(keys.length);
}

describe('webhooks from factoryd serve', () => {
  it('delivers order.created, scan.recorded and order.status_changed of a real scan flow, signed', async () => {
    const d = await daemon();
    const r = await receiver();
    const call = api(d);
    await registerHook(call, r, '/erp');
    await registerHook(call, r, '/floor', ['scan.recorded']);

    const retailer = await call('POST', '/v1/retailers', { name: 'Sofa World', code: 'SW' });
    const order = await call('POST', '/v1/orders', {
      order_no: 'SW-1',
      retailer_id: retailer.id,
      lines: [{ sku: 'SOFA', colour: 'Grey', qty: 1, pieces_per_unit: 2 }],
    });
    const station = await pairStation(call, 'produce');
    for (const piece of order.pieces) {
      const scan = await call('POST', '/v1/scans', { barcode: piece.barcode }, station);
      expect(scan.accepted).toBe(true);
    }

    // Deliveries to different endpoints arrive in any order: wait for all of them.
    await r.waitFor(
      (x) =>
        typesOf(x).filter((t) => t === 'order.status_changed').length === 2 &&
        x.acknowledged.filter((a) => a.path === '/erp' && a.json.type === 'scan.recorded')
          .length === 2 &&
        x.acknowledged.filter((a) => a.path === '/floor').length === 2,
    );
    const erp = r.acknowledged.filter((x) => x.path === '/erp');
    const types = erp.map((x) => x.json.type);
    expect(types).toEqual(
      expect.arrayContaining(['order.created', 'scan.recorded', 'order.status_changed']),
    );
    expect(types.filter((t) => t === 'scan.recorded')).toHaveLength(2);
    expect(r.received.filter((x) => x.path === '/floor').map((x) => x.json.type)).toEqual([
      'scan.recorded',
      'scan.recorded',
    ]);
    // Every delivery passes Webhook.verify (signature and timestamp) with its endpoint's secret.
    expect(r.received.every((x) => x.verified)).toBe(true);
    expect(r.received.every((x) => /^factoryd-webhooks\//.test(x.headers['user-agent']!))).toBe(
      true,
    );

    const created = erp.find((x) => x.json.type === 'order.created')!;
    expect(created.json.data).toMatchObject({ id: order.id, order_no: 'SW-1' });
    const changes = erp
      .filter((x) => x.json.type === 'order.status_changed')
      .map((x) => x.json.data as { from: string; to: string })
      .map(({ from, to }) => `${from}→${to}`);
    expect(changes.sort()).toEqual(
      ['awaiting_production→in_production', 'in_production→produced'].sort(),
    );

    // The receiver answers before the daemon records the answer: wait for the records.
    const allSucceeded = async () => {
      const list = await call('GET', '/v1/webhooks/deliveries?limit=100');
      return (
        list.data.length === r.received.length &&
        list.data.every(
          (x: { status: string; attempts: number }) => x.status === 'succeeded' && x.attempts === 1,
        )
      );
    };
    expect(await waitUntil('every delivery recorded as succeeded', allSucceeded)).toBe(true);
    expectNoneTwice(r);
  });

  it('retries a refused delivery by itself, about 5 s later, with the same id, signed anew', async () => {
    const d = await daemon();
    const r = await receiver();
    const call = api(d);
    await registerHook(call, r, '/flaky', ['order.created']);
    let answered = 0;
    r.reply = () => ({ status: answered++ === 0 ? 503 : 200 });

    const retailer = await call('POST', '/v1/retailers', { name: 'Tables', code: 'TB' });
    await call('POST', '/v1/orders', {
      order_no: 'TB-1',
      retailer_id: retailer.id,
      lines: [{ sku: 'TABLE', colour: null, qty: 1, pieces_per_unit: 1 }],
    });
    await r.waitFor((x) => x.acknowledged.length === 1, 40_000);

    const [refused, accepted] = r.received;
    expect(r.received).toHaveLength(2);
    expect(refused!.status).toBe(503);
    expect(accepted!.status).toBe(200);
    expect(accepted!.headers['webhook-id']).toBe(refused!.headers['webhook-id']);
    expect(accepted!.json).toEqual(refused!.json);
    expect(r.received.every((x) => x.verified)).toBe(true);
    const waited =
      Number(accepted!.headers['webhook-timestamp']) -
      Number(refused!.headers['webhook-timestamp']);
    expect(waited).toBeGreaterThanOrEqual(4);

    // The receiver answers before the daemon records the answer: wait for the record.
    const delivery = await waitUntil('the retried delivery recorded as succeeded', async () => {
      const [latest] = (await call('GET', '/v1/webhooks/deliveries')).data;
      return latest?.status === 'succeeded' && latest;
    });
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2, response_status: 200 });
  });

  it('loses nothing across a crash and restarts, and sends nothing twice', async () => {
    const r = await receiver();
    let d = await daemon();
    const dataDir = d.dataDir;
    let call = api(d);
    await registerHook(call, r, '/hooks');
    const retailer = await call('POST', '/v1/retailers', { name: 'Beds', code: 'BD' });
    const line = [{ sku: 'BED', colour: null, qty: 1, pieces_per_unit: 1 }];
    await call('POST', '/v1/orders', { order_no: 'BD-1', retailer_id: retailer.id, lines: line });
    await r.waitFor((x) => x.acknowledged.length === 1);

    // The receiver is down: the next delivery fails and waits for its retry when the process dies.
    r.reply = () => ({ status: 503 });
    await call('POST', '/v1/orders', { order_no: 'BD-2', retailer_id: retailer.id, lines: line });
    const retrying = await waitUntil('the refused delivery recorded as retrying', async () => {
      const list = await call('GET', '/v1/webhooks/deliveries?status=retrying');
      return list.data.length === 1 && list.data[0];
    });
    expect(retrying).toMatchObject({
      attempts: 1,
      response_status: 503,
      error: 'HTTP 503',
    });
    expect(await d.stop('SIGKILL')).toBeNull();

    // While it is down, another program writes an order (and so an event) into the database.
    const store = await openDaemonStore(dataDir);
    const core = createCoreContext({ db: store.db, clock: systemClock });
    const [factoryId] = await listFactoryIds(core);
    await createOrder(
      core,
      factoryId!,
      { order_no: 'BD-3', retailer_id: retailer.id, lines: line } as never,
      'api',
    );
    await store.close();

    r.reply = () => ({ status: 200 });
    d = await daemon(dataDir);
    call = api(d);
    await r.waitFor((x) => x.acknowledged.length === 3);
    const orderNos = r.acknowledged.map((x) => (x.json.data as { order_no: string }).order_no);
    expect(orderNos.sort()).toEqual(['BD-1', 'BD-2', 'BD-3']);

    // A clean stop and start sends nothing again.
    expect(await d.stop('SIGTERM')).toBe(0);
    d = await daemon(dataDir);
    call = api(d);
    await call('POST', '/v1/orders', { order_no: 'BD-4', retailer_id: retailer.id, lines: line });
    await r.waitFor((x) => x.acknowledged.length >= 4);
    // The receiver answers before the daemon records the answer: wait for the record.
    const statuses = await waitUntil('every delivery recorded as succeeded', async () => {
      const list: string[] = (await call('GET', '/v1/webhooks/deliveries')).data.map(
        (x: { status: string }) => x.status,
      );
      return list.every((s) => s === 'succeeded') && list;
    });
    expect(statuses).toEqual(Array(4).fill('succeeded'));
    expect(r.acknowledged).toHaveLength(4);
    expectNoneTwice(r);
    expect(r.received.every((x) => x.verified)).toBe(true);
  });

  it('a receiver that hangs does not hold up POST /v1/scans, and gets everything once it answers', async () => {
    const d = await daemon();
    const r = await receiver();
    const call = api(d);
    const retailer = await call('POST', '/v1/retailers', { name: 'Chairs', code: 'CH' });
    const order = await call('POST', '/v1/orders', {
      order_no: 'CH-1',
      retailer_id: retailer.id,
      lines: [{ sku: 'CHAIR', colour: null, qty: 1, pieces_per_unit: 40 }],
    });
    const barcodes: string[] = order.pieces.map((p: { barcode: string }) => p.barcode);
    const station = await pairStation(call, 'produce');

    // The receiver takes every request and answers none until the test lets it go.
    let letGo!: () => void;
    const hanging = new Promise<void>((resolve) => (letGo = resolve));
    r.reply = () => ({ status: 200, until: hanging });
    await registerHook(call, r, '/slow');
    await registerHook(call, r, '/slow-too', ['scan.recorded']);

    // Every scan is answered while the receiver still holds every request it was sent: no scan
    // waits for a webhook (if one did, it would wait until the test's timeout).
    for (const barcode of barcodes) {
      const scan = await call('POST', '/v1/scans', { barcode }, station);
      expect(scan.accepted).toBe(true);
    }
    await r.waitFor((x) => x.maxInFlightByPath.get('/slow') === 4 && x.inFlight >= 8);
    expect(r.received.some((x) => x.answered)).toBe(false);
    // Each endpoint has at most 4 requests in flight; the rest wait in the database.
    expect(r.maxInFlightByPath.get('/slow')).toBe(4);
    expect(r.maxInFlightByPath.get('/slow-too')).toBe(4);
    const pending = await call('GET', '/v1/webhooks/deliveries?status=pending&limit=100');
    expect(pending.data.length).toBeGreaterThan(0);

    // Once it answers, every scan reaches both endpoints, each delivery once.
    letGo();
    await r.waitFor(
      (x) =>
        x.acknowledged.filter((a) => a.path === '/slow-too' && a.answered).length ===
          barcodes.length &&
        x.acknowledged.filter((a) => a.path === '/slow' && a.json.type === 'scan.recorded')
          .length === barcodes.length,
    );
    expectNoneTwice(r);
    expect(r.received.every((x) => x.verified)).toBe(true);
  });
});
