import { sqliteOf } from '../../helpers/dialect.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventType } from '../../../src/core/events.js';
import { updateSettings } from '../../../src/core/factory/settings.js';
import { transact } from '../../../src/core/transaction.js';
import { retryDelivery } from '../../../src/core/webhooks/deliveries.js';
import type { DispatcherOptions } from '../../../src/daemon/webhooks/dispatcher-options.js';
import { WebhookDispatcher } from '../../../src/daemon/webhooks/dispatcher.js';
import {
  createWebhookEndpoint,
  getWebhookEndpoint,
  updateWebhookEndpoint,
} from '../../../src/core/webhooks/endpoints.js';
import {
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
  RETRY_JITTER,
} from '../../../src/core/webhooks/retry-policy.js';
import { DAY, HOUR, ManualClock, SECOND } from '../../../src/domain/clock.js';
import type { WebhookDeliveryTable } from '../../../src/store/schema.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';
import { Receiver } from '../../core/webhooks/receiver.js';

let t: TestApp;
let receiver: Receiver;
let dispatcher: WebhookDispatcher;

/** A clock near the real time, so `Webhook.verify`'s timestamp tolerance holds. */
const nearNow = () => new ManualClock(new Date());

async function setUp(clock: ManualClock, options: Partial<DispatcherOptions> = {}): Promise<void> {
  t = await makeTestApp({ clock });
  receiver = await new Receiver().listen();
  dispatcher = new WebhookDispatcher(t.core, {
    userAgent: 'factoryd-webhooks/test',
    wake: false,
    ...options,
  });
}

afterEach(async () => {
  await dispatcher.stop(0);
  await receiver.close();
  await t.close();
});

async function endpoint(path: string, events: string[] = ['*']): Promise<string> {
  const created = await createWebhookEndpoint(t.core, t.factoryId, {
    url: `${receiver.url}${path}`,
    events,
  });
  receiver.secretFor(path, created.secret);
  return created.id;
}

function emit(type: EventType, data: unknown): Promise<string> {
  return transact(t.core, async (tx) => tx.emit(t.factoryId, type, data));
}

function deliveries(): WebhookDeliveryTable[] {
  return sqliteOf(t.store)
    .prepare('select * from webhook_deliveries order by id')
    .all() as WebhookDeliveryTable[];
}

describe('delivery', () => {
  beforeEach(() => setUp(nearNow()));

  it('signs per Standard Webhooks and records the success', async () => {
    await endpoint('/hooks');
    const eventId = await emit('order.created', { id: 'ord_1', order_no: 'A-1' });
    const stats = await dispatcher.runDue();

    expect(stats).toEqual({ attempts: 1, succeeded: 1, failed: 0 });
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.verified).toBe(true);
    expect(got.headers['webhook-id']).toBe(eventId);
    expect(got.headers['webhook-timestamp']).toBe(
      String(Math.floor(t.clock.now().getTime() / 1000)),
    );
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toBe('factoryd-webhooks/test');
    expect(got.json).toEqual({
      type: 'order.created',
      timestamp: t.clock.now().toISOString(),
      data: { id: 'ord_1', order_no: 'A-1' },
    });

    const [d] = deliveries();
    expect(d).toMatchObject({
      event_id: eventId,
      status: 'succeeded',
      attempts: 1,
      response_status: 200,
      error: null,
      next_attempt_at: null,
    });
    expect(d!.response_ms).toBeGreaterThanOrEqual(0);
    // Nothing is sent twice.
    expect(await dispatcher.runDue()).toEqual({ attempts: 0, succeeded: 0, failed: 0 });
  });

  it('sends each event only to the endpoints subscribed when it was written', async () => {
    await endpoint('/all');
    await endpoint('/scans', ['scan.recorded']);
    await emit('order.created', { n: 1 });
    await emit('scan.recorded', { n: 2 });
    await endpoint('/late');
    await dispatcher.runDue();
    const byPath = (p: string) =>
      receiver.received.filter((r) => r.path === p).map((r) => r.json.type);
    expect(byPath('/all').sort()).toEqual(['order.created', 'scan.recorded']);
    expect(byPath('/scans')).toEqual(['scan.recorded']);
    expect(byPath('/late')).toEqual([]);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
  });

  it('sends every delivery exactly once while events keep arriving', async () => {
    await endpoint('/a');
    await endpoint('/b');
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      ids.push(await emit('scan.recorded', { i }));
      dispatcher.kick();
      if (i % 7 === 0) await new Promise((r) => setImmediate(r));
    }
    await dispatcher.runDue();
    for (const path of ['/a', '/b']) {
      const seen = receiver.received
        .filter((r) => r.path === path)
        .map((r) => r.headers['webhook-id']);
      expect(seen.sort()).toEqual([...ids].sort());
    }
    expect(deliveries().every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
  });

  it('keeps to 4 requests in flight per endpoint and 16 in all', async () => {
    const paths = ['/e1', '/e2', '/e3', '/e4', '/e5', '/e6'];
    for (const p of paths) await endpoint(p);
    receiver.reply = () => ({ status: 200, delayMs: 40 });
    for (let i = 0; i < 20; i++) await emit('scan.recorded', { i });
    await dispatcher.runDue();
    expect(receiver.received).toHaveLength(120);
    for (const p of paths) expect(receiver.maxInFlightByPath.get(p)).toBeLessThanOrEqual(4);
    expect(receiver.maxInFlight).toBeLessThanOrEqual(16);
    // The bounds were reached, not merely respected by accident.
    expect(receiver.maxInFlight).toBeGreaterThan(4);
  });

  it('does not follow redirects: a 3xx is a failure', async () => {
    await endpoint('/moved');
    receiver.reply = (r) =>
      r.path === '/moved' ? { status: 302, headers: { location: '/elsewhere' } } : { status: 200 };
    await emit('order.created', {});
    await dispatcher.runDue();
    expect(receiver.received.map((r) => r.path)).toEqual(['/moved']);
    expect(deliveries()[0]).toMatchObject({
      status: 'retrying',
      attempts: 1,
      response_status: 302,
      error: 'HTTP 302: redirect not followed',
    });
  });

  it('never stores the response body, only a short error', async () => {
    await endpoint('/err');
    receiver.reply = () => ({ status: 500 });
    await emit('order.created', {});
    await dispatcher.runDue();
    const [d] = deliveries();
    expect(d).toMatchObject({ status: 'retrying', response_status: 500, error: 'HTTP 500' });
    expect(JSON.stringify(d)).not.toContain('secret internals');
  });

  it('records a refused connection as a failed attempt', async () => {
    const closed = await new Receiver().listen();
    const port = closed.port;
    await closed.close();
    await createWebhookEndpoint(t.core, t.factoryId, {
      url: `http://127.0.0.1:${port}/x`,
      events: ['*'],
    });
    await emit('order.created', {});
    await dispatcher.runDue();
    expect(deliveries()[0]).toMatchObject({
      status: 'retrying',
      attempts: 1,
      response_status: null,
      error: 'connection refused',
    });
  });

  it('checks webhook_allowed_hosts again at every attempt', async () => {
    await endpoint('/x');
    await updateSettings(t.core, t.factoryId, { webhook_allowed_hosts: ['hooks.example.com'] });
    await emit('order.created', {});
    await dispatcher.runDue();
    expect(receiver.received).toHaveLength(0);
    expect(deliveries()[0]).toMatchObject({
      status: 'retrying',
      error: 'host not in webhook_allowed_hosts',
    });
  });
});

describe('retry schedule', () => {
  // The walk covers more than a day of clock time; start far enough back that the final manual
  // retry happens at the real time, where Webhook.verify's tolerance holds again.
  beforeEach(() => setUp(new ManualClock(new Date(Date.now() - 2 * DAY))));

  it('walks every retry until failed; a manual retry then succeeds', async () => {
    await endpoint('/flaky');
    receiver.reply = () => ({ status: 500 });
    const eventId = await emit('order.status_changed', { from: 'produced', to: 'in_stock' });

    const waits: number[] = [];
    await dispatcher.runDue();
    for (;;) {
      const d = deliveries()[0]!;
      if (d.status === 'failed') break;
      expect(d.status).toBe('retrying');
      const last = Date.parse(d.updated_at);
      const next = Date.parse(d.next_attempt_at!);
      waits.push(next - last);
      // Not a moment early: one millisecond before, nothing is due.
      t.clock.set(new Date(next - 1));
      expect((await dispatcher.runDue()).attempts).toBe(0);
      t.clock.set(new Date(next));
      expect((await dispatcher.runDue()).attempts).toBe(1);
    }

    expect(waits).toHaveLength(RETRY_DELAYS_MS.length);
    waits.forEach((wait, i) => {
      expect(wait).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i]!);
      expect(wait).toBeLessThanOrEqual(RETRY_DELAYS_MS[i]! * (1 + RETRY_JITTER));
    });
    const failed = deliveries()[0]!;
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      next_attempt_at: null,
      response_status: 500,
    });
    expect(receiver.received).toHaveLength(MAX_ATTEMPTS);
    // Every attempt carried the same webhook-id, a fresh timestamp and a valid signature.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(
      new Set([eventId]),
    );
    expect(new Set(receiver.received.map((r) => r.headers['webhook-timestamp'])).size).toBe(
      MAX_ATTEMPTS,
    );
    expect(receiver.received.every((r) => r.signatureValid)).toBe(true);

    // Nothing more happens by itself.
    t.clock.advance(DAY);
    expect((await dispatcher.runDue()).attempts).toBe(0);

    // A person fixes the receiver and retries the delivery.
    t.clock.set(new Date());
    receiver.reply = () => ({ status: 204 });
    const retried = await retryDelivery(t.core, t.factoryId, failed.id);
    expect(retried).toMatchObject({
      status: 'retrying',
      attempts: MAX_ATTEMPTS,
      next_attempt_at: t.clock.now().toISOString(),
    });
    expect(t.signals.events).toBeGreaterThan(0);
    expect(await dispatcher.runDue()).toEqual({ attempts: 1, succeeded: 1, failed: 0 });
    expect(deliveries()[0]).toMatchObject({
      status: 'succeeded',
      attempts: MAX_ATTEMPTS + 1,
      response_status: 204,
      error: null,
    });
    expect(receiver.received.at(-1)!.verified).toBe(true);
  });

  it('honours Retry-After on 429 and 503, within bounds', async () => {
    await endpoint('/busy');
    receiver.reply = () => ({ status: 429, headers: { 'retry-after': '120' } });
    await emit('order.created', {});
    await dispatcher.runDue();
    let d = deliveries()[0]!;
    expect(Date.parse(d.next_attempt_at!) - t.clock.now().getTime()).toBe(120 * SECOND);

    t.clock.advance(120 * SECOND);
    const until = new Date(t.clock.now().getTime() + 3 * HOUR);
    receiver.reply = () => ({ status: 503, headers: { 'retry-after': until.toUTCString() } });
    await dispatcher.runDue();
    d = deliveries()[0]!;
    expect(Math.abs(Date.parse(d.next_attempt_at!) - until.getTime())).toBeLessThan(SECOND);

    t.clock.set(until);
    receiver.reply = () => ({ status: 503, headers: { 'retry-after': String(7 * 24 * 3600) } });
    await dispatcher.runDue();
    d = deliveries()[0]!;
    expect(Date.parse(d.next_attempt_at!) - t.clock.now().getTime()).toBe(10 * HOUR);
    expect(d).toMatchObject({ attempts: 3, status: 'retrying', error: 'HTTP 503' });
  });
});

describe('disabling endpoints', () => {
  beforeEach(() => setUp(nearNow()));

  it('410 Gone disables the endpoint and fails its queued deliveries', async () => {
    const id = await endpoint('/gone');
    const other = await endpoint('/fine');
    receiver.reply = (r) => (r.path === '/gone' ? { status: 410 } : { status: 200 });
    await emit('order.created', { n: 1 });
    await dispatcher.runDue();
    // A retry made due again while the endpoint was still enabled would have been sent; instead
    // everything queued for it ended.
    await emit('order.created', { n: 2 });

    expect(await getWebhookEndpoint(t.core, t.factoryId, id)).toMatchObject({
      enabled: false,
      disabled_reason: 'gone',
    });
    const ofGone = deliveries().filter((d) => d.endpoint_id === id);
    expect(ofGone).toHaveLength(1);
    expect(ofGone[0]).toMatchObject({
      status: 'failed',
      response_status: 410,
      next_attempt_at: null,
    });
    await dispatcher.runDue();
    expect(receiver.received.filter((r) => r.path === '/gone')).toHaveLength(1);
    expect(receiver.received.filter((r) => r.path === '/fine')).toHaveLength(2);
    expect((await getWebhookEndpoint(t.core, t.factoryId, other)).enabled).toBe(true);

    // Enabling it again clears the reason; new events reach it.
    const enabled = await updateWebhookEndpoint(t.core, t.factoryId, id, { enabled: true });
    expect(enabled).toMatchObject({ enabled: true, disabled_reason: null });
    receiver.reply = () => ({ status: 200 });
    await emit('order.created', { n: 3 });
    await dispatcher.runDue();
    expect(receiver.acknowledged.filter((r) => r.path === '/gone')).toHaveLength(1);
  });

  it('an endpoint failing every attempt for 5 days is disabled; a success resets the count', async () => {
    const id = await endpoint('/down');
    receiver.reply = () => ({ status: 500 });
    const failingSince = () =>
      (
        sqliteOf(t.store)
          .prepare('select failing_since from webhook_endpoints where id = ?')
          .get(id) as {
          failing_since: string | null;
        }
      ).failing_since;

    // Three days of failures, then one success: the run starts again.
    await emit('order.created', { day: 0 });
    await dispatcher.runDue();
    expect(failingSince()).toBe(t.clock.now().toISOString());
    t.clock.advance(3 * DAY);
    receiver.reply = () => ({ status: 200 });
    await emit('order.created', { day: 3 });
    await dispatcher.runDue();
    expect(failingSince()).toBeNull();

    receiver.reply = () => ({ status: 500 });
    const start = t.clock.now().getTime();
    for (let day = 0; day <= 5; day++) {
      t.clock.set(new Date(start + day * DAY));
      await emit('order.created', { day });
      await dispatcher.runDue();
      const view = await getWebhookEndpoint(t.core, t.factoryId, id);
      expect(view.enabled).toBe(day < 5);
    }
    expect(await getWebhookEndpoint(t.core, t.factoryId, id)).toMatchObject({
      enabled: false,
      disabled_reason: 'failing',
    });
    expect(deliveries().filter((d) => d.next_attempt_at !== null)).toEqual([]);
  });
});

describe('timeouts and shutdown', () => {
  beforeEach(() => setUp(nearNow(), { requestTimeoutMs: 300 }));

  it('a receiver slower than the timeout is a failed attempt', async () => {
    await endpoint('/slow');
    receiver.reply = () => ({ status: 200, delayMs: 2_000 });
    await emit('order.created', {});
    await dispatcher.runDue();
    expect(deliveries()[0]).toMatchObject({
      status: 'retrying',
      attempts: 1,
      response_status: null,
      error: 'timeout after 300 ms',
    });
  });

  it('stop() aborts attempts still in flight after the grace period and leaves them due', async () => {
    await dispatcher.stop(0);
    dispatcher = new WebhookDispatcher(t.core, {
      userAgent: 'x',
      wake: false,
      requestTimeoutMs: 60_000,
    });
    await endpoint('/hang');
    receiver.reply = () => ({ status: 200, delayMs: 30_000 });
    await emit('order.created', {});
    dispatcher.kick();
    await receiver.waitFor((r) => r.received.length === 1);
    await dispatcher.stop(50);
    expect(deliveries()[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
      next_attempt_at: t.clock.now().toISOString(),
    });
  });

  it('a database error while it looks for due deliveries is logged, and it carries on once the database answers', async () => {
    await dispatcher.stop(0);
    const errors: string[] = [];
    dispatcher = new WebhookDispatcher(t.core, {
      userAgent: 'x',
      wake: false,
      log: { warn: () => {}, error: (_obj, msg) => errors.push(msg) },
    });
    await endpoint('/later');
    await emit('order.created', {});
    // The queue's table is away: the look for due deliveries fails.
    const sqlite = sqliteOf(t.store);
    sqlite.exec('alter table webhook_deliveries rename to webhook_deliveries_away');
    expect(await dispatcher.runDue()).toEqual({ attempts: 0, succeeded: 0, failed: 0 });
    expect(errors).toEqual(['webhook dispatcher: reading the queue failed']);
    expect(receiver.received).toHaveLength(0);

    sqlite.exec('alter table webhook_deliveries_away rename to webhook_deliveries');
    expect(await dispatcher.runDue()).toEqual({ attempts: 1, succeeded: 1, failed: 0 });
    expect(receiver.acknowledged).toHaveLength(1);
    expect(deliveries()[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});
