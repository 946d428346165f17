import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/clock.js';
import { afterWorkingHours } from '../../src/domain/forecast.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';

// Answers are read field by field, as a client would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** forecast_dispatch_at and at_risk on open orders (DESIGN §16), computed when read. */

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp({ clock: new ManualClock(new Date('2026-11-20T06:00:00.000Z')) });
});
afterEach(async () => {
  await t.close();
});

async function ok(method: 'GET' | 'POST', url: string, body?: unknown, token?: string) {
  const res = await t.request(method, url, { body, ...(token ? { token } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
}

async function station(role: string): Promise<string> {
  const issued = await ok('POST', '/v1/stations/pairing-codes', { name: role, role });
  return (
    await t.request('POST', '/v1/stations/pair', { token: null, body: { code: issued.code } })
  ).json().token as string;
}

describe('the dispatch forecast', () => {
  it('follows the last 8 working hours of dispatches, orders taken in needed_by order; at_risk past needed_by', async () => {
    const retailer = await ok('POST', '/v1/retailers', { name: 'Shop', code: 'SH' });
    const order = async (orderNo: string, pieces: number, neededBy: string | null) => {
      t.clock.advance(1);
      return ok('POST', '/v1/orders', {
        order_no: orderNo,
        retailer_id: retailer.id,
        needed_by: neededBy,
        lines: [{ sku: 'BED', qty: pieces, pieces_per_unit: 1 }],
      });
    };
    // Nothing dispatched yet: no forecast.
    const early = await order('EARLY', 2, '2026-11-30');
    expect((await ok('GET', `/v1/orders/${early.id}`)).forecast_dispatch_at).toBeNull();

    // Ten working hours, 4 pieces dispatched in each of the last eight (the first two: 1).
    const done = await order('DONE', 40, null);
    const produce = await station('produce');
    const dispatch = await station('dispatch');
    const barcodes = (done.pieces as { barcode: string }[]).map((p) => p.barcode);
    let next = 0;
    for (let hour = 0; hour < 10; hour++) {
      const n = hour < 2 ? 1 : 4;
      for (let i = 0; i < n; i++) {
        const barcode = barcodes[next++]!;
        await ok('POST', '/v1/scans', { barcode }, produce);
        t.clock.advance(60_000);
        await ok('POST', '/v1/scans', { barcode }, dispatch);
        t.clock.advance(60_000);
      }
      t.clock.advance(3_600_000 - n * 120_000);
    }
    // Rate from the ledger itself: dispatches in the last 8 hours with accepted scans.
    const scans = (await t.sql
      .prepare('select at, event from scans where factory_id = ? and accepted = 1')
      .all(t.factoryId)) as { at: string; event: string }[];
    const hours = [...new Set(scans.map((s) => s.at.slice(0, 13)))].sort().reverse().slice(0, 8);
    const rate =
      scans.filter((s) => s.event === 'dispatch' && hours.includes(s.at.slice(0, 13))).length /
      hours.length;
    expect(rate).toBe(4);

    const late = await order('LATE', 8, '2026-11-20'); // due today: first in the queue, and late
    const none = await order('NONE', 4, null); // no date: last
    // The queue advances through the hours of the day the floor worked (06:00–15:59 here).
    const workingHours = new Set(scans.map((s) => Number(s.at.slice(11, 13))));
    expect([...workingHours].sort((a, b) => a - b)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    const at = (pieces: number) =>
      afterWorkingHours(t.clock.now(), pieces / rate, workingHours).toISOString();
    // Now is 16:00: 8 pieces at 4 an hour leave by 08:00 the next morning.
    expect(at(8)).toBe('2026-11-21T08:00:00.000Z');
    // Queue: LATE (8), EARLY (2), DONE (40 - 34 dispatched = 6), NONE (4).
    const list = await ok('GET', '/v1/orders?limit=100');
    const byNo = new Map(list.data.map((o: Json) => [o.order_no, o]));
    // Due today, but the floor has stopped for the day: at risk.
    expect(byNo.get('LATE')).toMatchObject({ forecast_dispatch_at: at(8), at_risk: true });
    expect(byNo.get('EARLY')).toMatchObject({ forecast_dispatch_at: at(10), at_risk: false });
    expect(byNo.get('DONE')).toMatchObject({ forecast_dispatch_at: at(16), at_risk: false });
    expect(byNo.get('NONE')).toMatchObject({ forecast_dispatch_at: at(20), at_risk: false });
    expect((await ok('GET', `/v1/orders/${late.id}`)).forecast_dispatch_at).toBe(at(8));
    void none;

    // A big order due yesterday jumps the queue and is at risk.
    const urgent = await order('URGENT', 40, '2026-11-19');
    const page = await ok('GET', `/v1/orders/${urgent.id}`);
    expect(page.at_risk).toBe(true);
    // Cancelled: no forecast.
    await ok('POST', `/v1/orders/${urgent.id}/cancel`);
    expect(await ok('GET', `/v1/orders/${urgent.id}`)).toMatchObject({
      forecast_dispatch_at: null,
      at_risk: false,
    });
  });
});

describe('order.at_risk', () => {
  it('fires once per episode: again only after the order stopped being at risk', async () => {
    const { recomputeAtRisk } = await import('../../src/core/jobs/at-risk.js');
    const retailer = await ok('POST', '/v1/retailers', { name: 'Shop', code: 'SH' });
    const produce = await station('produce');
    const dispatch = await station('dispatch');
    // Some recent throughput: 2 pieces dispatched.
    const done = await ok('POST', '/v1/orders', {
      order_no: 'DONE',
      retailer_id: retailer.id,
      lines: [{ sku: 'BED', qty: 2, pieces_per_unit: 1 }],
    });
    for (const p of done.pieces as { barcode: string }[]) {
      await ok('POST', '/v1/scans', { barcode: p.barcode }, produce);
      await ok('POST', '/v1/scans', { barcode: p.barcode }, dispatch);
    }
    const late = await ok('POST', '/v1/orders', {
      order_no: 'LATE',
      retailer_id: retailer.id,
      needed_by: '2026-11-19',
      lines: [{ sku: 'BED', qty: 3, pieces_per_unit: 1 }],
    });
    const events = async () =>
      (await t.sql
        .prepare("select data from events where factory_id = ? and type = 'order.at_risk'")
        .all(t.factoryId)) as { data: string }[];
    expect(await recomputeAtRisk(t.core)).toEqual({ became_at_risk: 1, cleared: 0 });
    expect(await recomputeAtRisk(t.core)).toEqual({ became_at_risk: 0, cleared: 0 });
    expect((await events()).map((e) => JSON.parse(e.data).order_no)).toEqual(['LATE']);
    // Cancelled: the episode ends; nothing more fires for it.
    await ok('POST', `/v1/orders/${late.id}/cancel`);
    expect(await recomputeAtRisk(t.core)).toEqual({ became_at_risk: 0, cleared: 1 });
    // A new late order: a new episode, one event.
    await ok('POST', '/v1/orders', {
      order_no: 'LATE-2',
      retailer_id: retailer.id,
      needed_by: '2026-11-19',
      lines: [{ sku: 'BED', qty: 1, pieces_per_unit: 1 }],
    });
    expect(await recomputeAtRisk(t.core)).toEqual({ became_at_risk: 1, cleared: 0 });
    const data = (await events()).map((e) => JSON.parse(e.data));
    expect(data.map((d) => d.order_no)).toEqual(['LATE', 'LATE-2']);
    expect(data[1]).toMatchObject({ needed_by: '2026-11-19', retailer_id: retailer.id });
    expect(typeof data[1].forecast_dispatch_at).toBe('string');
  });
});

describe('the portal', () => {
  it('shows the retailer an expected dispatch date, never the at-risk flag', async () => {
    const retailer = await ok('POST', '/v1/retailers', { name: 'Shop', code: 'SH' });
    await ok('POST', `/v1/retailers/${retailer.id}/users`, {
      email: 'bea@shop.test',
      name: 'Bea',
      role: 'buyer',
      password: 'portal password 1',
    });
    const produce = await station('produce');
    const dispatch = await station('dispatch');
    const done = await ok('POST', '/v1/orders', {
      order_no: 'DONE',
      retailer_id: retailer.id,
      lines: [{ sku: 'BED', qty: 2, pieces_per_unit: 1 }],
    });
    for (const p of done.pieces as { barcode: string }[]) {
      await ok('POST', '/v1/scans', { barcode: p.barcode }, produce);
      await ok('POST', '/v1/scans', { barcode: p.barcode }, dispatch);
    }
    const open = await ok('POST', '/v1/orders', {
      order_no: 'OPEN',
      retailer_id: retailer.id,
      needed_by: '2026-11-19',
      lines: [{ sku: 'BED', qty: 3, pieces_per_unit: 1 }],
    });
    const login = await t.request('POST', '/v1/portal/auth/login', {
      token: null,
      body: { email: 'bea@shop.test', password: 'portal password 1' },
    });
    const portal = await ok('GET', `/v1/portal/orders/${open.id}`, undefined, login.json().token);
    const staff = await ok('GET', `/v1/orders/${open.id}`);
    expect(staff.at_risk).toBe(true);
    expect(portal.forecast_dispatch_at).toBe(staff.forecast_dispatch_at);
    expect(portal.at_risk).toBeUndefined();
  });
});
