import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { createCoreContext } from '../../src/core/context.js';
import { IDEMPOTENCY_LEASE_MS } from '../../src/core/idempotency.js';
import { SECOND } from '../../src/domain/clock.js';
import type { Store } from '../../src/store/database.js';
import { makeTestApp, RecordingSignals, type TestApp } from '../helpers/app.js';
import { reopenStore } from '../helpers/dialect.js';

// Answers and the document are read field by field; a loose type keeps that readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * Idempotency-Key across a process that dies mid-request. Two apps share one database: the
 * first stands for a process frozen at a chosen point of a request (a hook that holds it there,
 * as a kill -9 would leave it: nothing after that point ever runs), the second for the restarted
 * process that gets the client's retry.
 */

let t: TestApp;
let restarted: { app: FastifyInstance; store: Store } | undefined;
/** Frozen first processes, thawed and closed after each test. */
const frozenApps: Array<{ app: FastifyInstance; release(): void; pending: Promise<unknown>[] }> =
  [];

beforeEach(async () => {
  t = await makeTestApp({ app: {} });
});
afterEach(async () => {
  for (const frozen of frozenApps.splice(0)) {
    frozen.release();
    await Promise.all(frozen.pending);
    await frozen.app.close();
  }
  if (restarted) {
    await restarted.app.close();
    await restarted.store.close();
    restarted = undefined;
  }
  await t.close();
});

/** A second process on the same database and clock. */
async function restart(): Promise<FastifyInstance> {
  const store = await reopenStore(t.store);
  const app = await buildApp({
    core: createCoreContext({ db: store.db, clock: t.clock, signals: new RecordingSignals() }),
  });
  await app.ready();
  restarted = { app, store };
  return app;
}

const body = { url: 'http://127.0.0.1:9/erp', events: ['order.created'] };

function post(app: FastifyInstance, key: string) {
  return app.inject({
    method: 'POST',
    url: '/v1/webhooks',
    headers: { authorization: `Bearer ${t.apiKey}`, 'idempotency-key': key },
    payload: body,
  });
}

async function endpoints(): Promise<string[]> {
  const res = await t.request('GET', '/v1/webhooks');
  return res.json().data.map((e: { id: string }) => e.id);
}

/** Builds the first process with a hook that freezes matching requests at `stage`. */
async function freezingApp(stage: 'preHandler' | 'preSerialization') {
  let frozen!: () => void;
  const reached = new Promise<void>((resolve) => (frozen = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const app = await buildApp({ core: t.core });
  app.addHook(stage, async (request: { headers: Record<string, unknown> }) => {
    if (request.headers['x-freeze'] === undefined) return;
    frozen();
    await released;
  });
  await app.ready();
  const pending: Promise<unknown>[] = [];
  frozenApps.push({ app, release: () => release(), pending });
  const send = (key: string) => {
    const response = app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { authorization: `Bearer ${t.apiKey}`, 'idempotency-key': key, 'x-freeze': '1' },
      payload: body,
    });
    pending.push(response);
    return response;
  };
  return { app, send, reached, release };
}

describe('Idempotency-Key and a process that dies', () => {
  it('after the commit, before the answer: the retry gets the stored answer, nothing is made twice', async () => {
    const first = await freezingApp('preSerialization');
    // The use case committed; the process dies before writing (or storing) its answer.
    void first.send('hook-1');
    await first.reached;
    const [made] = await endpoints();
    expect(made).toMatch(/^whe_/);

    const retry = await post(await restart(), 'hook-1');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toMatchObject({ id: made, url: body.url, secret: expect.any(String) });
    expect(await endpoints()).toEqual([made]);
  });

  it('after the claim, before any change: 409 with retry-after while the lease runs, then the retry runs', async () => {
    const first = await freezingApp('preHandler');
    void first.send('hook-2');
    await first.reached;
    expect(await endpoints()).toEqual([]);

    const app = await restart();
    const early = await post(app, 'hook-2');
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('idempotency_key_in_use');
    const wait = Number(early.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(IDEMPOTENCY_LEASE_MS / SECOND);

    t.clock.advance(IDEMPOTENCY_LEASE_MS + SECOND);
    const retry = await post(app, 'hook-2');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await endpoints()).toEqual([retry.json().id]);
    // And its answer is kept for the next retry.
    const again = await post(app, 'hook-2');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(retry.json().id);
  });

  it('a request that outlived its lease and lost the key changes nothing when it wakes', async () => {
    const first = await freezingApp('preHandler');
    const late = first.send('hook-3');
    await first.reached;
    t.clock.advance(IDEMPOTENCY_LEASE_MS + SECOND);
    const retry = await post(await restart(), 'hook-3');
    expect(retry.statusCode, retry.body).toBe(200);

    // The first request goes on: its change would make a second endpoint; it is rolled back.
    first.release();
    const woke = await late;
    expect(woke.statusCode).toBe(409);
    expect(woke.json().error.code).toBe('idempotency_key_in_use');
    expect(await endpoints()).toEqual([retry.json().id]);
  });

  it('a refused request keeps its refusal', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { authorization: `Bearer ${t.apiKey}`, 'idempotency-key': 'bad-1' },
      payload: { url: 'ftp://nowhere', events: ['order.created'] },
    });
    expect(refused.statusCode).toBe(400);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { authorization: `Bearer ${t.apiKey}`, 'idempotency-key': 'bad-1' },
      payload: { url: 'ftp://nowhere', events: ['order.created'] },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(refused.body);
  });
});

describe('every creating route', () => {
  it('stores its answer in the transaction that makes the change', async () => {
    let releaseAll!: () => void;
    const released = new Promise<void>((resolve) => (releaseAll = resolve));
    // What the app logs from warnings up: no route may fall back to storing its answer late.
    const logged: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(line) });
    const app = await buildApp({ core: t.core, logger });
    let frozen: (() => void) | undefined;
    app.addHook('preSerialization', async (request) => {
      if (request.headers['idempotency-key'] === undefined) return;
      frozen?.();
      await released;
    });
    await app.ready();
    frozenApps.push({ app, release: releaseAll, pending: [] });

    const call = async (
      method: 'POST' | 'GET',
      url: string,
      payload?: unknown,
      token = t.apiKey,
    ) => {
      const res = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    const retailer = await call('POST', '/v1/retailers', { name: 'Sofa World', code: 'SW' });
    const order = await call('POST', '/v1/orders', {
      order_no: 'SW-1',
      retailer_id: retailer.id,
      lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: 2 }],
    });
    const [out, spare] = order.pieces.map((p: { barcode: string }) => p.barcode);
    const station = async (role: string) => {
      const { code } = await call('POST', '/v1/stations/pairing-codes', { name: role, role });
      return call('POST', '/v1/stations/pair', { code });
    };
    for (const role of ['produce', 'stock', 'dispatch']) {
      const { token } = await station(role);
      await call('POST', '/v1/scans', { barcode: out, location: 'A-1' }, token);
    }
    const { id: stationId } = await station('produce');
    const rolled = await call('POST', '/v1/api-keys', { name: 'to roll' });
    const consignment = await call('POST', '/v1/consignments', { retailer_id: retailer.id });
    // Nothing listens at the printer's address: its jobs stay queued.
    const printer = await call('POST', '/v1/printers', {
      name: 'Dock',
      language: 'zpl',
      uri: 'tcp://127.0.0.1:9',
    });

    const requests: Record<string, { url: string; payload: unknown; csv?: boolean }> = {
      'POST /v1/api-keys': { url: '/v1/api-keys', payload: { name: 'ERP' } },
      'POST /v1/api-keys/:id/roll': {
        url: `/v1/api-keys/${rolled.id}/roll`,
        payload: { overlap_seconds: 60 },
      },
      'POST /v1/staff': {
        url: '/v1/staff',
        payload: {
          email: 'sam@f.example',
          name: 'Sam',
          role: 'admin',
          password: 'a long password',
        },
      },
      'POST /v1/items/:barcode/void': {
        url: `/v1/items/${encodeURIComponent(spare)}/void`,
        payload: { reason: 'torn' },
      },
      'POST /v1/orders': {
        url: '/v1/orders',
        payload: {
          order_no: 'SW-2',
          retailer_code: 'SW',
          lines: [{ sku: 'X', qty: 1, pieces_per_unit: 1 }],
        },
      },
      'POST /v1/orders/upload': {
        url: '/v1/orders/upload',
        payload:
          'order_no,retailer_code,sku,colour,qty,pieces_per_unit,production_date,needed_by,piece_names\nSW-3,SW,BED,,1,1,,,\n',
        csv: true,
      },
      'POST /v1/retailers/:id/users': {
        url: `/v1/retailers/${retailer.id}/users`,
        payload: { email: 'buyer@sw.example', name: 'Bo', role: 'buyer' },
      },
      'POST /v1/retailers': { url: '/v1/retailers', payload: { name: 'Beds', code: 'BD' } },
      'POST /v1/returns': { url: '/v1/returns', payload: { barcode: out } },
      'POST /v1/pairing-codes': {
        url: '/v1/pairing-codes',
        payload: { name: 'Line 9', role: 'produce' },
      },
      'POST /v1/stations/:id/hardware-check': {
        url: `/v1/stations/${stationId}/hardware-check`,
        payload: { input_mode: 'keyboard', suffix: 'enter', passed: true },
      },
      'POST /v1/webhooks': {
        url: '/v1/webhooks',
        payload: { url: 'http://127.0.0.1:9/h', events: ['*'] },
      },
      'POST /v1/consignments': { url: '/v1/consignments', payload: { retailer_id: retailer.id } },
      'POST /v1/consignments/:id/handling-units': {
        url: `/v1/consignments/${consignment.id}/handling-units`,
        payload: {},
      },
      'POST /v1/printers': {
        url: '/v1/printers',
        payload: { name: 'Office', language: 'zpl', uri: 'tcp://127.0.0.1:9' },
      },
      'POST /v1/print-jobs': {
        url: '/v1/print-jobs',
        payload: { printer_id: printer.id, test_label: true },
      },
      'POST /v1/operators': { url: '/v1/operators', payload: { name: 'Ana' } },
    };
    // Every operation the document says takes an Idempotency-Key.
    const doc = (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const idempotent = Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(
      ([path, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => op.parameters?.some((p: Json) => p.name === 'idempotency-key'))
          .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(Object.keys(requests).sort()).toEqual(idempotent.sort());

    const stored = t.sql.prepare('select state, response_body from idempotency_keys where key = ?');
    const answers: Array<[string, Promise<{ body: string }>]> = [];
    for (const [route, { url, payload, csv }] of Object.entries(requests)) {
      const key = `key ${route}`;
      const reached = new Promise<void>((resolve) => (frozen = resolve));
      const answer = app.inject({
        method: 'POST',
        url,
        headers: {
          authorization: `Bearer ${t.apiKey}`,
          'idempotency-key': key,
          ...(csv ? { 'content-type': 'text/csv' } : {}),
        },
        payload: payload as string,
      });
      // The handler is done and its transaction committed; nothing after it has run.
      await reached;
      expect(await stored.get(key), route).toMatchObject({ state: 'done' });
      answers.push([key, answer]);
    }
    releaseAll();
    for (const [key, answer] of answers) {
      const { body } = await answer;
      expect(await stored.get(key), key).toEqual({ state: 'done', response_body: body });
    }
    expect(logged.filter((line) => line.includes('idempotent answer not stored'))).toEqual([]);
  });
});
