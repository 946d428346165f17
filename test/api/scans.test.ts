import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRetailer } from '../../src/core/retailers/retailers.js';
import {
  ScanAnswer as ScanAnswerSchema,
  StationOrder,
  StationPiece,
} from '../../src/api/schemas/scans.js';
import { TEST_LABEL_STRING } from '../../src/domain/test-label.js';
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

interface Station {
  id: string;
  token: string;
}

async function pairStation(
  role: 'produce' | 'stock' | 'dispatch',
  name = `${role} station`,
): Promise<Station> {
  const issued = await t.request('POST', '/v1/stations/pairing-codes', { body: { name, role } });
  const paired = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: issued.json().code },
  });
  expect(paired.statusCode, paired.body).toBe(200);
  return paired.json();
}

async function createOrder(orderNo: string, qty = 1, piecesPerUnit = 2) {
  const res = await t.request('POST', '/v1/orders', {
    body: {
      order_no: orderNo,
      retailer_id: retailerId,
      lines: [{ sku: 'SOFA-3S', colour: 'Grey', qty, pieces_per_unit: piecesPerUnit }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const order = res.json();
  return {
    id: order.id as string,
    barcodes: (order.pieces as { barcode: string }[]).map((p) => p.barcode),
  };
}

async function scan(station: Station, body: Record<string, unknown>) {
  // Ids sort by time; a tick between scans keeps the history in the order they were sent.
  t.clock.advance(1);
  const res = await t.request('POST', '/v1/scans', { token: station.token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const getOrder = async (id: string) => (await t.request('GET', `/v1/orders/${id}`)).json();

/** The `scan.recorded` event's data of a scan: the scan with its piece and order in full. */
async function recordOf(scanId: string) {
  const events = (await t.sql
    .prepare("select data from events where type = 'scan.recorded'")
    .all()) as { data: string }[];
  return events.map((e) => JSON.parse(e.data)).find((data) => data.id === scanId);
}

async function countScans(): Promise<number> {
  return ((await t.sql.prepare('select count(*) as n from scans').get()) as { n: number }).n;
}

describe('POST /v1/scans: the station as it is now', () => {
  it('takes a rename and a new default bay from the next scan on', async () => {
    // The first scan has the process remember the station; the changes must reach the next one.
    const produce = await pairStation('produce', 'Sewing 1');
    const stock = await pairStation('stock', 'Stock 1');
    const { barcodes } = await createOrder('SW-1400');
    await scan(produce, { barcode: barcodes[0] });
    await scan(produce, { barcode: barcodes[1] });
    expect(await scan(stock, { barcode: barcodes[0], location: 'A-01' })).toMatchObject({
      accepted: true,
      station: 'Stock 1',
      location: 'A-01',
    });
    const changed = await t.request('PATCH', `/v1/stations/${stock.id}`, {
      body: { name: 'Stock 2', default_location: 'B-07' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await scan(stock, { barcode: barcodes[1] })).toMatchObject({
      accepted: true,
      station: 'Stock 2',
      station_id: stock.id,
      location: 'B-07',
    });
  });
});

describe('POST /v1/scans: accepted scans', () => {
  it('moves the piece, recomputes the order and answers what the operator sees, with a message for the screen', async () => {
    const produce = await pairStation('produce', 'Sewing 1');
    const { id, barcodes } = await createOrder('SW-1001');
    const answer = await scan(produce, { barcode: barcodes[0], location: 'Cell 3' });
    const at = t.clock.now().toISOString();
    expect(answer).toMatchObject({
      object: 'scan',
      accepted: true,
      reason: null,
      message: `Produced ${barcodes[0]}`,
      event: 'produce',
      barcode: barcodes[0],
      location: 'Cell 3',
      station: 'Sewing 1',
      station_id: produce.id,
      client_scan_id: null,
      scanned_at: null,
      at,
      test_label: false,
      piece: {
        barcode: barcodes[0],
        line_no: 1,
        unit_no: 1,
        piece_no: 1,
        piece_name: null,
        status: 'produced',
      },
      // Of the order, only what the screen shows: its number and retailer, and what the unit
      // and piece counts are out of.
      order: {
        order_no: 'SW-1001',
        retailer_name: 'Sofa World',
        pieces_per_unit: 2,
        lines: [{ qty: 1, pieces_per_unit: 2 }],
      },
    });
    expect(answer.id).toMatch(/^scn_[0-9A-Z]{26}$/);
    // Exactly the declared fields: the answer is sent as the event's JSON, not by the schema's
    // serializer.
    const declared = (schema: { properties: object }) => Object.keys(schema.properties).sort();
    // `hardware_check` only answers a scan that carried one (scans-hardware-check.test.ts).
    const scanFields = declared(ScanAnswerSchema).filter((f) => f !== 'hardware_check');
    expect(Object.keys(answer).sort()).toEqual(scanFields);
    // piece and order are named schemas, nullable (`anyOf: [StationPiece, null]`).
    expect(Object.keys(answer.piece).sort()).toEqual(declared(StationPiece));
    expect(Object.keys(answer.order).sort()).toEqual(declared(StationOrder));
    expect(Object.keys(answer.order).sort()).toEqual([
      'lines',
      'order_no',
      'pieces_per_unit',
      'retailer_name',
    ]);

    // The event's receivers (the factory's own systems) get the piece and the order in full.
    expect(await recordOf(answer.id)).toMatchObject({
      ...answer,
      piece: { barcode: barcodes[0], status: 'produced', produced_at: at, location: 'Cell 3' },
      order: { id, status: 'in_production', pieces_scanned: 1, pieces_total: 2 },
    });

    const order = await getOrder(id);
    expect(order.scans).toEqual([
      {
        id: answer.id,
        event: 'produce',
        accepted: true,
        reason: null,
        location: 'Cell 3',
        station: 'Sewing 1',
        station_id: produce.id,
        barcode: barcodes[0],
        piece_id: answer.piece.id,
        scanned_at: null,
        at,
        consignment_id: null,
        handling_unit_id: null,
        operator_id: null,
        operator_name: null,
      },
    ]);
    expect((await t.request('GET', `/v1/stations/${produce.id}`)).json().last_scan_at).toBe(at);
  });

  it('trims the scanner suffix, keeps the device time of a buffered scan, and emits scan.recorded', async () => {
    const produce = await pairStation('produce');
    const { barcodes } = await createOrder('SW-1002');
    // A scanner left on caps lock sends lower case: the label is still found, and recorded as printed.
    const answer = await scan(produce, {
      barcode: `${barcodes[0]!.toLowerCase()}\r\n`,
      scanned_at: '2026-01-05T09:00:00+01:00',
    });
    expect(answer).toMatchObject({
      accepted: true,
      barcode: barcodes[0],
      scanned_at: '2026-01-05T08:00:00.000Z',
    });
    const events = (await t.sql
      .prepare("select data from events where type = 'scan.recorded'")
      .all()) as { data: string }[];
    expect(events.map((e) => JSON.parse(e.data))).toMatchObject([
      { ...answer, piece: { id: answer.piece.id }, order: { order_no: 'SW-1002' } },
    ]);
    const changed = (await t.sql
      .prepare("select data from events where type = 'order.status_changed'")
      .all()) as { data: string }[];
    expect(changed.map((e) => JSON.parse(e.data))).toMatchObject([
      { from: 'awaiting_production', to: 'in_production' },
    ]);
  });

  it('stocks at the scan location, else at the station default bay; a move between bays keeps in_stock_at', async () => {
    const produce = await pairStation('produce');
    const stock = await pairStation('stock');
    const { barcodes } = await createOrder('SW-1003', 1, 2);
    for (const barcode of barcodes) await scan(produce, { barcode });

    await t.request('PATCH', `/v1/stations/${stock.id}`, { body: { default_location: 'A-01' } });
    t.clock.advance(1_000);
    const first = await scan(stock, { barcode: barcodes[0] });
    expect(first).toMatchObject({
      accepted: true,
      location: 'A-01',
      message: `In stock: ${barcodes[0]} at A-01`,
      piece: { status: 'in_stock' },
    });
    expect(await recordOf(first.id)).toMatchObject({ piece: { location: 'A-01' } });
    const stockedAt = first.at;

    t.clock.advance(1_000);
    const moved = await scan(stock, { barcode: barcodes[0], location: ' B-07 ' });
    expect(moved).toMatchObject({ accepted: true, location: 'B-07' });
    expect(await recordOf(moved.id)).toMatchObject({
      piece: { status: 'in_stock', location: 'B-07', in_stock_at: stockedAt },
    });

    const blankFallsBack = await scan(stock, { barcode: barcodes[1], location: '  ' });
    expect(blankFallsBack).toMatchObject({ accepted: true, location: 'A-01' });
    expect(await recordOf(blankFallsBack.id)).toMatchObject({
      order: { status: 'in_stock', pieces_in_stock: 2 },
    });
  });

  it('accepts the test label at every station, answering test_label and touching no order', async () => {
    const produce = await pairStation('produce');
    const stock = await pairStation('stock');
    const dispatch = await pairStation('dispatch');
    const { id } = await createOrder('SW-1004');
    for (const station of [produce, stock, dispatch]) {
      const answer = await scan(station, { barcode: `${TEST_LABEL_STRING}\r` });
      expect(answer).toMatchObject({
        accepted: true,
        reason: null,
        test_label: true,
        barcode: TEST_LABEL_STRING,
        message: 'Test label read correctly',
        piece: null,
        order: null,
      });
    }
    // A misread (wrong keyboard layout: `@` and `"` swapped) is not the test label.
    const misread = await scan(produce, { barcode: TEST_LABEL_STRING.replace('@"', '"@') });
    expect(misread).toMatchObject({
      accepted: false,
      reason: 'unknown_barcode',
      test_label: false,
    });

    const rows = await t.sql
      .prepare('select station_id, test_label, piece_id, order_id from scans where test_label = 1')
      .all();
    expect(rows).toEqual(
      [produce, stock, dispatch].map((s) => ({
        station_id: s.id,
        test_label: 1,
        piece_id: null,
        order_id: null,
      })),
    );
    const order = await getOrder(id);
    expect(order).toMatchObject({ status: 'awaiting_production', pieces_scanned: 0, scans: [] });
  });
});

describe('POST /v1/scans: refusals are answered 200, recorded, and shown in the order', () => {
  it('produces every refusal reason, each in the order scans with accepted false', async () => {
    const produce = await pairStation('produce');
    const stock = await pairStation('stock');
    const dispatch = await pairStation('dispatch');
    const main = await createOrder('SW-2001', 1, 3);
    const [a, b, c] = main.barcodes as [string, string, string];

    const expectRefused = async (station: Station, barcode: string, reason: string) => {
      const answer = await scan(station, { barcode });
      expect(answer, `${barcode} ${reason}`).toMatchObject({ accepted: false, reason });
      expect(answer.message).toMatch(/^Refused: /);
      return answer;
    };

    const unknown = await expectRefused(produce, 'FD 7777777', 'unknown_barcode');
    expect(unknown).toMatchObject({
      piece: null,
      order: null,
      message: 'Refused: unknown barcode FD 7777777',
    });
    await expectRefused(stock, a, 'not_produced');
    await expectRefused(dispatch, a, 'not_produced');
    await scan(produce, { barcode: a });
    await expectRefused(produce, a, 'already_produced');
    await expectRefused(stock, a, 'location_required');
    await scan(dispatch, { barcode: a });
    await expectRefused(stock, a, 'already_dispatched');
    await expectRefused(dispatch, a, 'already_dispatched');

    const voided = await t.request('POST', `/v1/items/${encodeURIComponent(b)}/void`, { body: {} });
    expect(voided.statusCode, voided.body).toBe(200);
    await expectRefused(produce, b, 'label_voided');

    // A returned piece (return open), then a written-off one.
    await scan(produce, { barcode: c });
    await scan(dispatch, { barcode: c });
    const ret = await t.request('POST', '/v1/returns', { body: { barcode: c } });
    expect(ret.statusCode, ret.body).toBe(200);
    await expectRefused(stock, c, 'return_open');
    const off = await t.request('PATCH', `/v1/returns/${ret.json().id}`, {
      body: { status: 'written_off' },
    });
    expect(off.statusCode, off.body).toBe(200);
    await expectRefused(dispatch, c, 'written_off');

    const cancelled = await createOrder('SW-2002', 1, 1);
    expect((await t.request('POST', `/v1/orders/${cancelled.id}/cancel`)).statusCode).toBe(200);
    await expectRefused(produce, cancelled.barcodes[0]!, 'order_cancelled');

    const refusedInMain = (await getOrder(main.id)).scans.filter(
      (s: { accepted: boolean }) => !s.accepted,
    );
    expect(refusedInMain.map((s: { reason: string }) => s.reason)).toEqual([
      'not_produced',
      'not_produced',
      'already_produced',
      'location_required',
      'already_dispatched',
      'already_dispatched',
      'label_voided',
      'return_open',
      'written_off',
    ]);
    expect(
      refusedInMain.find((s: { reason: string }) => s.reason === 'label_voided'),
    ).toMatchObject({ barcode: b });
    expect((await getOrder(cancelled.id)).scans).toMatchObject([
      { accepted: false, reason: 'order_cancelled' },
    ]);
    // The unknown barcode is kept too, with no piece.
    const orphan = await t.sql
      .prepare(
        "select piece_id, order_id, accepted, reason from scans where barcode = 'FD 7777777'",
      )
      .get();
    expect(orphan).toEqual({
      piece_id: null,
      order_id: null,
      accepted: 0,
      reason: 'unknown_barcode',
    });
  });

  it('a refusal does not move the piece or the order', async () => {
    const produce = await pairStation('produce');
    const stock = await pairStation('stock');
    const { id, barcodes } = await createOrder('SW-2003', 1, 1);
    const before = await getOrder(id);
    const refused = await scan(stock, { barcode: barcodes[0], location: 'A-01' });
    expect(refused).toMatchObject({
      accepted: false,
      reason: 'not_produced',
      location: 'A-01',
      piece: { status: 'awaiting_production' },
      order: { order_no: 'SW-2003' },
    });
    expect(await recordOf(refused.id)).toMatchObject({ order: { status: 'awaiting_production' } });
    const after = await getOrder(id);
    expect(after.pieces).toEqual(before.pieces);
    expect(after.pieces_scanned).toBe(0);
    await scan(produce, { barcode: barcodes[0] });
    expect((await getOrder(id)).pieces_scanned).toBe(1);
  });
});

describe('POST /v1/scans: concurrency and replays', () => {
  it('50 simultaneous produce scans of one piece from two stations: one accepted, 49 refused, all recorded', async () => {
    const lineA = await pairStation('produce', 'Line A');
    const lineB = await pairStation('produce', 'Line B');
    const { id, barcodes } = await createOrder('SW-3001', 1, 1);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.request('POST', '/v1/scans', {
          token: (i % 2 ? lineA : lineB).token,
          body: { barcode: barcodes[0] },
        }),
      ),
    );
    const bodies = answers.map((r) => r.json());
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(bodies.filter((b) => b.accepted)).toHaveLength(1);
    const refused = bodies.filter((b) => !b.accepted);
    expect(refused).toHaveLength(49);
    expect(new Set(refused.map((b) => b.reason))).toEqual(new Set(['already_produced']));

    const order = await getOrder(id);
    expect(order.scans).toHaveLength(50);
    expect(order.scans.filter((s: { accepted: boolean }) => s.accepted)).toHaveLength(1);
    expect(order).toMatchObject({ status: 'produced', pieces_scanned: 1 });
  });

  it('the same client_scan_id sent 3 times records one scan and answers the first result', async () => {
    const produce = await pairStation('produce');
    const { id, barcodes } = await createOrder('SW-3002', 1, 2);
    const body = { barcode: barcodes[0], client_scan_id: 'tablet-7:000123' };
    const first = await t.request('POST', '/v1/scans', { token: produce.token, body });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    t.clock.advance(5_000);
    const resent = [
      await t.request('POST', '/v1/scans', { token: produce.token, body }),
      await t.request('POST', '/v1/scans', { token: produce.token, body }),
    ];
    for (const res of resent) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['idempotent-replayed']).toBe('true');
      const { order: _o, piece: _p, ...rest } = res.json();
      const { order: _fo, piece: _fp, ...firstRest } = first.json();
      expect(rest).toEqual(firstRest);
      expect(res.json().accepted).toBe(true);
    }
    expect(await countScans()).toBe(1);
    expect((await getOrder(id)).scans).toHaveLength(1);
    expect(
      await t.sql.prepare("select count(*) as n from events where type = 'scan.recorded'").get(),
    ).toEqual({ n: 1 });
  });

  it('a client_scan_id resent with another barcode answers the first scan and moves nothing', async () => {
    const produce = await pairStation('produce');
    const { id, barcodes } = await createOrder('SW-3012', 1, 3);
    const first = await scan(produce, { barcode: barcodes[0], client_scan_id: 'c-9' });
    const orderBefore = await getOrder(id);
    // The second barcode would be accepted on its own: the insert finds the id first.
    const resent = await t.request('POST', '/v1/scans', {
      token: produce.token,
      body: { barcode: barcodes[1], client_scan_id: 'c-9' },
    });
    expect(resent.headers['idempotent-replayed']).toBe('true');
    expect(resent.json()).toMatchObject({ id: first.id, barcode: barcodes[0], accepted: true });
    const orderAfter = await getOrder(id);
    expect(orderAfter.pieces[1].status).toBe('awaiting_production');
    expect(orderAfter.pieces_scanned).toBe(1);
    expect(orderAfter.updated_at).toBe(orderBefore.updated_at);
    expect(await countScans()).toBe(1);
    expect(
      await t.sql.prepare("select count(*) as n from events where type = 'scan.recorded'").get(),
    ).toEqual({ n: 1 });
  });

  it('an order whose stored counts do not add up is counted again by the scan', async () => {
    const produce = await pairStation('produce');
    const { id, barcodes } = await createOrder('SW-3013', 1, 2);
    await t.sql
      .prepare('update orders set pieces_awaiting_production = 0, pieces_produced = 2 where id = ?')
      .run(id);
    const answer = await scan(produce, { barcode: barcodes[0] });
    expect(answer.accepted).toBe(true);
    expect((await recordOf(answer.id)).order).toMatchObject({
      status: 'in_production',
      pieces_scanned: 1,
    });
    expect(
      await t.sql
        .prepare(
          'select pieces_awaiting_production as a, pieces_produced as p from orders where id = ?',
        )
        .get(id),
    ).toEqual({ a: 1, p: 1 });
  });

  it('a client_scan_id sent concurrently records one scan; ids are per station', async () => {
    const lineA = await pairStation('produce', 'Line A');
    const lineB = await pairStation('produce', 'Line B');
    const { barcodes } = await createOrder('SW-3003', 1, 2);
    const body = { barcode: barcodes[0], client_scan_id: 'c-1' };
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.request('POST', '/v1/scans', { token: lineA.token, body })),
    );
    expect(new Set(answers.map((r) => r.json().id)).size).toBe(1);
    expect(await countScans()).toBe(1);
    // The same id from another station is another scan (refused: already produced).
    const other = await scan(lineB, body);
    expect(other).toMatchObject({
      accepted: false,
      reason: 'already_produced',
      client_scan_id: 'c-1',
    });
    expect(await countScans()).toBe(2);
  });

  it('a replayed refusal answers the refusal again', async () => {
    const stock = await pairStation('stock');
    const { barcodes } = await createOrder('SW-3004', 1, 1);
    const body = { barcode: barcodes[0], client_scan_id: 'offline-1' };
    const first = await scan(stock, body);
    const again = await scan(stock, body);
    expect(again).toMatchObject({
      id: first.id,
      accepted: false,
      reason: 'not_produced',
      message: first.message,
    });
    expect(await countScans()).toBe(1);
  });
});

describe('POST /v1/scans: who may scan and what is refused as a request', () => {
  it('403 for an API key; 403 station_role_mismatch for an event other than the role', async () => {
    const stock = await pairStation('stock');
    const byKey = await t.request('POST', '/v1/scans', { body: { barcode: 'FD 0000001' } });
    expect(byKey.statusCode).toBe(403);
    expect(byKey.json().error.code).toBe('forbidden');

    const mismatch = await t.request('POST', '/v1/scans', {
      token: stock.token,
      body: { barcode: 'FD 0000001', event: 'dispatch' },
    });
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json().error).toMatchObject({
      type: 'permission_error',
      code: 'station_role_mismatch',
      param: 'event',
    });
    const matching = await t.request('POST', '/v1/scans', {
      token: stock.token,
      body: { barcode: 'FD 0000001', event: 'stock' },
    });
    expect(matching.statusCode).toBe(200);
    expect(await countScans()).toBe(1);
  });

  it('401 without a token or with a revoked one', async () => {
    const produce = await pairStation('produce');
    expect(
      (await t.request('POST', '/v1/scans', { token: null, body: { barcode: 'X' } })).statusCode,
    ).toBe(401);
    await t.request('DELETE', `/v1/stations/${produce.id}`);
    const res = await t.request('POST', '/v1/scans', {
      token: produce.token,
      body: { barcode: 'X' },
    });
    expect(res.statusCode).toBe(401);
    expect(await countScans()).toBe(0);
  });

  it('validates the body and records nothing for an invalid one', async () => {
    const produce = await pairStation('produce');
    const cases: [unknown, string][] = [
      [{}, 'barcode'],
      [{ barcode: '' }, 'barcode'],
      [{ barcode: 'x'.repeat(129) }, 'barcode'],
      [{ barcode: '\r\n' }, 'barcode'],
      [{ barcode: 'FD 1', location: 'x'.repeat(41) }, 'location'],
      [{ barcode: 'FD 1', location: 5 }, 'location'],
      [{ barcode: 'FD 1', client_scan_id: 'x'.repeat(101) }, 'client_scan_id'],
      [{ barcode: 'FD 1', scanned_at: 'yesterday' }, 'scanned_at'],
      [{ barcode: 'FD 1', event: 'paint' }, 'event'],
      [{ barcode: 'FD 1', piece_id: 'pce_1' }, 'piece_id'],
    ];
    for (const [body, param] of cases) {
      const res = await t.request('POST', '/v1/scans', { token: produce.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toMatchObject({
        code: 'validation_failed',
        param,
      });
    }
    expect(await countScans()).toBe(0);
  });

  it("never matches another factory's barcode", async () => {
    const other = await createSecondFactory(t.core);
    const otherRetailer = await createRetailer(t.core, other.factoryId, {
      name: 'Else',
      code: 'EL',
    });
    const res = await t.request('POST', '/v1/orders', {
      token: other.apiKey,
      body: {
        order_no: 'EL-1',
        retailer_id: otherRetailer.id,
        lines: [{ sku: 'CHAIR', qty: 1, pieces_per_unit: 1 }],
      },
    });
    const theirs = res.json().pieces[0].barcode as string;
    const produce = await pairStation('produce');
    expect(await scan(produce, { barcode: theirs })).toMatchObject({
      accepted: false,
      reason: 'unknown_barcode',
      piece: null,
    });
  });
});
