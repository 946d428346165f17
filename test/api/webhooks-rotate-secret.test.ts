// POST /v1/webhooks/{id}/rotate-secret: a new secret once, and both sign until expires_at —
// checked with the standardwebhooks library against each secret.
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transact } from '../../src/core/transaction.js';
import { WebhookDispatcher } from '../../src/daemon/webhooks/dispatcher.js';
import { HOUR, ManualClock } from '../../src/domain/clock.js';
import { Receiver, type Received } from '../core/webhooks/receiver.js';
import { createSecondFactory, makeTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let receiver: Receiver;
let dispatcher: WebhookDispatcher;

beforeEach(async () => {
  t = await makeTestApp({ clock: new ManualClock(new Date()) });
  receiver = await new Receiver().listen();
  dispatcher = new WebhookDispatcher(t.core, { userAgent: 'factoryd-webhooks/test', wake: false });
});
afterEach(async () => {
  await dispatcher.stop(0);
  await receiver.close();
  await t.close();
});

/**
 * Whether `standardwebhooks` with this secret accepts the delivery's signature: its own `sign`
 * of the delivery is one of the header's signatures (the test clock may run days ahead, past the
 * library's timestamp tolerance; `Webhook.verify` is used where it does not).
 */
function verifiesWith(secret: string, got: Received): boolean {
  const at = new Date(Number(got.headers['webhook-timestamp']) * 1000);
  const expected = new Webhook(secret).sign(got.headers['webhook-id']!, at, got.body);
  return got.headers['webhook-signature']!.split(' ').includes(expected);
}

/** `Webhook.verify` with this secret, timestamp tolerance and all. */
function libraryVerifies(secret: string, got: Received): boolean {
  try {
    new Webhook(secret).verify(got.body, got.headers);
    return true;
  } catch {
    return false;
  }
}

async function deliverOne(): Promise<Received> {
  const before = receiver.received.length;
  await transact(t.core, async (tx) => tx.emit(t.factoryId, 'order.created', { n: before }));
  await dispatcher.runDue();
  expect(receiver.received).toHaveLength(before + 1);
  return receiver.received[before]!;
}

describe('POST /v1/webhooks/:id/rotate-secret', () => {
  it('returns a new secret once; both sign until expires_at (24 h by default), then the new one alone', async () => {
    const created = await t.request('POST', '/v1/webhooks', {
      body: { url: `${receiver.url}/erp`, events: ['*'] },
    });
    const { id, secret: oldSecret } = created.json();

    const res = await t.request('POST', `/v1/webhooks/${id}/rotate-secret`, { body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json();
    expect(rotated).toMatchObject({
      id,
      object: 'webhook_endpoint',
      secret: expect.stringMatching(/^whsec_/),
      previous_secret_expires_at: new Date(t.clock.now().getTime() + 24 * HOUR).toISOString(),
    });
    expect(rotated.secret).not.toBe(oldSecret);
    // Shown once: the endpoint's reads never carry it.
    const read = await t.request('GET', `/v1/webhooks/${id}`);
    expect(read.body).not.toContain(rotated.secret);
    expect(read.body).not.toContain(oldSecret);

    // During the overlap: two signatures, each verified by its own secret.
    receiver.secretFor('/erp', rotated.secret);
    const during = await deliverOne();
    expect(during.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(during.verified).toBe(true);
    expect(libraryVerifies(oldSecret, during)).toBe(true);
    expect(libraryVerifies(rotated.secret, during)).toBe(true);
    expect(verifiesWith(oldSecret, during)).toBe(true);
    expect(verifiesWith(rotated.secret, during)).toBe(true);
    expect(verifiesWith(`whsec_${Buffer.alloc(24, 7).toString('base64')}`, during)).toBe(false);

    // After expires_at: the new secret alone.
    t.clock.advance(24 * HOUR + 1);
    const after = await deliverOne();
    expect(after.headers['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(verifiesWith(rotated.secret, after)).toBe(true);
    expect(verifiesWith(oldSecret, after)).toBe(false);
  });

  it('takes the overlap asked for, refuses one out of range, and keeps two secrets at most', async () => {
    const created = await t.request('POST', '/v1/webhooks', {
      body: { url: `${receiver.url}/erp`, events: ['*'] },
    });
    const { id, secret: first } = created.json();
    const at = new Date(t.clock.now().getTime() + HOUR).toISOString();
    const second = await t.request('POST', `/v1/webhooks/${id}/rotate-secret`, {
      body: { expires_at: at },
    });
    expect(second.json().previous_secret_expires_at).toBe(at);
    const third = await t.request('POST', `/v1/webhooks/${id}/rotate-secret`, { body: {} });
    receiver.secretFor('/erp', third.json().secret);
    const got = await deliverOne();
    expect(verifiesWith(second.json().secret, got)).toBe(true);
    expect(verifiesWith(third.json().secret, got)).toBe(true);
    expect(verifiesWith(first, got)).toBe(false);

    // Now (from a client whose clock runs a minute behind): the old secret stops at once.
    const now = await t.request('POST', `/v1/webhooks/${id}/rotate-secret`, {
      body: { expires_at: new Date(t.clock.now().getTime() - 60_000).toISOString() },
    });
    expect(now.json().previous_secret_expires_at).toBe(t.clock.now().toISOString());
    receiver.secretFor('/erp', now.json().secret);
    expect((await deliverOne()).headers['webhook-signature']!.split(' ')).toHaveLength(1);

    for (const body of [
      { expires_at: new Date(t.clock.now().getTime() - HOUR).toISOString() },
      { expires_at: new Date(t.clock.now().getTime() + 8 * 24 * HOUR).toISOString() },
      { expires_at: 'tomorrow' },
      { overlap: 5 },
    ]) {
      const bad = await t.request('POST', `/v1/webhooks/${id}/rotate-secret`, { body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().error.code).toBe('validation_failed');
    }
    const second2 = await createSecondFactory(t.core);
    const other = await t.request('POST', `/v1/webhooks/${id}/rotate-secret`, {
      token: second2.apiKey,
      body: {},
    });
    expect(other.statusCode).toBe(404);
  });
});
