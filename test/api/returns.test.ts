import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MINUTE } from '../../src/domain/clock.js';
import { createSecondFactory, makeTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let stations: Record<'produce' | 'stock' | 'dispatch', string>;
beforeEach(async () => {
  t = await makeTestApp();
  stations = {
    produce: await pairStation('produce'),
    stock: await pairStation('stock'),
    dispatch: await pairStation('dispatch'),
  };
});
afterEach(async () => {
  await t.close();
});

interface Order {
  id: string;
  order_no: string;
  status: string;
  pieces_dispatched: number;
  pieces_in_stock: number;
  stuck: boolean;
  pieces: {
    id: string;
    barcode: string;
    status: string;
    location: string | null;
    in_stock_at: string | null;
  }[];
}

async function pairStation(role: string): Promise<string> {
  const code = await t.request('POST', '/v1/stations/pairing-codes', {
    body: { name: `${role} station`, role },
  });
  expect(code.statusCode).toBe(200);
  const paired = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: code.json().code },
  });
  expect(paired.statusCode).toBe(200);
  return paired.json().token as string;
}

async function scan(role: keyof typeof stations, barcode: string, location?: string) {
  const res = await t.request('POST', '/v1/scans', {
    token: stations[role],
    body: { barcode, ...(location ? { location } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { accepted: boolean; reason: string | null };
}

async function getOrder(id: string): Promise<Order> {
  const res = await t.request('GET', `/v1/orders/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Order;
}

/** An order of two pieces, both produced and dispatched through real scans. */
async function dispatchedOrder(orderNo = 'PO-1'): Promise<Order> {
  const retailer = await t.request('POST', '/v1/retailers', {
    body: { name: `Shop ${orderNo}`, code: orderNo.replace(/[^A-Z0-9]/g, '') },
  });
  const created = await t.request('POST', '/v1/orders', {
    body: {
      order_no: orderNo,
      retailer_id: retailer.json().id,
      lines: [{ sku: 'SOFA-3S', colour: 'Grey', qty: 1, pieces_per_unit: 2 }],
    },
  });
  expect(created.statusCode).toBe(200);
  const order = created.json() as Order;
  for (const piece of order.pieces) {
    expect((await scan('produce', piece.barcode)).accepted).toBe(true);
    expect((await scan('dispatch', piece.barcode)).accepted).toBe(true);
  }
  const dispatched = await getOrder(order.id);
  expect(dispatched.status).toBe('dispatched');
  return dispatched;
}

describe('POST /v1/returns', () => {
  it('receives a dispatched piece: piece returned, order partially dispatched, event emitted', async () => {
    const order = await dispatchedOrder();
    const [piece] = order.pieces;
    t.clock.advance(MINUTE);
    const res = await t.request('POST', '/v1/returns', {
      body: { barcode: piece!.barcode.toLowerCase(), reason: '  torn cover ' },
    });
    expect(res.statusCode).toBe(200);
    const now = t.clock.now().toISOString();
    expect(res.json()).toEqual({
      id: expect.stringMatching(/^ret_[0-9A-Z]{26}$/),
      object: 'return',
      status: 'received',
      piece_id: piece!.id,
      order_id: order.id,
      order_no: 'PO-1',
      barcode: piece!.barcode,
      reason: 'torn cover',
      location: null,
      created_at: now,
      updated_at: now,
      closed_at: null,
    });

    const after = await getOrder(order.id);
    expect(after.status).toBe('partially_dispatched');
    expect(after.stuck).toBe(true);
    expect(after.pieces_dispatched).toBe(1);
    expect(after.pieces.find((p) => p.id === piece!.id)).toMatchObject({
      status: 'returned',
      location: null,
    });

    // While the return is open, stations refuse the piece.
    expect(await scan('dispatch', piece!.barcode)).toMatchObject({
      accepted: false,
      reason: 'return_open',
    });

    const events = (await t.sql
      .prepare("select data from events where type = 'return.created'")
      .all()) as { data: string }[];
    expect(events.map((e) => JSON.parse(e.data))).toEqual([res.json()]);
    const changed = (await t.sql
      .prepare(
        "select data from events where type = 'order.status_changed' order by id desc limit 1",
      )
      .get()) as { data: string };
    expect(JSON.parse(changed.data)).toMatchObject({
      from: 'dispatched',
      to: 'partially_dispatched',
    });
  });

  it('accepts piece_id instead of a barcode, and wants exactly one of them', async () => {
    const order = await dispatchedOrder();
    const [a, b] = order.pieces;
    const byId = await t.request('POST', '/v1/returns', { body: { piece_id: a!.id } });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ piece_id: a!.id, barcode: a!.barcode, reason: null });

    const both = await t.request('POST', '/v1/returns', {
      body: { piece_id: b!.id, barcode: b!.barcode },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().error.code).toBe('validation_failed');
    const neither = await t.request('POST', '/v1/returns', { body: { reason: 'x' } });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.code).toBe('validation_failed');
    const typo = await t.request('POST', '/v1/returns', { body: { piece: b!.id } });
    expect(typo.json().error).toMatchObject({ code: 'validation_failed', param: 'piece' });
  });

  it('refuses a piece that is not dispatched (409) and an unknown one (404)', async () => {
    const order = await dispatchedOrder();
    const [piece] = order.pieces;
    expect(
      (await t.request('POST', '/v1/returns', { body: { barcode: piece!.barcode } })).statusCode,
    ).toBe(200);
    // An open return: the piece is returned, not dispatched, so it cannot come back twice.
    const twice = await t.request('POST', '/v1/returns', { body: { barcode: piece!.barcode } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('piece_not_dispatched');

    const fresh = (
      await t.request('POST', '/v1/orders', {
        body: {
          order_no: 'PO-2',
          retailer_code: 'PO1',
          lines: [{ sku: 'STOOL', qty: 1, pieces_per_unit: 1 }],
        },
      })
    ).json() as Order;
    const notYet = await t.request('POST', '/v1/returns', {
      body: { barcode: fresh.pieces[0]!.barcode },
    });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error.code).toBe('piece_not_dispatched');

    for (const body of [{ barcode: 'FD 9999999' }, { piece_id: 'pce_nope' }]) {
      const res = await t.request('POST', '/v1/returns', { body });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    // Another factory cannot see this factory's pieces.
    const other = await createSecondFactory(t.core);
    const foreign = await t.request('POST', '/v1/returns', {
      token: other.apiKey,
      body: { piece_id: order.pieces[1]!.id },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('honours Idempotency-Key: a retried create answers the first return', async () => {
    const order = await dispatchedOrder();
    const send = () =>
      t.request('POST', '/v1/returns', {
        body: { barcode: order.pieces[0]!.barcode },
        headers: { 'idempotency-key': 'ret-1' },
      });
    const first = await send();
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await t.request('GET', '/v1/returns')).json().data).toHaveLength(1);
  });
});

describe('PATCH /v1/returns/:id', () => {
  async function openReturn() {
    const order = await dispatchedOrder();
    const piece = order.pieces[0]!;
    const created = await t.request('POST', '/v1/returns', { body: { barcode: piece.barcode } });
    return { order, piece, ret: created.json() as { id: string } };
  }

  it('restocks at a bay: piece in stock there, and it can be dispatched again', async () => {
    const { order, piece, ret } = await openReturn();
    t.clock.advance(MINUTE);
    const res = await t.request('PATCH', `/v1/returns/${ret.id}`, {
      body: { status: 'restocked', location: ' B-07 ' },
    });
    expect(res.statusCode).toBe(200);
    const now = t.clock.now().toISOString();
    expect(res.json()).toMatchObject({
      id: ret.id,
      status: 'restocked',
      location: 'B-07',
      closed_at: now,
      updated_at: now,
    });
    let after = await getOrder(order.id);
    expect(after.pieces.find((p) => p.id === piece.id)).toMatchObject({
      status: 'in_stock',
      location: 'B-07',
      in_stock_at: now,
    });
    expect(after.status).toBe('partially_dispatched');
    expect(after.pieces_in_stock).toBe(1);

    const redispatch = await scan('dispatch', piece.barcode);
    expect(redispatch).toMatchObject({ accepted: true, reason: null });
    after = await getOrder(order.id);
    expect(after.status).toBe('dispatched');
    expect(after.stuck).toBe(false);

    const event = (await t.sql
      .prepare("select data from events where type = 'return.restocked'")
      .get()) as { data: string };
    expect(JSON.parse(event.data)).toEqual(res.json());
  });

  it('needs a location to restock (400 location_required)', async () => {
    const { ret } = await openReturn();
    for (const body of [{ status: 'restocked' }, { status: 'restocked', location: '   ' }]) {
      const res = await t.request('PATCH', `/v1/returns/${ret.id}`, { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'location_required', param: 'location' });
    }
    expect((await t.request('GET', `/v1/returns/${ret.id}`)).json().status).toBe('received');
  });

  it('writes off: the piece no longer holds its order back', async () => {
    const { order, piece, ret } = await openReturn();
    expect((await getOrder(order.id)).status).toBe('partially_dispatched');
    const res = await t.request('PATCH', `/v1/returns/${ret.id}`, {
      body: { status: 'written_off' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'written_off', location: null });
    const after = await getOrder(order.id);
    expect(after.pieces.find((p) => p.id === piece.id)!.status).toBe('written_off');
    expect(after.status).toBe('dispatched');
    expect(after.stuck).toBe(false);
    // A written-off piece is refused at the stations.
    expect(await scan('dispatch', piece.barcode)).toMatchObject({
      accepted: false,
      reason: 'written_off',
    });
    expect(
      await t.sql
        .prepare("select count(*) as n from events where type = 'return.written_off'")
        .get(),
    ).toEqual({ n: 1 });
  });

  it('the same outcome again is a no-op; the other outcome is 409 return_closed', async () => {
    const { ret } = await openReturn();
    const restocked = await t.request('PATCH', `/v1/returns/${ret.id}`, {
      body: { status: 'restocked', location: 'B-07' },
    });
    t.clock.advance(MINUTE);
    const again = await t.request('PATCH', `/v1/returns/${ret.id}`, {
      body: { status: 'restocked', location: 'C-01' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(restocked.json());
    const other = await t.request('PATCH', `/v1/returns/${ret.id}`, {
      body: { status: 'written_off' },
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('return_closed');
    expect(
      await t.sql.prepare("select count(*) as n from events where type like 'return.%'").get(),
    ).toEqual({ n: 2 });

    const second = await openReturnOf('PO-9');
    await t.request('PATCH', `/v1/returns/${second}`, { body: { status: 'written_off' } });
    const wo = await t.request('PATCH', `/v1/returns/${second}`, {
      body: { status: 'written_off' },
    });
    expect(wo.statusCode).toBe(200);
    const back = await t.request('PATCH', `/v1/returns/${second}`, {
      body: { status: 'restocked', location: 'A-1' },
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().error.code).toBe('return_closed');
  });

  async function openReturnOf(orderNo: string): Promise<string> {
    const order = await dispatchedOrder(orderNo);
    const res = await t.request('POST', '/v1/returns', { body: { piece_id: order.pieces[0]!.id } });
    return res.json().id as string;
  }

  it('refuses an invalid status (400), a location with a write-off, and unknown returns (404)', async () => {
    const { ret } = await openReturn();
    for (const status of ['received', 'lost', 5]) {
      const res = await t.request('PATCH', `/v1/returns/${ret.id}`, { body: { status } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', param: 'status' });
    }
    const withBay = await t.request('PATCH', `/v1/returns/${ret.id}`, {
      body: { status: 'written_off', location: 'B-1' },
    });
    expect(withBay.json().error).toMatchObject({ code: 'validation_failed', param: 'location' });
    expect(
      (await t.request('PATCH', '/v1/returns/ret_nope', { body: { status: 'written_off' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.request('GET', '/v1/returns/ret_nope')).statusCode).toBe(404);
  });
});

describe('GET /v1/returns', () => {
  it('lists newest first with keyset pages and a status filter', async () => {
    const order = await dispatchedOrder();
    const ids: string[] = [];
    for (const piece of order.pieces) {
      t.clock.advance(1);
      ids.push(
        (await t.request('POST', '/v1/returns', { body: { barcode: piece.barcode } })).json().id,
      );
    }
    await t.request('PATCH', `/v1/returns/${ids[0]}`, { body: { status: 'written_off' } });

    const first = (await t.request('GET', '/v1/returns?limit=1')).json();
    expect(first).toMatchObject({ object: 'list', has_more: true, next_cursor: ids[1] });
    expect(first.data.map((r: { id: string }) => r.id)).toEqual([ids[1]]);
    const rest = (
      await t.request('GET', `/v1/returns?limit=1&starting_after=${first.next_cursor}`)
    ).json();
    expect(rest).toMatchObject({ has_more: false, next_cursor: null });
    expect(rest.data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);

    const open = (await t.request('GET', '/v1/returns?status=received')).json();
    expect(open.data.map((r: { id: string }) => r.id)).toEqual([ids[1]]);
    const gone = (await t.request('GET', '/v1/returns?status=written_off')).json();
    expect(gone.data.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    expect((await t.request('GET', '/v1/returns?status=lost')).statusCode).toBe(400);

    const other = await createSecondFactory(t.core);
    expect((await t.request('GET', '/v1/returns', { token: other.apiKey })).json().data).toEqual(
      [],
    );
    expect(
      (await t.request('GET', `/v1/returns/${ids[0]}`, { token: other.apiKey })).statusCode,
    ).toBe(404);
  });
});
