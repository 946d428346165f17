import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRetailer } from '../../src/core/retailers/retailers.js';
import { DAY, MINUTE } from '../../src/domain/clock.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';

/**
 * One order's life on the floor through the HTTP API: three stations are paired, every piece is
 * produced, stocked at a bay and dispatched, and the order moves through every status with its
 * milestones and counters.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

type Role = 'produce' | 'stock' | 'dispatch';

async function pair(role: Role): Promise<string> {
  const issued = await t.request('POST', '/v1/stations/pairing-codes', {
    body: { name: `${role} station`, role },
  });
  expect(issued.statusCode, issued.body).toBe(200);
  // The device types the code as it reads it off the screen.
  const typed = issued.json().code.toLowerCase();
  const paired = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: typed },
  });
  expect(paired.statusCode, paired.body).toBe(200);
  expect(paired.json()).toMatchObject({ role, token: expect.stringMatching(/^st_live_/) });
  return paired.json().token;
}

describe('scan flow: produce → stock → dispatch', () => {
  it('takes an order through every status with timestamps, counters and the scan history', async () => {
    const retailer = await createRetailer(t.core, t.factoryId, { name: 'Sofa World', code: 'SW' });
    const stations = {
      produce: await pair('produce'),
      stock: await pair('stock'),
      dispatch: await pair('dispatch'),
    };

    const created = await t.request('POST', '/v1/orders', {
      body: {
        order_no: 'SW-9001',
        retailer_id: retailer.id,
        lines: [
          {
            sku: 'SOFA-3S',
            colour: 'Grey',
            qty: 2,
            pieces_per_unit: 2,
            piece_names: ['Frame', 'Cushions'],
          },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const orderId: string = created.json().id;
    const barcodes: string[] = created.json().pieces.map((p: { barcode: string }) => p.barcode);
    expect(barcodes).toHaveLength(4);
    expect(created.json()).toMatchObject({
      status: 'awaiting_production',
      pieces_total: 4,
      pieces_scanned: 0,
    });

    const scan = async (role: Role, barcode: string, location?: string) => {
      t.clock.advance(MINUTE);
      const res = await t.request('POST', '/v1/scans', {
        token: stations[role],
        body: { barcode, ...(location ? { location } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
      // The station is told the order's number and retailer; the scan.recorded event carries
      // the scan with its piece and order in full, as this flow follows them.
      const answer = res.json();
      expect(answer.order).toEqual({
        order_no: 'SW-9001',
        retailer_name: 'Sofa World',
        pieces_per_unit: 2,
        lines: [{ qty: 2, pieces_per_unit: 2 }],
      });
      const events = (await t.sql
        .prepare("select data from events where type = 'scan.recorded'")
        .all()) as { data: string }[];
      return events.map((e) => JSON.parse(e.data)).find((data) => data.id === answer.id);
    };
    const order = async () => (await t.request('GET', `/v1/orders/${orderId}`)).json();

    // Nothing can be stocked or dispatched before it is made.
    expect(await scan('stock', barcodes[0]!, 'A-01')).toMatchObject({
      accepted: false,
      reason: 'not_produced',
    });
    expect(await scan('dispatch', barcodes[0]!)).toMatchObject({
      accepted: false,
      reason: 'not_produced',
    });

    // Production.
    const firstMade = await scan('produce', barcodes[0]!);
    expect(firstMade.order).toMatchObject({
      status: 'in_production',
      pieces_scanned: 1,
      produced_at: null,
    });
    expect(await scan('produce', barcodes[0]!)).toMatchObject({
      accepted: false,
      reason: 'already_produced',
    });
    await scan('produce', barcodes[1]!);
    await scan('produce', barcodes[2]!);
    const lastMade = await scan('produce', barcodes[3]!);
    expect(lastMade.order).toMatchObject({
      status: 'produced',
      pieces_scanned: 4,
      produced_at: lastMade.at,
      stuck: false,
    });

    // Stock at bays: a bay is required, the order is in stock once every piece is.
    expect(await scan('stock', barcodes[0]!)).toMatchObject({
      accepted: false,
      reason: 'location_required',
    });
    const stocked = await scan('stock', barcodes[0]!, 'A-01');
    expect(stocked).toMatchObject({
      accepted: true,
      piece: { status: 'in_stock', location: 'A-01' },
    });
    expect(stocked.order).toMatchObject({
      status: 'produced',
      pieces_in_stock: 1,
      in_stock_at: null,
    });
    await scan('stock', barcodes[1]!, 'A-01');
    await scan('stock', barcodes[2]!, 'A-02');
    const allStocked = await scan('stock', barcodes[3]!, 'A-02');
    expect(allStocked.order).toMatchObject({
      status: 'in_stock',
      pieces_in_stock: 4,
      in_stock_at: allStocked.at,
    });

    // Dispatch: part of the order is out (stuck until the rest follows), then all of it.
    const firstOut = await scan('dispatch', barcodes[0]!);
    expect(firstOut).toMatchObject({
      accepted: true,
      piece: { status: 'dispatched', location: null, dispatched_at: firstOut.at },
    });
    expect(firstOut.order).toMatchObject({
      status: 'partially_dispatched',
      stuck: true,
      pieces_dispatched: 1,
      pieces_in_stock: 3,
    });
    expect(await scan('dispatch', barcodes[0]!)).toMatchObject({
      accepted: false,
      reason: 'already_dispatched',
    });
    expect(await scan('stock', barcodes[0]!, 'A-01')).toMatchObject({
      accepted: false,
      reason: 'already_dispatched',
    });
    await scan('dispatch', barcodes[1]!);
    await scan('dispatch', barcodes[2]!);
    const lastOut = await scan('dispatch', barcodes[3]!);
    expect(lastOut.order).toMatchObject({
      status: 'dispatched',
      stuck: false,
      pieces_dispatched: 4,
      pieces_in_stock: 0,
      dispatched_at: lastOut.at,
    });

    const final = await order();
    expect(final).toMatchObject({
      status: 'dispatched',
      produced_at: lastMade.at,
      in_stock_at: allStocked.at,
      dispatched_at: lastOut.at,
      pieces_total: 4,
      pieces_scanned: 4,
      pieces_in_stock: 0,
      pieces_dispatched: 4,
      piece_states: ['dispatched'],
      stuck: false,
    });
    for (const piece of final.pieces) {
      expect(piece.status).toBe('dispatched');
      expect(piece.produced_at).not.toBeNull();
      expect(piece.in_stock_at).not.toBeNull();
      expect(piece.dispatched_at).not.toBeNull();
    }
    // Every scan, accepted or refused, oldest first.
    expect(final.scans).toHaveLength(18);
    expect(
      final.scans
        .filter((s: { accepted: boolean }) => !s.accepted)
        .map((s: { reason: string }) => s.reason),
    ).toEqual([
      'not_produced',
      'not_produced',
      'already_produced',
      'location_required',
      'already_dispatched',
      'already_dispatched',
    ]);
    const ats = final.scans.map((s: { at: string }) => s.at);
    expect([...ats].sort()).toEqual(ats);

    // The status changes went out as events, in order.
    const changes = (
      (await t.sql
        .prepare("select data from events where type = 'order.status_changed' order by id")
        .all()) as { data: string }[]
    )
      .map((e) => JSON.parse(e.data))
      .map((d: { from: string; to: string }) => `${d.from}→${d.to}`);
    expect(changes).toEqual([
      'awaiting_production→in_production',
      'in_production→produced',
      'produced→in_stock',
      'in_stock→partially_dispatched',
      'partially_dispatched→dispatched',
    ]);

    // Station last-scan times are kept.
    const listed = (await t.request('GET', '/v1/stations')).json().data;
    for (const station of listed) expect(station.last_scan_at).not.toBeNull();
  });

  it('a produced order left in stock becomes stuck after stuck_after_days', async () => {
    const retailer = await createRetailer(t.core, t.factoryId, { name: 'Beds Direct', code: 'BD' });
    const produce = await pair('produce');
    const created = (
      await t.request('POST', '/v1/orders', {
        body: {
          order_no: 'BD-1',
          retailer_id: retailer.id,
          lines: [{ sku: 'BED', qty: 1, pieces_per_unit: 1 }],
        },
      })
    ).json();
    const made = await t.request('POST', '/v1/scans', {
      token: produce,
      body: { barcode: created.pieces[0].barcode },
    });
    expect(made.json().order).toMatchObject({ order_no: 'BD-1', retailer_name: 'Beds Direct' });
    expect((await t.request('GET', `/v1/orders/${created.id}`)).json()).toMatchObject({
      status: 'produced',
      stuck: false,
    });
    t.clock.advance(8 * DAY);
    expect((await t.request('GET', `/v1/orders/${created.id}`)).json()).toMatchObject({
      status: 'produced',
      stuck: true,
    });
  });
});
