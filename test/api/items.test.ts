import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRetailer } from '../../src/core/retailers/retailers.js';
import { createSecondFactory, makeTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let retailerId: string;
beforeEach(async () => {
  t = await makeTestApp();
  retailerId = (await createRetailer(t.core, t.factoryId, { name: 'Sofa World', code: 'SW' })).id;
});
afterEach(async () => {
  await t.close();
});

async function createOrder(orderNo: string, pieces = 2) {
  const res = await t.request('POST', '/v1/orders', {
    body: {
      order_no: orderNo,
      retailer_id: retailerId,
      lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: pieces }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; pieces: { id: string; barcode: string }[] };
}

async function pairStation(role: string) {
  const issued = await t.request('POST', '/v1/stations/pairing-codes', {
    body: { name: `${role} 1`, role },
  });
  const paired = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: issued.json().code },
  });
  return paired.json() as { id: string; token: string };
}

const voidPath = (barcode: string) => `/v1/items/${encodeURIComponent(barcode)}/void`;

async function scan(token: string, barcode: string, location?: string) {
  t.clock.advance(1);
  const res = await t.request('POST', '/v1/scans', {
    token,
    body: { barcode, ...(location ? { location } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('POST /v1/items/{barcode}/void', () => {
  it('voids the barcode, gives the piece a new one with label_printed_at cleared, and keeps its status', async () => {
    const order = await createOrder('SW-1');
    const [piece] = order.pieces;
    const produce = await pairStation('produce');
    await scan(produce.token, piece!.barcode);
    await t.sql.prepare('update pieces set label_printed_at = ?').run('2026-01-05T07:00:00.000Z');
    const serial = (
      (await t.sql
        .prepare('select barcode_serial from factories where id = ?')
        .get(t.factoryId)) as { barcode_serial: number }
    ).barcode_serial;

    t.clock.advance(60_000);
    const res = await t.request('POST', voidPath(piece!.barcode), {
      body: { reason: ' Label torn ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const voided = res.json();
    expect(voided).toEqual({
      object: 'voided_label',
      barcode: piece!.barcode,
      voided_at: t.clock.now().toISOString(),
      reason: 'Label torn',
      piece_id: piece!.id,
      order_id: order.id,
      replacement_barcode: `FD ${String(serial + 1).padStart(7, '0')}`,
    });

    const after = (await t.request('GET', `/v1/orders/${order.id}`)).json();
    const moved = after.pieces.find((p: { id: string }) => p.id === piece!.id);
    expect(moved).toMatchObject({
      barcode: voided.replacement_barcode,
      label_printed_at: null,
      status: 'produced',
    });
    expect(after.pieces.find((p: { id: string }) => p.id !== piece!.id).label_printed_at).toBe(
      '2026-01-05T07:00:00.000Z',
    );
    expect(after.status).toBe('in_production');

    const events = (await t.sql
      .prepare("select data from events where type = 'label.voided'")
      .all()) as { data: string }[];
    expect(events.map((e) => JSON.parse(e.data))).toEqual([voided]);
  });

  it('voiding again answers the first record; the barcode is never issued again', async () => {
    const order = await createOrder('SW-2');
    const barcode = order.pieces[0]!.barcode;
    const first = (
      await t.request('POST', voidPath(barcode), { body: { reason: 'smudged' } })
    ).json();
    t.clock.advance(60_000);
    const again = await t.request('POST', voidPath(barcode), {
      body: { reason: 'another reason' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    // A body is optional, and a barcode typed in lower case names the same label.
    const bare = await t.request('POST', voidPath(barcode.toLowerCase()));
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json()).toEqual(first);
    expect(
      await t.sql.prepare("select count(*) as n from events where type = 'label.voided'").get(),
    ).toEqual({ n: 1 });

    // Orders created afterwards continue the serial: no barcode, voided or not, comes back.
    const next = await createOrder('SW-3', 3);
    const all = new Set([
      barcode,
      first.replacement_barcode,
      ...order.pieces.map((p) => p.barcode),
    ]);
    for (const p of next.pieces) expect(all.has(p.barcode)).toBe(false);
  });

  it("is 404 for an unknown barcode and for another factory's", async () => {
    const order = await createOrder('SW-4');
    const res = await t.request('POST', voidPath('FD 9999999'), { body: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'not_found', param: 'barcode' });
    const other = await createSecondFactory(t.core);
    const theirs = await t.request('POST', voidPath(order.pieces[0]!.barcode), {
      token: other.apiKey,
      body: {},
    });
    expect(theirs.statusCode).toBe(404);
    expect(await t.sql.prepare('select count(*) as n from voided_labels').get()).toEqual({
      n: 0,
    });
  });

  it('refuses a station token and unknown body fields', async () => {
    const order = await createOrder('SW-5');
    const station = await pairStation('produce');
    const byStation = await t.request('POST', voidPath(order.pieces[0]!.barcode), {
      token: station.token,
      body: {},
    });
    expect(byStation.statusCode).toBe(403);
    const typo = await t.request('POST', voidPath(order.pieces[0]!.barcode), {
      body: { reson: 'x' },
    });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().error.param).toBe('reson');
  });

  it('a voided barcode is refused at all three stations and the replacement scans normally', async () => {
    const order = await createOrder('SW-6', 1);
    const [piece] = order.pieces;
    const produce = await pairStation('produce');
    const stock = await pairStation('stock');
    const dispatch = await pairStation('dispatch');
    const voided = (
      await t.request('POST', voidPath(piece!.barcode), { body: { reason: 'reprint' } })
    ).json();

    for (const station of [produce, stock, dispatch]) {
      const refused = await scan(station.token, piece!.barcode, 'A-01');
      expect(refused).toMatchObject({
        accepted: false,
        reason: 'label_voided',
        message: `Refused: label ${piece!.barcode} was voided`,
        piece: { id: piece!.id, barcode: voided.replacement_barcode },
      });
    }
    expect(await scan(produce.token, voided.replacement_barcode)).toMatchObject({
      accepted: true,
      piece: { status: 'produced' },
    });
    expect(await scan(stock.token, voided.replacement_barcode, 'A-01')).toMatchObject({
      accepted: true,
      piece: { status: 'in_stock' },
    });
    expect(await scan(dispatch.token, voided.replacement_barcode)).toMatchObject({
      accepted: true,
      piece: { status: 'dispatched' },
    });
    expect((await t.request('GET', `/v1/orders/${order.id}`)).json().status).toBe('dispatched');

    const scans = (await t.request('GET', `/v1/orders/${order.id}`)).json().scans;
    expect(
      scans.map((s: { barcode: string; accepted: boolean; reason: string | null }) => [
        s.barcode,
        s.accepted,
        s.reason,
      ]),
    ).toEqual([
      [piece!.barcode, false, 'label_voided'],
      [piece!.barcode, false, 'label_voided'],
      [piece!.barcode, false, 'label_voided'],
      [voided.replacement_barcode, true, null],
      [voided.replacement_barcode, true, null],
      [voided.replacement_barcode, true, null],
    ]);
    expect(scans.every((s: { piece_id: string }) => s.piece_id === piece!.id)).toBe(true);
  });
});

describe('GET /v1/orders/{id}/voided-labels', () => {
  it("lists an order's voided labels, by barcode, last first, in keyset pages", async () => {
    const order = await createOrder('SW-10', 3);
    const other = await createOrder('SW-11', 1);
    await t.request('POST', voidPath(other.pieces[0]!.barcode));
    const voided: { barcode: string; replacement_barcode: string }[] = [];
    for (const piece of order.pieces) {
      voided.push((await t.request('POST', voidPath(piece.barcode), { body: {} })).json());
    }
    // The replacement of the first piece is voided too: a piece can be relabelled twice.
    voided.push(
      (await t.request('POST', voidPath(voided[0]!.replacement_barcode), { body: {} })).json(),
    );

    const seen: unknown[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `limit=2${cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ''}`;
      const res = await t.request('GET', `/v1/orders/${order.id}/voided-labels?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      seen.push(...page.data);
      cursor = page.next_cursor;
      expect(page.has_more).toBe(cursor !== null);
    } while (cursor);
    const byBarcodeLastFirst = [...voided].sort((a, b) => (a.barcode < b.barcode ? 1 : -1));
    expect(seen).toEqual(byBarcodeLastFirst);

    // By order number too; none for an order without voids; 404 for an unknown order.
    const byNumber = await t.request('GET', '/v1/orders/SW-11/voided-labels');
    expect(byNumber.json().data).toHaveLength(1);
    const fresh = await createOrder('SW-12');
    expect((await t.request('GET', `/v1/orders/${fresh.id}/voided-labels`)).json()).toEqual({
      object: 'list',
      data: [],
      has_more: false,
      next_cursor: null,
    });
    expect((await t.request('GET', '/v1/orders/ord_nope/voided-labels')).statusCode).toBe(404);
  });

  it("is 404 for another factory's order", async () => {
    const order = await createOrder('SW-20');
    const other = await createSecondFactory(t.core);
    const res = await t.request('GET', `/v1/orders/${order.id}/voided-labels`, {
      token: other.apiKey,
    });
    expect(res.statusCode).toBe(404);
  });
});
