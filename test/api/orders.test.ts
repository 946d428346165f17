import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recomputeOrder } from '../../src/core/orders/recompute-order.js';
import { transact } from '../../src/core/transaction.js';
import { Order as OrderSchema } from '../../src/api/schemas/orders.js';
import { createSecondFactory, makeTestApp, type TestApp } from '../helpers/app.js';
import {
  addRetailer,
  count,
  insertScan,
  insertStation,
  pushOrder,
} from '../core/orders/fixtures.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

type Kind = 'string' | 'integer' | 'boolean' | 'date' | 'date-time' | 'array' | 'object';
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Every field present with exactly its type; `?` after the kind allows null. */
function expectShape(value: Record<string, unknown>, spec: Record<string, `${Kind}` | `${Kind}?`>) {
  for (const [field, declared] of Object.entries(spec)) {
    expect(value, `field ${field}`).toHaveProperty(field);
    const nullable = declared.endsWith('?');
    const kind = declared.replace('?', '') as Kind;
    const v = value[field];
    if (v === null) {
      expect(nullable, `${field} is null but not nullable`).toBe(true);
      continue;
    }
    const ok = {
      string: typeof v === 'string',
      integer: Number.isInteger(v),
      boolean: typeof v === 'boolean',
      date: typeof v === 'string' && DATE.test(v),
      'date-time': typeof v === 'string' && DATE_TIME.test(v),
      array: Array.isArray(v),
      object: typeof v === 'object' && !Array.isArray(v),
    }[kind];
    expect(ok, `${field} = ${JSON.stringify(v)} is not ${kind}`).toBe(true);
  }
}

const ORDER_FIELDS = {
  id: 'string',
  order_no: 'string',
  status: 'string',
  production_date: 'date?',
  needed_by: 'date?',
  source: 'string',
  created_at: 'date-time',
  produced_at: 'date-time?',
  in_stock_at: 'date-time?',
  dispatched_at: 'date-time?',
  retailer_id: 'string',
  retailer_name: 'string',
  retailer_code: 'string',
  stuck: 'boolean',
  pieces_total: 'integer',
  pieces_scanned: 'integer',
  pieces_in_stock: 'integer',
  pieces_dispatched: 'integer',
  piece_states: 'array',
  items: 'string',
  pieces: 'array',
  scans: 'array',
  sku: 'string',
  colour: 'string?',
  qty: 'integer',
  pieces_per_unit: 'integer',
  lines: 'array',
  updated_at: 'date-time',
  cancelled_at: 'date-time?',
} as const;

const PIECE_FIELDS = {
  id: 'string',
  barcode: 'string',
  unit_no: 'integer',
  piece_no: 'integer',
  piece_name: 'string?',
  status: 'string',
  location: 'string?',
  produced_at: 'date-time?',
  in_stock_at: 'date-time?',
  dispatched_at: 'date-time?',
  label_printed_at: 'date-time?',
} as const;

const SCAN_FIELDS = {
  id: 'string',
  event: 'string',
  accepted: 'boolean',
  reason: 'string?',
  location: 'string?',
  station: 'string',
  station_id: 'string',
  at: 'date-time',
  barcode: 'string',
  piece_id: 'string?',
} as const;

describe('POST /v1/orders and GET /v1/orders/{id}', () => {
  it('answers every field of spec 2.1, 2.2 and 2.3 with its exact type and nullability', async () => {
    const retailer = await addRetailer(t);
    const created = await pushOrder(t, {
      order_no: 'PO-1001',
      retailer_id: retailer.id,
      production_date: '2026-01-10',
      lines: [
        {
          sku: 'SOFA-3S',
          colour: 'Grey',
          qty: 2,
          pieces_per_unit: 2,
          piece_names: ['Frame', 'Cushions'],
        },
        { sku: 'STOOL', qty: 1, pieces_per_unit: 1 },
      ],
    });
    expectShape(created, ORDER_FIELDS);
    expect(created).toMatchObject({
      object: 'order',
      order_no: 'PO-1001',
      status: 'awaiting_production',
      source: 'api',
      production_date: '2026-01-10',
      needed_by: null,
      retailer_id: retailer.id,
      retailer_name: 'Acme Furniture',
      retailer_code: 'ACME',
      stuck: false,
      pieces_total: 5,
      pieces_scanned: 0,
      pieces_in_stock: 0,
      pieces_dispatched: 0,
      piece_states: ['awaiting_production'],
      items: 'SOFA-3S Grey, STOOL',
      sku: 'SOFA-3S',
      colour: 'Grey',
      qty: 2,
      pieces_per_unit: 2,
      lines: [
        {
          sku: 'SOFA-3S',
          colour: 'Grey',
          qty: 2,
          pieces_per_unit: 2,
          piece_names: ['Frame', 'Cushions'],
        },
        { sku: 'STOOL', colour: null, qty: 1, pieces_per_unit: 1, piece_names: null },
      ],
      produced_at: null,
      in_stock_at: null,
      dispatched_at: null,
      cancelled_at: null,
      scans: [],
    });
    expect(created.id).toMatch(/^ord_[0-9A-Z]{26}$/);
    expect(created.pieces).toHaveLength(5);
    for (const piece of created.pieces) {
      expectShape(piece, PIECE_FIELDS);
      expect(piece.id).toMatch(/^pce_[0-9A-Z]{26}$/);
      expect(piece.status).toBe('awaiting_production');
    }

    // Move the pieces on (as scans would), record scans, and read it back.
    const [p1, p2] = created.pieces;
    await t.sql
      .prepare(
        `update pieces set status = 'in_stock', scanned = 1, location = 'B-12',
           produced_at = ?, in_stock_at = ? where id = ?`,
      )
      .run('2026-01-05T08:00:00.000Z', '2026-01-05T08:00:00.000Z', p1.id);
    await t.sql
      .prepare(`update pieces set status = 'produced', scanned = 1, produced_at = ? where id = ?`)
      .run('2026-01-05T08:00:00.000Z', p2.id);
    const station = await insertStation(t);
    await insertScan(t, {
      stationId: station,
      pieceId: p1.id,
      orderId: created.id,
      barcode: p1.barcode,
      accepted: true,
    });
    await insertScan(t, {
      stationId: station,
      pieceId: p1.id,
      orderId: created.id,
      barcode: p1.barcode,
      accepted: true,
      event: 'stock',
      location: 'B-12',
    });
    await insertScan(t, {
      stationId: station,
      pieceId: p2.id,
      orderId: created.id,
      barcode: p2.barcode,
      accepted: false,
      reason: 'already_produced',
    });
    await transact(t.core, (tx) => recomputeOrder(tx, t.factoryId, created.id));

    const res = await t.request('GET', `/v1/orders/${created.id}`);
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expectShape(order, ORDER_FIELDS);
    expect(order).toMatchObject({
      status: 'in_production',
      pieces_scanned: 2,
      pieces_in_stock: 1,
      piece_states: ['awaiting_production', 'produced', 'in_stock'],
    });
    expect(order.scans).toHaveLength(3);
    for (const scan of order.scans) expectShape(scan, SCAN_FIELDS);
    expect(
      order.scans.map((s: { event: string; accepted: boolean }) => [s.event, s.accepted]),
    ).toEqual([
      ['produce', true],
      ['stock', true],
      ['produce', false],
    ]);
    expect(order.scans[2]).toMatchObject({
      reason: 'already_produced',
      station: 'Line 1',
      station_id: station,
      piece_id: p2.id,
      barcode: p2.barcode,
    });
    expect(order.pieces[0]).toMatchObject({ status: 'in_stock', location: 'B-12' });

    // Exactly the declared fields: this answer is written without the schema's serializer.
    const declared = (schema: { properties: object }) => Object.keys(schema.properties).sort();
    const props = OrderSchema.properties;
    expect(Object.keys(order).sort()).toEqual(declared(OrderSchema));
    expect(Object.keys(order.pieces[0]).sort()).toEqual(declared(props.pieces.items));
    expect(Object.keys(order.scans[0]).sort()).toEqual(declared(props.scans.items));
    expect(Object.keys(order.lines[0]).sort()).toEqual(declared(props.lines.items));
  });

  it('numbers units across lines in line order and pieces within a unit, with names', async () => {
    const retailer = await addRetailer(t);
    const order = await pushOrder(t, {
      order_no: 'PO-7',
      retailer_code: retailer.code,
      lines: [
        { sku: 'SOFA', qty: 2, pieces_per_unit: 3, piece_names: ['Frame', 'Cushions', 'Legs'] },
        { sku: 'CHAIR', colour: 'Oak', qty: 3, pieces_per_unit: 1 },
      ],
    });
    const rows = order.pieces.map(
      (p: { unit_no: number; piece_no: number; piece_name: string | null; line_no: number }) => [
        p.line_no,
        p.unit_no,
        p.piece_no,
        p.piece_name,
      ],
    );
    expect(rows).toEqual([
      [1, 1, 1, 'Frame'],
      [1, 1, 2, 'Cushions'],
      [1, 1, 3, 'Legs'],
      [1, 2, 1, 'Frame'],
      [1, 2, 2, 'Cushions'],
      [1, 2, 3, 'Legs'],
      [2, 3, 1, null],
      [2, 4, 1, null],
      [2, 5, 1, null],
    ]);
    expect(order.items).toBe('SOFA, CHAIR Oak');
  });

  it('gives every piece a unique barcode of A-Z, 0-9 and space from the factory counter', async () => {
    const retailer = await addRetailer(t);
    const a = await pushOrder(t, {
      order_no: 'A',
      retailer_id: retailer.id,
      lines: [{ sku: 'X', qty: 40, pieces_per_unit: 3 }],
    });
    const b = await pushOrder(t, {
      order_no: 'B',
      retailer_id: retailer.id,
      lines: [{ sku: 'Y', qty: 5, pieces_per_unit: 2 }],
    });
    const barcodes: string[] = [...a.pieces, ...b.pieces].map(
      (p: { barcode: string }) => p.barcode,
    );
    expect(new Set(barcodes).size).toBe(130);
    for (const code of barcodes) expect(code).toMatch(/^[A-Z0-9 ]+$/);
    expect(barcodes[0]).toBe('FD 0000001');
    expect(barcodes[129]).toBe('FD 0000130');

    // A new label prefix applies to later orders; serials keep counting.
    const patch = await t.request('PATCH', '/v1/company', {
      body: { company: 'Test', name: 'Test', legal_name: 'Test Ltd', label_prefix: 'ACME' },
    });
    expect(patch.statusCode).toBe(200);
    const c = await pushOrder(t, { order_no: 'C', retailer_id: retailer.id });
    expect(c.pieces.map((p: { barcode: string }) => p.barcode)).toEqual([
      'ACME 0000131',
      'ACME 0000132',
    ]);
  });

  it('refuses a second order with the same number for one retailer (409), not for another', async () => {
    const acme = await addRetailer(t, 'ACME');
    const other = await addRetailer(t, 'BETA', 'Beta Beds');
    await pushOrder(t, { order_no: 'PO-1', retailer_id: acme.id });
    const dup = await t.request('POST', '/v1/orders', {
      body: {
        order_no: 'PO-1',
        retailer_code: 'acme',
        lines: [{ sku: 'S', qty: 1, pieces_per_unit: 1 }],
      },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({
      type: 'conflict_error',
      code: 'order_exists',
      param: 'order_no',
    });
    expect(await count(t, 'orders')).toBe(1);
    expect(await count(t, 'pieces')).toBe(2);

    const beta = await pushOrder(t, { order_no: 'PO-1', retailer_id: other.id });
    // order_no is now used by two retailers: looking it up by number is ambiguous.
    const ambiguous = await t.request('GET', '/v1/orders/PO-1');
    expect(ambiguous.statusCode).toBe(409);
    expect(ambiguous.json().error.code).toBe('order_no_ambiguous');
    const byId = await t.request('GET', `/v1/orders/${beta.id}`);
    expect(byId.json().retailer_code).toBe('BETA');
  });

  it('finds an order by its order_no when that is unique in the factory', async () => {
    const retailer = await addRetailer(t);
    const order = await pushOrder(t, { order_no: 'WEB 55/2', retailer_id: retailer.id });
    const res = await t.request('GET', `/v1/orders/${encodeURIComponent('WEB 55/2')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(order.id);
    expect((await t.request('GET', '/v1/orders/NOPE')).statusCode).toBe(404);
  });

  it('names the retailer field at fault: neither, both, or unknown', async () => {
    const retailer = await addRetailer(t);
    const lines = [{ sku: 'S', qty: 1, pieces_per_unit: 1 }];
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'retailer_id'],
      [{ retailer_id: retailer.id, retailer_code: 'ACME' }, 'retailer_id'],
      [{ retailer_id: 'rtl_00000000000000000000000000' }, 'retailer_id'],
      [{ retailer_code: 'NOPE' }, 'retailer_code'],
    ];
    for (const [ref, param] of cases) {
      const res = await t.request('POST', '/v1/orders', { body: { order_no: 'X', lines, ...ref } });
      expect(res.statusCode, JSON.stringify(ref)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', param });
    }
    expect(await count(t, 'orders')).toBe(0);
  });

  it('refuses malformed bodies with the field named, and writes nothing', async () => {
    const retailer = await addRetailer(t);
    const ok = {
      order_no: 'X',
      retailer_id: retailer.id,
      lines: [{ sku: 'S', qty: 1, pieces_per_unit: 2 }],
    };
    const line0 = ok.lines[0]!;
    const cases: [unknown, string][] = [
      [{ ...ok, lines: [] }, 'lines'],
      [{ ...ok, lines: [{ ...line0, qty: 0 }] }, 'lines.0.qty'],
      [{ ...ok, lines: [{ ...line0, qty: '2' }] }, 'lines.0.qty'],
      [{ ...ok, lines: [{ ...line0, qty: 1.5 }] }, 'lines.0.qty'],
      [{ ...ok, lines: [{ ...line0, pieces_per_unit: 101 }] }, 'lines.0.pieces_per_unit'],
      [{ ...ok, lines: [{ ...line0, piece_names: ['Only one'] }] }, 'lines.0.piece_names'],
      [{ ...ok, lines: [{ ...line0, shade: 'Red' }] }, 'lines.0.shade'],
      [{ ...ok, needed_by: '2026-02-30' }, 'needed_by'],
      [{ ...ok, production_date: '10/01/2026' }, 'production_date'],
      [{ ...ok, order_no: '' }, 'order_no'],
      [{ ...ok, order_no: 'x'.repeat(65) }, 'order_no'],
      [{ ...ok, lines: [{ sku: 'S', qty: 10_000, pieces_per_unit: 11 }] }, 'lines'],
    ];
    for (const [body, param] of cases) {
      const res = await t.request('POST', '/v1/orders', { body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', param });
    }
    const notJson = await t.request('POST', '/v1/orders', {
      payload: '{"order_no": "X", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().error.code).toBe('invalid_json');
    expect(await count(t, 'orders')).toBe(0);
    expect(await count(t, 'order_lines')).toBe(0);
    expect(await count(t, 'pieces')).toBe(0);
    expect(await count(t, 'events')).toBe(0);
    const serial = await t.sql
      .prepare('select barcode_serial from factories where id = ?')
      .get(t.factoryId);
    expect(serial).toEqual({ barcode_serial: 0 });
  });

  it('replays an idempotent push: same key and body answer the first order, and write it once', async () => {
    const retailer = await addRetailer(t);
    const body = {
      order_no: 'PO-9',
      retailer_id: retailer.id,
      lines: [{ sku: 'S', qty: 3, pieces_per_unit: 1 }],
    };
    const headers = { 'idempotency-key': 'push-PO-9' };
    const first = await t.request('POST', '/v1/orders', { body, headers });
    const again = await t.request('POST', '/v1/orders', { body, headers });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count(t, 'orders')).toBe(1);
    const other = await t.request('POST', '/v1/orders', {
      body: { ...body, order_no: 'PO-10' },
      headers,
    });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_key_reused');
  });

  it('appends order.created with the order in the list shape', async () => {
    const retailer = await addRetailer(t);
    const order = await pushOrder(t, { order_no: 'PO-E', retailer_id: retailer.id });
    const events = (await t.sql.prepare('select type, data from events').all()) as {
      type: string;
      data: string;
    }[];
    expect(events.map((e) => e.type)).toEqual(['order.created']);
    const data = JSON.parse(events[0]!.data);
    const { pieces: _p, scans: _s, ...listShape } = order;
    expect(data).toEqual(listShape);
    expect(t.signals.events).toBeGreaterThan(0);
  });

  it("hides another factory's orders and retailers (404)", async () => {
    const retailer = await addRetailer(t);
    const mine = await pushOrder(t, { order_no: 'PO-1', retailer_id: retailer.id });
    const other = await createSecondFactory(t.core);
    expect(
      (await t.request('GET', `/v1/orders/${mine.id}`, { token: other.apiKey })).statusCode,
    ).toBe(404);
    expect((await t.request('GET', '/v1/orders/PO-1', { token: other.apiKey })).statusCode).toBe(
      404,
    );
    expect(
      (await t.request('POST', `/v1/orders/${mine.id}/cancel`, { token: other.apiKey })).statusCode,
    ).toBe(404);
    const list = await t.request('GET', '/v1/orders', { token: other.apiKey });
    expect(list.json().data).toEqual([]);
    // The other factory cannot push an order for our retailer.
    const push = await t.request('POST', '/v1/orders', {
      token: other.apiKey,
      body: {
        order_no: 'X',
        retailer_id: retailer.id,
        lines: [{ sku: 'S', qty: 1, pieces_per_unit: 1 }],
      },
    });
    expect(push.statusCode).toBe(400);
    expect(push.json().error.param).toBe('retailer_id');
  });

  it('creates a 10,000-piece order in one push', async () => {
    const retailer = await addRetailer(t);
    const res = await t.request('POST', '/v1/orders', {
      body: {
        order_no: 'BIG',
        retailer_id: retailer.id,
        lines: [
          { sku: 'A', qty: 1000, pieces_per_unit: 6 },
          { sku: 'B', qty: 1000, pieces_per_unit: 4 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order.pieces_total).toBe(10_000);
    expect(order.pieces).toHaveLength(10_000);
    expect(order.pieces[9_999]).toMatchObject({
      unit_no: 2000,
      piece_no: 4,
      barcode: 'FD 0010000',
    });
    expect(await count(t, 'pieces')).toBe(10_000);
    // The answer is built from what was written; reading it back gives the same order.
    // The order page adds the dispatch forecast (none: nothing dispatched recently).
    const { forecast_dispatch_at, at_risk, ...read } = (
      await t.request('GET', `/v1/orders/${order.id}`)
    ).json();
    expect(read).toEqual(order);
    expect({ forecast_dispatch_at, at_risk }).toEqual({
      forecast_dispatch_at: null,
      at_risk: false,
    });
  });
});
