// Idempotency-Key edges: the body is compared as canonical JSON (key order does not matter), and
// a concurrent duplicate waits briefly for the first request and replays its answer.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { canonicalJson } from '../../src/api/idempotency.js';
import { IDEMPOTENCY_WAIT_MS } from '../../src/core/idempotency.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const post = (app: FastifyInstance, key: string, payload: string) =>
  app.inject({
    method: 'POST',
    url: '/v1/retailers',
    headers: {
      authorization: `Bearer ${t.apiKey}`,
      'idempotency-key': key,
      'content-type': 'application/json',
    },
    payload,
  });

describe('canonical JSON', () => {
  it('sorts keys at every depth and keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('the same fields in another order are a replay, not idempotency_key_reused', async () => {
    const first = await post(t.app, 'k-1', '{"name":"Sofa World","code":"SW"}');
    expect(first.statusCode, first.body).toBe(200);
    const reordered = await post(t.app, 'k-1', '{ "code": "SW",\n  "name": "Sofa World" }');
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.headers['idempotent-replayed']).toBe('true');
    expect(reordered.json().id).toBe(first.json().id);

    const changed = await post(t.app, 'k-1', '{"code":"SW","name":"Sofa Town"}');
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error.code).toBe('idempotency_key_reused');
    const list = await t.request('GET', '/v1/retailers');
    expect(list.json().data).toHaveLength(1);
  });
});

describe('a concurrent duplicate', () => {
  /** An app whose requests carrying `x-hold` wait in their handler until released. */
  async function holdingApp() {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const inHandler = new Promise<void>((resolve) => (reached = resolve));
    const app = await buildApp({ core: t.core });
    app.addHook('preHandler', async (request) => {
      if (request.headers['x-hold'] === undefined) return;
      reached();
      await released;
    });
    await app.ready();
    const send = (key: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/retailers',
        headers: { authorization: `Bearer ${t.apiKey}`, 'idempotency-key': key, 'x-hold': '1' },
        payload: { name: 'Beds', code: 'BD' },
      });
    return { app, send, inHandler, release };
  }

  it('waits for the first request and replays its answer', async () => {
    const held = await holdingApp();
    const first = held.send('dup-1');
    await held.inHandler;
    const started = performance.now();
    const duplicate = post(t.app, 'dup-1', '{"code":"BD","name":"Beds"}');
    setTimeout(() => held.release(), 300);
    const [a, b] = await Promise.all([first, duplicate]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.json().id).toBe(a.json().id);
    expect(performance.now() - started).toBeLessThan(IDEMPOTENCY_WAIT_MS);
    await held.app.close();
  });

  it('answers 409 with a short retry-after when the first is still running after the wait', async () => {
    const held = await holdingApp();
    const first = held.send('dup-2');
    await held.inHandler;
    const started = performance.now();
    const duplicate = await post(t.app, 'dup-2', '{"name":"Beds","code":"BD"}');
    const waited = performance.now() - started;
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.code).toBe('idempotency_key_in_use');
    expect(Number(duplicate.headers['retry-after'])).toBe(1);
    expect(waited).toBeGreaterThan(IDEMPOTENCY_WAIT_MS - 250);
    expect(waited).toBeLessThan(IDEMPOTENCY_WAIT_MS + 1500);

    held.release();
    expect((await first).statusCode).toBe(200);
    const retry = await post(t.app, 'dup-2', '{"name":"Beds","code":"BD"}');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    await held.app.close();
  });
});
