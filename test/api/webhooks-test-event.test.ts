// POST /v1/webhooks/{id}/test and GET /v1/webhooks/deliveries/{id}: a test event goes to one
// endpoint through the ordinary delivery path, signed, and a delivery shows the body it sends.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/clock.js';
import { WebhookDispatcher } from '../../src/daemon/webhooks/dispatcher.js';
import { Receiver } from '../core/webhooks/receiver.js';
import { createSecondFactory, makeTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let receiver: Receiver;
let dispatcher: WebhookDispatcher;

beforeEach(async () => {
  // Near the real time, so the receiver's `Webhook.verify` timestamp tolerance holds.
  t = await makeTestApp({ clock: new ManualClock(new Date()) });
  receiver = await new Receiver().listen();
  dispatcher = new WebhookDispatcher(t.core, { userAgent: 'factoryd-webhooks/test', wake: false });
});
afterEach(async () => {
  await dispatcher.stop(0);
  await receiver.close();
  await t.close();
});

async function endpoint(path: string, events: string[] = ['*']): Promise<string> {
  const res = await t.request('POST', '/v1/webhooks', {
    body: { url: `${receiver.url}${path}`, events },
  });
  expect(res.statusCode, res.body).toBe(200);
  receiver.secretFor(path, res.json().secret);
  return res.json().id as string;
}

describe('POST /v1/webhooks/:id/test', () => {
  it('queues a signed webhook.test for that endpoint only, sent like any event', async () => {
    // Subscribed to one other type only: a test goes to the endpoint asked for regardless.
    const target = await endpoint('/target', ['order.created']);
    await endpoint('/bystander');
    const events = t.signals.events;

    const res = await t.request('POST', `/v1/webhooks/${target}/test`);
    expect(res.statusCode, res.body).toBe(200);
    const queued = res.json();
    expect(queued).toMatchObject({
      object: 'webhook_delivery',
      endpoint_id: target,
      event_type: 'webhook.test',
      status: 'pending',
      attempts: 0,
    });
    expect(t.signals.events).toBe(events + 1);

    expect(await dispatcher.runDue()).toEqual({ attempts: 1, succeeded: 1, failed: 0 });
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.path).toBe('/target');
    expect(got.verified).toBe(true);
    expect(got.headers['webhook-id']).toBe(queued.event_id);
    expect(got.json).toEqual({
      type: 'webhook.test',
      timestamp: queued.created_at,
      data: {
        endpoint_id: target,
        url: `${receiver.url}/target`,
        message: expect.stringContaining('test event'),
      },
    });

    // The delivery shows the body as sent, and what was kept of the answer.
    const detail = await t.request('GET', `/v1/webhooks/deliveries/${queued.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      id: queued.id,
      status: 'succeeded',
      attempts: 1,
      response_status: 200,
      error: null,
      payload: got.json,
    });
    expect(detail.json().response_ms).toEqual(expect.any(Number));
    const listed = await t.request('GET', '/v1/webhooks/deliveries?event_type=webhook.test');
    expect(listed.json().data.map((d: { id: string }) => d.id)).toEqual([queued.id]);
  });

  it('refuses a disabled endpoint (409) and an unknown or deleted one (404)', async () => {
    const id = await endpoint('/hooks');
    await t.request('PATCH', `/v1/webhooks/${id}`, { body: { enabled: false } });
    const disabled = await t.request('POST', `/v1/webhooks/${id}/test`);
    expect(disabled.statusCode).toBe(409);
    expect(disabled.json().error.code).toBe('endpoint_disabled');

    await t.request('DELETE', `/v1/webhooks/${id}`);
    expect((await t.request('POST', `/v1/webhooks/${id}/test`)).statusCode).toBe(404);
    expect((await t.request('POST', '/v1/webhooks/whe_nope/test')).statusCode).toBe(404);
    expect(await dispatcher.runDue()).toEqual({ attempts: 0, succeeded: 0, failed: 0 });
  });

  it("another factory's endpoints and deliveries are not found", async () => {
    const id = await endpoint('/hooks');
    const queued = (await t.request('POST', `/v1/webhooks/${id}/test`)).json();
    const second = await createSecondFactory(t.core);
    const test = await t.request('POST', `/v1/webhooks/${id}/test`, { token: second.apiKey });
    expect(test.statusCode).toBe(404);
    const detail = await t.request('GET', `/v1/webhooks/deliveries/${queued.id}`, {
      token: second.apiKey,
    });
    expect(detail.statusCode).toBe(404);
  });
});
