import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCoreContext, type CoreContext, type Signals } from '../../src/core/context.js';
import { recomputeStuck } from '../../src/core/jobs/stuck-recompute.js';
import { createRetailer } from '../../src/core/retailers/retailers.js';
import { WebhookDispatcher } from '../../src/daemon/webhooks/dispatcher.js';
import { startScheduler, type Scheduler } from '../../src/daemon/scheduler.js';
import { DAY, MINUTE, ManualClock } from '../../src/domain/clock.js';
import { makeTestApp, createSecondFactory, type TestApp } from '../helpers/app.js';
import { Receiver } from '../core/webhooks/receiver.js';

// Answers are checked field by field by the assertions; a loose type keeps those readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

let t: TestApp;
let retailerId: string;
const stations = new Map<string, string>();

beforeEach(async () => {
  // Near the real time, so the receiver's Webhook.verify accepts the timestamps.
  t = await makeTestApp({ clock: new ManualClock(new Date()) });
  retailerId = (await createRetailer(t.core, t.factoryId, { name: 'Sofa World', code: 'SW' })).id;
  stations.clear();
});
afterEach(async () => {
  await t.close();
});

async function station(role: 'produce' | 'stock' | 'dispatch', token = t.apiKey): Promise<string> {
  const key = `${token}:${role}`;
  const known = stations.get(key);
  if (known) return known;
  const issued = await t.request('POST', '/v1/stations/pairing-codes', {
    token,
    body: { name: role, role },
  });
  const paired = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: issued.json().code },
  });
  expect(paired.statusCode, paired.body).toBe(200);
  stations.set(key, paired.json().token);
  return paired.json().token;
}

async function order(orderNo: string, pieces = 2, token = t.apiKey, retailer = retailerId) {
  const res = await t.request('POST', '/v1/orders', {
    token,
    body: {
      order_no: orderNo,
      retailer_id: retailer,
      lines: [{ sku: 'SOFA', colour: 'Grey', qty: 1, pieces_per_unit: pieces }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    id: res.json().id as string,
    barcodes: res.json().pieces.map((p: { barcode: string }) => p.barcode) as string[],
  };
}

async function scan(role: 'produce' | 'stock' | 'dispatch', barcode: string, token = t.apiKey) {
  const res = await t.request('POST', '/v1/scans', {
    token: await station(role, token),
    body: { barcode, ...(role === 'stock' ? { location: 'Bay 1' } : {}) },
  });
  expect(res.json().accepted, res.body).toBe(true);
}

async function stuckEvents(orderId?: string): Promise<{ id: string; data: Json }[]> {
  const rows = (await t.sql
    .prepare("select id, data from events where type = 'order.stuck' order by id")
    .all()) as { id: string; data: string }[];
  return rows
    .map((r) => ({ id: r.id, data: JSON.parse(r.data) }))
    .filter((e) => !orderId || e.data.order_id === orderId);
}

async function stored(orderId: string): Promise<{ stuck: number; stuck_since: string | null }> {
  return (await t.sql
    .prepare('select stuck, stuck_since from orders where id = ?')
    .get(orderId)) as never;
}

describe('stuck recompute', () => {
  it('emits order.stuck once as the clock crosses stuck_after_days, and again only for a new episode', async () => {
    const o = await order('SW-1');
    for (const b of o.barcodes) await scan('produce', b);
    const producedAt = t.clock.now().getTime();

    // Exactly 7 days is not yet stuck.
    t.clock.set(new Date(producedAt + 7 * DAY));
    expect(await recomputeStuck(t.core)).toEqual({ became_stuck: 0, cleared: 0 });
    expect(await stuckEvents()).toEqual([]);

    t.clock.advance(1);
    const signalled = t.signals.events;
    expect(await recomputeStuck(t.core)).toEqual({ became_stuck: 1, cleared: 0 });
    expect(t.signals.events).toBe(signalled + 1);
    expect(await stored(o.id)).toEqual({ stuck: 1, stuck_since: t.clock.now().toISOString() });
    const [first] = await stuckEvents();
    expect(first!.id).toMatch(/^evt_[0-9A-Z]{26}$/);

    // The payload is what recomputeOrder emits: the order exactly as the API shows it (but for
    // the dispatch forecast, which the order page computes when read).
    const {
      pieces: _p,
      scans: _s,
      forecast_dispatch_at: _f,
      at_risk: _r,
      ...shown
    } = (await t.request('GET', `/v1/orders/${o.id}`)).json();
    expect(first!.data).toEqual({
      order_id: o.id,
      order_no: 'SW-1',
      retailer_id: retailerId,
      stuck_since: t.clock.now().toISOString(),
      order: shown,
    });
    expect(shown.stuck).toBe(true);
    const listed = (await t.request('GET', '/v1/orders?stuck=true'))
      .json()
      .data.map((x: { id: string }) => x.id);
    expect(listed).toEqual([o.id]);

    // Still stuck later: the same episode, no new event.
    for (let i = 0; i < 3; i++) {
      t.clock.advance(5 * MINUTE);
      expect(await recomputeStuck(t.core)).toEqual({ became_stuck: 0, cleared: 0 });
    }
    expect(await stuckEvents()).toHaveLength(1);

    // A longer threshold ends the episode; a shorter one starts a new one.
    await t.request('PATCH', '/v1/settings', { body: { stuck_after_days: 30 } });
    expect(await recomputeStuck(t.core)).toEqual({ became_stuck: 0, cleared: 1 });
    expect(await stored(o.id)).toEqual({ stuck: 0, stuck_since: null });
    expect(await stuckEvents()).toHaveLength(1);
    t.clock.advance(MINUTE);
    await t.request('PATCH', '/v1/settings', { body: { stuck_after_days: 7 } });
    expect(await recomputeStuck(t.core)).toEqual({ became_stuck: 1, cleared: 0 });
    expect(await stuckEvents()).toHaveLength(2);
    expect((await stuckEvents())[1]!.data.stuck_since).toBe(t.clock.now().toISOString());
  });

  it('agrees with recomputeOrder: one event per episode whoever flips the flag', async () => {
    const o = await order('SW-2', 3);
    for (const b of o.barcodes) await scan('produce', b);
    // The first piece leaves: partially dispatched, stuck at once; the scan emits order.stuck.
    await scan('dispatch', o.barcodes[0]!);
    expect(await stuckEvents(o.id)).toHaveLength(1);
    expect((await stored(o.id)).stuck).toBe(1);
    expect(await recomputeStuck(t.core)).toEqual({ became_stuck: 0, cleared: 0 });
    expect(await stuckEvents(o.id)).toHaveLength(1);

    // Everything leaves: not stuck any more (the scan clears it); then nothing for the job to do.
    await scan('dispatch', o.barcodes[1]!);
    await scan('dispatch', o.barcodes[2]!);
    expect(await stored(o.id)).toEqual({ stuck: 0, stuck_since: null });
    expect(await recomputeStuck(t.core)).toEqual({ became_stuck: 0, cleared: 0 });

    // An order made stuck by time stays in the same episode when a dispatch makes it partial.
    const p = await order('SW-3', 2);
    for (const b of p.barcodes) await scan('produce', b);
    t.clock.advance(8 * DAY);
    expect(await recomputeStuck(t.core)).toEqual({ became_stuck: 1, cleared: 0 });
    await scan('dispatch', p.barcodes[0]!);
    expect(await recomputeStuck(t.core)).toEqual({ became_stuck: 0, cleared: 0 });
    expect(await stuckEvents(p.id)).toHaveLength(1);
  });

  it('cuts a large recompute into short transactions, each order flipped and announced once', async () => {
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await order(`SW-B${i}`, 1));
    for (const o of orders) await scan('produce', o.barcodes[0]!);
    t.clock.advance(8 * DAY);
    const signalled = t.signals.events;
    expect(await recomputeStuck(t.core, { flipsPerTransaction: 2 })).toEqual({
      became_stuck: 5,
      cleared: 0,
    });
    expect(t.signals.events - signalled).toBe(3); // one per transaction that emitted
    expect((await stuckEvents()).map((e) => e.data.order_id).sort()).toEqual(
      orders.map((o) => o.id).sort(),
    );
    // Ids numbered in each statement, at one instant: still one of each, in the id format.
    const ids = (await stuckEvents()).map((e) => e.id);
    expect(new Set(ids).size).toBe(5);
    for (const id of ids) expect(id).toMatch(/^evt_[0-9A-Z]{26}$/);
    for (const o of orders) expect((await stored(o.id)).stuck).toBe(1);

    await t.request('PATCH', '/v1/settings', { body: { stuck_after_days: 30 } });
    expect(await recomputeStuck(t.core, { flipsPerTransaction: 2 })).toEqual({
      became_stuck: 0,
      cleared: 5,
    });
    for (const o of orders) expect(await stored(o.id)).toEqual({ stuck: 0, stuck_since: null });
    expect(await stuckEvents()).toHaveLength(5);
  });

  it("uses each factory's own stuck_after_days", async () => {
    const other = await createSecondFactory(t.core);
    await t.request('PATCH', '/v1/settings', {
      token: other.apiKey,
      body: { stuck_after_days: 1 },
    });
    const otherRetailer = await createRetailer(t.core, other.factoryId, {
      name: 'Beds',
      code: 'BD',
    });
    const mine = await order('SW-4', 1);
    const theirs = await order('BD-1', 1, other.apiKey, otherRetailer.id);
    await scan('produce', mine.barcodes[0]!);
    await scan('produce', theirs.barcodes[0]!, other.apiKey);
    t.clock.advance(2 * DAY);
    expect(await recomputeStuck(t.core)).toEqual({ became_stuck: 1, cleared: 0 });
    expect((await stored(theirs.id)).stuck).toBe(1);
    expect((await stored(mine.id)).stuck).toBe(0);
  });

  it('queues deliveries for subscribed enabled endpoints; a real receiver gets one per episode', async () => {
    // Three days pass below: start three days back, so the deliveries happen at the real time.
    t.clock.set(new Date(Date.now() - 3 * DAY));
    const receiver = await new Receiver().listen();
    const dispatcher = new WebhookDispatcher(t.core, { userAgent: 'test', wake: false });
    try {
      const hook = async (path: string, events: string[]) => {
        const res = await t.request('POST', '/v1/webhooks', {
          body: { url: `${receiver.url}${path}`, events },
        });
        receiver.secretFor(path, res.json().secret);
        return res.json().id as string;
      };
      await hook('/stuck', ['order.stuck']);
      await hook('/all', ['*']);
      await hook('/created', ['order.created']);
      const off = await hook('/off', ['*']);
      await t.request('PATCH', `/v1/webhooks/${off}`, { body: { enabled: false } });

      const o = await order('SW-5', 1);
      await scan('produce', o.barcodes[0]!);
      await dispatcher.runDue();
      receiver.received.length = 0;

      const episode = async (days: number) => {
        await t.request('PATCH', '/v1/settings', { body: { stuck_after_days: days } });
        await recomputeStuck(t.core);
        await dispatcher.runDue();
      };
      t.clock.advance(3 * DAY);
      await episode(2); // stuck
      await episode(1); // still stuck
      await episode(5); // not stuck
      await episode(2); // stuck again

      const stuckAt = (path: string) =>
        receiver.received.filter((r) => r.path === path && r.json.type === 'order.stuck');
      expect(stuckAt('/stuck')).toHaveLength(2);
      expect(stuckAt('/all')).toHaveLength(2);
      expect(stuckAt('/created')).toHaveLength(0);
      expect(stuckAt('/off')).toHaveLength(0);
      expect(receiver.received.every((r) => r.verified)).toBe(true);
      expect(new Set(stuckAt('/stuck').map((r) => r.headers['webhook-id'])).size).toBe(2);
      const ids = (await t.sql
        .prepare("select id from webhook_deliveries where event_type = 'order.stuck'")
        .all()) as {
        id: string;
      }[];
      expect(ids).toHaveLength(4);
      for (const { id } of ids) expect(id).toMatch(/^dlv_[0-9A-Z]{26}$/);
    } finally {
      await dispatcher.stop(0);
      await receiver.close();
    }
  });
});

describe('scheduler', () => {
  let scheduler: Scheduler | undefined;
  afterEach(async () => {
    await scheduler?.stop();
    scheduler = undefined;
  });

  it('recomputes stuck right after a settings change and delivers what it emits', async () => {
    t.clock.set(new Date(Date.now() - 3 * DAY));
    const receiver = await new Receiver().listen();
    try {
      // A core whose signals reach the scheduler, as `factoryd serve` wires them.
      const forward: Signals = {
        eventsAppended: () => scheduler?.signals.eventsAppended(),
        settingsChanged: (id) => scheduler?.signals.settingsChanged(id),
      };
      const core: CoreContext = createCoreContext({
        db: t.store.db,
        clock: t.clock,
        signals: forward,
      });
      scheduler = startScheduler({ core, store: t.store, log: pino({ level: 'silent' }) });

      const res = await t.request('POST', '/v1/webhooks', {
        body: { url: `${receiver.url}/h`, events: ['order.stuck'] },
      });
      receiver.secretFor('/h', res.json().secret);
      const o = await order('SW-6', 1);
      await scan('produce', o.barcodes[0]!);
      t.clock.advance(3 * DAY);

      const { updateSettings } = await import('../../src/core/factory/settings.js');
      await updateSettings(core, t.factoryId, { stuck_after_days: 2 });
      await receiver.waitFor((r) => r.acknowledged.length === 1);
      expect(receiver.received[0]!.json).toMatchObject({
        type: 'order.stuck',
        data: { order_id: o.id },
      });
      expect(receiver.received[0]!.verified).toBe(true);
      expect((await stored(o.id)).stuck).toBe(1);
    } finally {
      await scheduler?.stop();
      scheduler = undefined;
      await receiver.close();
    }
  });

  it('with deliveries paused (serve --no-deliveries) still recomputes stuck, and sends nothing', async () => {
    t.clock.set(new Date(Date.now() - 3 * DAY));
    const receiver = await new Receiver().listen();
    try {
      const forward: Signals = {
        eventsAppended: () => scheduler?.signals.eventsAppended(),
        settingsChanged: (id) => scheduler?.signals.settingsChanged(id),
      };
      const core: CoreContext = createCoreContext({
        db: t.store.db,
        clock: t.clock,
        signals: forward,
      });
      scheduler = startScheduler({
        core,
        store: t.store,
        log: pino({ level: 'silent' }),
        deliveries: false,
      });

      await t.request('POST', '/v1/webhooks', {
        body: { url: `${receiver.url}/h`, events: ['order.stuck'] },
      });
      const o = await order('SW-7', 1);
      await scan('produce', o.barcodes[0]!);
      t.clock.advance(3 * DAY);

      const { updateSettings } = await import('../../src/core/factory/settings.js');
      await updateSettings(core, t.factoryId, { stuck_after_days: 2 });
      const deadline = Date.now() + 10_000;
      while ((await stored(o.id)).stuck !== 1) {
        if (Date.now() > deadline) throw new Error('the stuck recompute did not run');
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await stuckEvents(o.id)).toHaveLength(1);
      const deliveries = await t.sql
        .prepare('select status, attempts from webhook_deliveries')
        .all();
      expect(deliveries).toEqual([{ status: 'pending', attempts: 0 }]);
      expect(receiver.received).toEqual([]);
    } finally {
      await scheduler?.stop();
      scheduler = undefined;
      await receiver.close();
    }
  });
});
