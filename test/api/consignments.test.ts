import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSscc } from '../../src/domain/sscc.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let produce: string;
let dispatch: string;
let dispatch2: string;
let dispatchId: string;

beforeEach(async () => {
  t = await makeTestApp();
  produce = (await pairStation('produce')).token;
  const d = await pairStation('dispatch');
  dispatch = d.token;
  dispatchId = d.id;
  dispatch2 = (await pairStation('dispatch', 'Dock 2')).token;
});
afterEach(async () => {
  await t.close();
});

interface Piece {
  id: string;
  barcode: string;
  unit_no: number;
  status: string;
}
interface Order {
  id: string;
  order_no: string;
  pieces: Piece[];
  scans: {
    barcode: string;
    accepted: boolean;
    reason: string | null;
    consignment_id: string | null;
    handling_unit_id: string | null;
  }[];
}
interface ScanAnswer {
  accepted: boolean;
  reason: string | null;
  message: string;
  consignment_id: string | null;
  handling_unit_id: string | null;
  consignment: {
    id: string;
    number: string;
    retailer_name: string;
    open: boolean;
    handling_unit: { id: string; sscc: string } | null;
    pieces_loaded?: number;
    pieces_to_load?: number;
  } | null;
}

async function pairStation(role: string, name = `${role} station`) {
  const code = await t.request('POST', '/v1/stations/pairing-codes', { body: { name, role } });
  const paired = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: code.json().code },
  });
  expect(paired.statusCode).toBe(200);
  return paired.json() as { id: string; token: string };
}

async function scan(token: string, barcode: string, extra: object = {}): Promise<ScanAnswer> {
  const res = await t.request('POST', '/v1/scans', { token, body: { barcode, ...extra } });
  expect(res.statusCode).toBe(200);
  return res.json() as ScanAnswer;
}

async function retailer(name: string, code: string): Promise<string> {
  const res = await t.request('POST', '/v1/retailers', { body: { name, code } });
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
}

/** An order of `qty` units of `per` pieces, every piece produced. */
async function producedOrder(retailerId: string, orderNo: string, qty = 1, per = 2) {
  const res = await t.request('POST', '/v1/orders', {
    body: {
      order_no: orderNo,
      retailer_id: retailerId,
      lines: [{ sku: 'SOFA-3S', colour: 'Grey', qty, pieces_per_unit: per }],
    },
  });
  expect(res.statusCode).toBe(200);
  const order = res.json() as Order;
  for (const piece of order.pieces)
    expect((await scan(produce, piece.barcode)).accepted).toBe(true);
  return order;
}

async function createConsignment(retailerId: string, extra: object = {}) {
  const res = await t.request('POST', '/v1/consignments', {
    body: { retailer_id: retailerId, ...extra },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; number: string; status: string };
}

async function getConsignment(id: string) {
  const res = await t.request('GET', `/v1/consignments/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function getOrder(id: string): Promise<Order> {
  return (await t.request('GET', `/v1/orders/${id}`)).json() as Order;
}

async function eventsOf(type: string): Promise<unknown[]> {
  const rows = (await t.sql
    .prepare('select data from events where type = ? order by id')
    .all(type)) as { data: string }[];
  return rows.map((r) => JSON.parse(r.data) as unknown);
}

describe('consignments', () => {
  it('creates numbered open consignments, lists them by status and retailer, and 404s others', async () => {
    const north = await retailer('Northwind', 'NW');
    const south = await retailer('Southway', 'SW');
    const first = await createConsignment(north, { reference: ' PO-77 ', carrier: 'DHL' });
    expect(first).toMatchObject({
      object: 'consignment',
      number: 'CN 000001',
      status: 'open',
      retailer_name: 'Northwind',
      reference: 'PO-77',
      carrier: 'DHL',
      vehicle: null,
      pieces_loaded: 0,
      orders_count: 0,
    });
    const second = await createConsignment(south);
    expect(second.number).toBe('CN 000002');
    expect(await eventsOf('consignment.created')).toHaveLength(2);

    const all = (await t.request('GET', '/v1/consignments')).json();
    expect(all.data.map((c: { number: string }) => c.number)).toEqual(['CN 000002', 'CN 000001']);
    const bySouth = (await t.request('GET', `/v1/consignments?retailer_id=${south}`)).json();
    expect(bySouth.data.map((c: { id: string }) => c.id)).toEqual([second.id]);
    const paged = (await t.request('GET', '/v1/consignments?limit=1')).json();
    expect(paged).toMatchObject({ has_more: true, next_cursor: second.id });
    const next = (
      await t.request('GET', `/v1/consignments?limit=1&starting_after=${paged.next_cursor}`)
    ).json();
    expect(next.data.map((c: { id: string }) => c.id)).toEqual([first.id]);

    const missing = await t.request('GET', '/v1/consignments/cns_01JZZZZZZZZZZZZZZZZZZZZZZZ');
    expect(missing.statusCode).toBe(404);
    const noRetailer = await t.request('POST', '/v1/consignments', {
      body: { retailer_id: 'rtl_nope' },
    });
    expect(noRetailer.statusCode).toBe(404);
    expect(noRetailer.json().error.param).toBe('retailer_id');
    const typo = await t.request('POST', '/v1/consignments', {
      body: { retailer_id: north, vehical: 'X' },
    });
    expect(typo.statusCode).toBe(400);
  });

  it('loads by scanning the number, refuses wrong retailer, cancelled order and closed consignment, and keeps every refusal', async () => {
    const north = await retailer('Northwind', 'NW');
    const south = await retailer('Southway', 'SW');
    const mine = await producedOrder(north, 'N-1', 1, 2);
    const theirs = await producedOrder(south, 'S-1', 1, 1);
    const cancelled = await producedOrder(north, 'N-2', 1, 1);
    expect((await t.request('POST', `/v1/orders/${cancelled.id}/cancel`)).statusCode).toBe(200);
    const cn = await createConsignment(north);

    const loading = await scan(dispatch, 'cn 000001');
    expect(loading).toMatchObject({
      accepted: true,
      reason: null,
      message: 'Loading CN 000001 · Northwind',
      consignment_id: cn.id,
      consignment: { id: cn.id, number: 'CN 000001', open: true, pieces_loaded: 0 },
    });
    const station = (await t.request('GET', `/v1/stations/${dispatchId}`)).json();
    expect(station.consignment_id).toBe(cn.id);

    const loaded = await scan(dispatch, mine.pieces[0]!.barcode);
    expect(loaded).toMatchObject({
      accepted: true,
      consignment_id: cn.id,
      consignment: { number: 'CN 000001', retailer_name: 'Northwind' },
    });
    expect(loaded.message).toBe(`Dispatched ${mine.pieces[0]!.barcode} on CN 000001`);

    const wrong = await scan(dispatch, theirs.pieces[0]!.barcode);
    expect(wrong).toMatchObject({
      accepted: false,
      reason: 'wrong_retailer',
      consignment_id: cn.id,
    });
    const wasCancelled = await scan(dispatch, cancelled.pieces[0]!.barcode);
    expect(wasCancelled).toMatchObject({ accepted: false, reason: 'order_cancelled' });

    // The refused piece of the other retailer stays where it was.
    const theirsNow = await getOrder(theirs.id);
    expect(theirsNow.pieces[0]!.status).toBe('produced');
    expect(theirsNow.scans.at(-1)).toMatchObject({
      accepted: false,
      reason: 'wrong_retailer',
      consignment_id: cn.id,
    });
    expect((await getOrder(cancelled.id)).scans.at(-1)).toMatchObject({
      accepted: false,
      reason: 'order_cancelled',
    });
    const mineNow = await getOrder(mine.id);
    expect(mineNow.scans.at(-1)).toMatchObject({ accepted: true, consignment_id: cn.id });

    const detail = await getConsignment(cn.id);
    expect(detail).toMatchObject({
      orders_count: 1,
      pieces_loaded: 1,
      pieces_to_load: 1,
      units_incomplete: 1,
      incomplete_units: [{ order_no: 'N-1', unit_no: 1, pieces_loaded: 1, pieces_to_load: 1 }],
    });
    expect(detail.orders[0].units[0].pieces.map((p: { loaded: boolean }) => p.loaded)).toEqual([
      true,
      false,
    ]);

    // Closed (forced): the next scan into it is refused and kept.
    const closed = await t.request('POST', `/v1/consignments/${cn.id}/close`, {
      body: { force: true, reason: 'Legs follow tomorrow' },
    });
    expect(closed.statusCode).toBe(200);
    const late = await scan(dispatch, mine.pieces[1]!.barcode);
    expect(late).toMatchObject({ accepted: false, reason: 'consignment_closed' });
    expect((await getOrder(mine.id)).pieces[1]!.status).toBe('produced');
    expect((await scan(dispatch, 'CN 000001')).reason).toBe('consignment_closed');

    // Without a consignment, dispatch works as it always did.
    const patched = await t.request('PATCH', `/v1/stations/${dispatchId}`, {
      body: { consignment_id: null },
    });
    expect(patched.json().consignment_id).toBeNull();
    const plain = await scan(dispatch, mine.pieces[1]!.barcode);
    expect(plain).toMatchObject({ accepted: true, consignment_id: null, consignment: null });
  });

  it('refuses to close while a unit is partly loaded, naming it, and closes when forced with a reason', async () => {
    const north = await retailer('Northwind', 'NW');
    const order = await producedOrder(north, 'N-7', 2, 2);
    const cn = await createConsignment(north);
    const set = await t.request('PATCH', `/v1/stations/${dispatchId}`, {
      body: { consignment_id: cn.id },
    });
    expect(set.statusCode).toBe(200);
    // Unit 1 whole, unit 2 half.
    for (const piece of order.pieces.slice(0, 3)) {
      expect((await scan(dispatch, piece.barcode)).accepted).toBe(true);
    }
    const refused = await t.request('POST', `/v1/consignments/${cn.id}/close`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'unit_incomplete',
      errors: [{ code: 'unit_incomplete', message: 'Order N-7 unit 2: 1 of 2 pieces loaded.' }],
    });
    expect(refused.json().error.message).toContain('Order N-7 unit 2');
    expect((await getConsignment(cn.id)).status).toBe('open');

    const noReason = await t.request('POST', `/v1/consignments/${cn.id}/close`, {
      body: { force: true },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.param).toBe('reason');

    const forced = await t.request('POST', `/v1/consignments/${cn.id}/close`, {
      body: { force: true, reason: 'Customer asked for the frame now' },
    });
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toMatchObject({
      status: 'closed',
      close_reason: 'Customer asked for the frame now',
      closed_at: expect.any(String),
      pieces_loaded: 3,
    });
    const [event] = (await eventsOf('consignment.closed')) as {
      number: string;
      orders: { order_no: string; pieces: { barcode: string }[] }[];
    }[];
    expect(event!.number).toBe('CN 000001');
    expect(event!.orders).toEqual([
      {
        id: order.id,
        order_no: 'N-7',
        pieces: order.pieces.slice(0, 3).map((p) => ({
          id: p.id,
          barcode: p.barcode,
          unit_no: p.unit_no,
          piece_no: expect.any(Number),
          handling_unit_id: null,
        })),
      },
    ]);
    // Closing again answers it; cancelling a closed one is a conflict.
    expect((await t.request('POST', `/v1/consignments/${cn.id}/close`)).statusCode).toBe(200);
    const cancel = await t.request('POST', `/v1/consignments/${cn.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.code).toBe('consignment_not_open');
  });

  it('closes without force once every started unit is whole', async () => {
    const north = await retailer('Northwind', 'NW');
    const order = await producedOrder(north, 'N-8', 2, 2);
    const cn = await createConsignment(north);
    await scan(dispatch, cn.number);
    for (const piece of order.pieces.slice(0, 2)) await scan(dispatch, piece.barcode);
    const closed = await t.request('POST', `/v1/consignments/${cn.id}/close`, { body: {} });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      status: 'closed',
      close_reason: null,
      units_complete: 1,
      units_incomplete: 0,
    });
  });

  it('cancels only while nothing is loaded', async () => {
    const north = await retailer('Northwind', 'NW');
    const order = await producedOrder(north, 'N-9', 1, 1);
    const empty = await createConsignment(north);
    await scan(dispatch, empty.number);
    const cancelled = await t.request('POST', `/v1/consignments/${empty.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      cancelled_at: expect.any(String),
    });
    expect(await eventsOf('consignment.cancelled')).toHaveLength(1);
    // Its stations stop loading into it.
    expect((await t.request('GET', `/v1/stations/${dispatchId}`)).json().consignment_id).toBeNull();

    const full = await createConsignment(north);
    await scan(dispatch, full.number);
    await scan(dispatch, order.pieces[0]!.barcode);
    const refused = await t.request('POST', `/v1/consignments/${full.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('consignment_not_empty');
  });

  it('adds handling units with SSCCs; scanning a label puts the next pieces on it', async () => {
    const north = await retailer('Northwind', 'NW');
    const order = await producedOrder(north, 'N-3', 1, 2);
    const cn = await createConsignment(north);
    const unit = await t.request('POST', `/v1/consignments/${cn.id}/handling-units`);
    expect(unit.statusCode).toBe(200);
    const { id, sscc } = unit.json() as { id: string; sscc: string };
    expect(sscc).toMatch(/^00400000000000001\d$/);
    expect(isSscc(sscc)).toBe(true);

    // A scanner sends GS1-128 as the AI and the data.
    const onPallet = await scan(dispatch, `00${sscc}`);
    expect(onPallet).toMatchObject({
      accepted: true,
      consignment_id: cn.id,
      handling_unit_id: id,
      consignment: { id: cn.id, handling_unit: { id, sscc } },
    });
    const loaded = await scan(dispatch, order.pieces[0]!.barcode);
    expect(loaded).toMatchObject({ accepted: true, handling_unit_id: id });
    expect((await getOrder(order.id)).scans.at(-1)!.handling_unit_id).toBe(id);
    const detail = await getConsignment(cn.id);
    expect(detail.handling_units).toEqual([
      expect.objectContaining({ id, sscc, pieces_loaded: 1 }),
    ]);

    // With a GS1 company prefix, SSCCs use it.
    const set = await t.request('PATCH', '/v1/settings', {
      body: { gs1_company_prefix: '5012345' },
    });
    expect(set.statusCode).toBe(200);
    const second = (await t.request('POST', `/v1/consignments/${cn.id}/handling-units`)).json();
    expect(second.sscc).toMatch(/^05012345000000002\d$/);
    expect(isSscc(second.sscc)).toBe(true);
    const bad = await t.request('PATCH', '/v1/settings', { body: { gs1_company_prefix: '12AB' } });
    expect(bad.statusCode).toBe(400);
  });

  it('answers a resent consignment scan from the first and records nothing new', async () => {
    const north = await retailer('Northwind', 'NW');
    const cn = await createConsignment(north);
    const first = await scan(dispatch, cn.number, { client_scan_id: 'q-1' });
    const again = await scan(dispatch, cn.number, { client_scan_id: 'q-1' });
    expect(again).toEqual(first);
    const n = (await t.sql
      .prepare('select count(*) as n from scans where client_scan_id = ?')
      .get('q-1')) as { n: number | string };
    expect(Number(n.n)).toBe(1);
  });

  it('a queued scan replayed after an outage loads into the consignment scanned before it, once', async () => {
    const north = await retailer('Northwind', 'NW');
    const order = await producedOrder(north, 'N-6', 1, 1);
    const cn = await createConsignment(north);
    // The station page replays its queue in order, each scan with its client_scan_id.
    const queued = [
      { barcode: cn.number, client_scan_id: 'q-1', scanned_at: '2026-01-05T07:59:00.000Z' },
      {
        barcode: order.pieces[0]!.barcode,
        client_scan_id: 'q-2',
        scanned_at: '2026-01-05T07:59:05.000Z',
      },
    ];
    const first = [];
    for (const body of queued) first.push(await scan(dispatch, body.barcode, body));
    expect(first[1]).toMatchObject({ accepted: true, consignment_id: cn.id });
    // The connection dropped before the answers arrived: the page sends them again.
    const again = [];
    for (const body of queued) again.push(await scan(dispatch, body.barcode, body));
    // The same scans answered again (as resends are: progress as it is now), nothing new kept.
    expect(again[1]).toEqual(first[1]);
    expect(again[0]).toEqual({
      ...first[0],
      consignment: { ...first[0]!.consignment, pieces_loaded: 1, pieces_to_load: 0 },
    });
    expect((await getConsignment(cn.id)).pieces_loaded).toBe(1);
  });

  it('two dispatch stations loading one consignment at once never over-count', async () => {
    const north = await retailer('Northwind', 'NW');
    const order = await producedOrder(north, 'N-5', 10, 2);
    const cn = await createConsignment(north);
    await scan(dispatch, cn.number);
    await scan(dispatch2, cn.number);
    // Both stations read every piece, at the same time.
    const answers = await Promise.all(
      order.pieces.flatMap((p) => [scan(dispatch, p.barcode), scan(dispatch2, p.barcode)]),
    );
    const accepted = answers.filter((a) => a.accepted);
    expect(accepted).toHaveLength(order.pieces.length);
    expect(answers.filter((a) => a.reason === 'already_dispatched')).toHaveLength(
      order.pieces.length,
    );
    const detail = await getConsignment(cn.id);
    expect(detail).toMatchObject({ pieces_loaded: 20, pieces_to_load: 0, units_complete: 10 });
    const list = (await t.request('GET', '/v1/consignments?status=open')).json();
    expect(list.data[0]).toMatchObject({ id: cn.id, pieces_loaded: 20 });
  });

  it('a dispatch station reads what it loads, counted from every station, with the units loaded in part', async () => {
    const north = await retailer('Northwind', 'NW');
    const south = await retailer('Southway', 'SW');
    const a = await producedOrder(north, 'PO-20', 2, 3);
    const b = await producedOrder(north, 'PO-10', 1, 2);
    const read = async (token: string) => {
      const res = await t.request('GET', '/v1/stations/me/consignment', { token });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    expect(await read(dispatch)).toEqual({ object: 'station_load', consignment: null });

    const cn = await createConsignment(north);
    await scan(dispatch, cn.number);
    await scan(dispatch2, cn.number);
    const unit1 = a.pieces.filter((p) => p.unit_no === 1);
    await scan(dispatch, unit1[0]!.barcode);
    await scan(dispatch2, unit1[1]!.barcode);
    await scan(dispatch2, b.pieces[0]!.barcode);
    // Each station reads both stations' loads: 3 loaded, 6 + 2 - 3 still to load.
    for (const token of [dispatch, dispatch2]) {
      expect(await read(token)).toEqual({
        object: 'station_load',
        consignment: {
          id: cn.id,
          number: cn.number,
          retailer_name: 'Northwind',
          open: true,
          handling_unit: null,
          pieces_loaded: 3,
          pieces_to_load: 5,
          incomplete_units: [
            { order_no: 'PO-10', unit_no: 1, pieces_loaded: 1, pieces_to_load: 1 },
            { order_no: 'PO-20', unit_no: 1, pieces_loaded: 2, pieces_to_load: 1 },
          ],
        },
      });
    }
    await scan(dispatch, unit1[2]!.barcode);
    const after = await read(dispatch2);
    expect(after.consignment).toMatchObject({ pieces_loaded: 4, pieces_to_load: 4 });
    expect(after.consignment.incomplete_units).toEqual([
      { order_no: 'PO-10', unit_no: 1, pieces_loaded: 1, pieces_to_load: 1 },
    ]);

    // A pallet label scanned: the read names it.
    const unit = (await t.request('POST', `/v1/consignments/${cn.id}/handling-units`)).json();
    await scan(dispatch, unit.sscc);
    expect((await read(dispatch)).consignment.handling_unit).toEqual({
      id: unit.id,
      sscc: unit.sscc,
    });

    // Another retailer's consignment set by staff shows at once; staff clearing it, none.
    const other = await createConsignment(south);
    await t.request('PATCH', `/v1/stations/${dispatchId}`, { body: { consignment_id: other.id } });
    expect((await read(dispatch)).consignment).toMatchObject({
      number: other.number,
      retailer_name: 'Southway',
      pieces_loaded: 0,
      incomplete_units: [],
    });
    await t.request('PATCH', `/v1/stations/${dispatchId}`, { body: { consignment_id: null } });
    expect((await read(dispatch)).consignment).toBeNull();

    // Only a station token reads it.
    const staff = await t.request('GET', '/v1/stations/me/consignment');
    expect(staff.statusCode).toBe(403);
    const producer = await t.request('GET', '/v1/stations/me/consignment', { token: produce });
    expect(producer.json()).toEqual({ object: 'station_load', consignment: null });
  });

  it('a station of another role cannot be given a consignment', async () => {
    const north = await retailer('Northwind', 'NW');
    const cn = await createConsignment(north);
    const stations = (await t.request('GET', '/v1/stations')).json().data as {
      id: string;
      role: string;
    }[];
    const producer = stations.find((s) => s.role === 'produce')!;
    const res = await t.request('PATCH', `/v1/stations/${producer.id}`, {
      body: { consignment_id: cn.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.param).toBe('consignment_id');
  });
});
