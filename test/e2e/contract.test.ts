import { request } from 'undici';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Receiver } from '../core/webhooks/receiver.js';
import { startDaemon, type RunningDaemon } from '../helpers/daemon.js';
import { waitUntil } from '../helpers/wait.js';

// Answers are checked field by field by the assertions; a loose type keeps those readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * The integrator's contract on the real `factoryd serve` (the bundle, or the single executable
 * under `npm run test:binary`): a receiver that was down replays from GET /v1/events what it
 * missed, a rotated secret signs beside the old one, a scoped key is held to its scopes, an
 * order is amended before production, and every answer names its API version.
 */

let d: RunningDaemon;
let r: Receiver;
beforeAll(async () => {
  d = await startDaemon();
  r = await new Receiver().listen();
});
afterAll(async () => {
  await r.close();
  await d.stop();
});

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  token = d.apiKey,
): Promise<{ status: number; headers: Record<string, unknown>; json: Json }> {
  const res = await request(`${d.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'factoryd-version': '2026-11-01',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, headers: res.headers, json: (await res.body.json()) as Json };
}

async function ok(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<Json> {
  const res = await call(method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.json)}`).toBe(200);
  expect(res.headers['factoryd-version']).toBe('2026-11-01');
  return res.json;
}

describe('the integrator’s contract on factoryd serve', () => {
  it('replays missed events, signs with both secrets while rotating, holds keys to scopes', async () => {
    const retailer = await ok('POST', '/v1/retailers', { name: 'Sofa World', code: 'SW' });
    const hook = await ok('POST', '/v1/webhooks', { url: `${r.url}/erp`, events: ['*'] });
    r.secretFor('/erp', hook.secret);
    const push = (n: number) =>
      ok('POST', '/v1/orders', {
        order_no: `SW-${n}`,
        retailer_id: retailer.id,
        lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: 1 }],
      });

    await push(1);
    await waitUntil('the first delivery', () => r.acknowledged.length === 1);
    const last = r.acknowledged[0]!;

    // Down: every delivery fails for now; three more orders are pushed.
    r.reply = () => ({ status: 503, headers: { 'retry-after': '3600' } });
    const missed = [];
    for (let n = 2; n <= 4; n++) missed.push((await push(n)).id);
    await waitUntil('three failed deliveries', () => r.received.length >= 4);

    const page = await ok(
      'GET',
      `/v1/events?type=order.created&created_after=${encodeURIComponent(last.json.timestamp)}`,
    );
    const replay = (page.data as Json[])
      .reverse()
      .filter((e) => e.id !== last.headers['webhook-id']);
    expect(replay.map((e) => e.data.id)).toEqual(missed);

    // Rotation: the next delivery carries two signatures, one per secret.
    r.reply = () => ({ status: 200 });
    const rotated = await ok('POST', `/v1/webhooks/${hook.id}/rotate-secret`, {});
    r.secretFor('/erp', rotated.secret);
    const test = await ok('POST', `/v1/webhooks/${hook.id}/test`);
    await waitUntil('the test event', () =>
      r.received.some((x) => x.headers['webhook-id'] === test.event_id),
    );
    const got = r.received.find((x) => x.headers['webhook-id'] === test.event_id)!;
    expect(got.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const secret of [hook.secret, rotated.secret]) {
      expect(() => new Webhook(secret).verify(got.body, got.headers)).not.toThrow();
    }

    // A read-only key reads, and is refused a push.
    const reader = await ok('POST', '/v1/api-keys', { name: 'BI', scopes: ['read'] });
    expect((await call('GET', '/v1/orders', undefined, reader.key)).status).toBe(200);
    const refused = await call('POST', '/v1/orders', {}, reader.key);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('forbidden');

    // An order amended before production.
    const amended = await ok('PATCH', `/v1/orders/${missed[0]}`, {
      lines: [{ sku: 'SOFA', qty: 2, pieces_per_unit: 1 }],
    });
    expect(amended.pieces).toHaveLength(2);

    const bad = await call('GET', '/v1/orders', undefined, d.apiKey);
    expect(bad.headers['factoryd-version']).toBe('2026-11-01');
  });
});
