// PATCH /v1/orders/{id}: an order changed before production — dates, lines and quantities; its
// pieces and labels follow (printed labels that would read differently are voided); 409
// order_in_production once a piece is produced.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { addRetailer, pushOrder } from '../core/orders/fixtures.js';

interface PieceJson {
  id: string;
  barcode: string;
  line_no: number;
  unit_no: number;
  piece_no: number;
  piece_name: string | null;
  status: string;
  label_printed_at: string | null;
}

let t: TestApp;
let retailerId: string;
beforeEach(async () => {
  t = await makeTestApp();
  retailerId = (await addRetailer(t)).id;
});
afterEach(async () => {
  await t.close();
});

const patch = (id: string, body: unknown) => t.request('PATCH', `/v1/orders/${id}`, { body });

async function station(role: 'produce' | 'stock' | 'dispatch'): Promise<string> {
  const code = await t.request('POST', '/v1/stations/pairing-codes', {
    body: { name: `${role} line`, role },
  });
  const paired = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: code.json().code },
  });
  return paired.json().token;
}

const scan = (token: string, barcode: string) =>
  t.request('POST', '/v1/scans', { token, body: { barcode, location: 'A-1' } });

async function eventsOfType(type: string) {
  const res = await t.request('GET', `/v1/events?type=${type}&limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { data: { id: string; items: string } }[];
}

describe('PATCH /v1/orders/{id}', () => {
  it('changes dates: a new needed-by voids printed labels and gives their pieces new barcodes', async () => {
    const order = await pushOrder(t, {
      order_no: 'PO-1',
      retailer_id: retailerId,
      needed_by: '2026-12-01',
      lines: [{ sku: 'SOFA', qty: 2, pieces_per_unit: 1 }],
    });
    // One label printed, one not.
    const printed = order.pieces[0] as PieceJson;
    const label = await t.request(
      'GET',
      `/v1/items/${encodeURIComponent(printed.barcode)}/label?format=zpl`,
    );
    expect(label.statusCode, label.body).toBe(200);
    t.clock.advance(1000);

    // The production date is not on the label: nothing is voided.
    const planned = await patch(order.id, { production_date: '2026-11-28' });
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.json()).toMatchObject({
      production_date: '2026-11-28',
      needed_by: '2026-12-01',
    });
    expect(planned.json().pieces.map((p: PieceJson) => p.barcode)).toEqual(
      order.pieces.map((p: PieceJson) => p.barcode),
    );

    const res = await patch(order.id, { needed_by: '2026-12-05' });
    expect(res.statusCode, res.body).toBe(200);
    const amended = res.json();
    expect(amended).toMatchObject({
      needed_by: '2026-12-05',
      production_date: '2026-11-28',
      updated_at: t.clock.now().toISOString(),
      pieces_total: 2,
    });
    const [first, second] = amended.pieces as PieceJson[];
    expect(first!.id).toBe(printed.id);
    expect(first!.barcode).not.toBe(printed.barcode);
    expect(first!.label_printed_at).toBeNull();
    // Never printed: it keeps its barcode.
    expect(second!.barcode).toBe(order.pieces[1].barcode);

    const voided = await t.request('GET', `/v1/orders/${order.id}/voided-labels`);
    expect(voided.json().data).toEqual([
      expect.objectContaining({
        barcode: printed.barcode,
        piece_id: printed.id,
        reason: 'order amended',
        replacement_barcode: first!.barcode,
      }),
    ]);
    const produce = await station('produce');
    const refused = await scan(produce, printed.barcode);
    expect(refused.json()).toMatchObject({ accepted: false, reason: 'label_voided' });

    const updated = await eventsOfType('order.updated');
    expect(updated).toHaveLength(2);
    expect(updated[0]!.data).toMatchObject({ id: order.id, needed_by: '2026-12-05' });

    // Nothing changed: no event, same answer.
    const same = await patch(order.id, { needed_by: '2026-12-05' });
    expect(same.statusCode).toBe(200);
    expect(await eventsOfType('order.updated')).toHaveLength(2);
  });

  it('changes lines and quantities: pieces added, moved and removed, labels regenerated', async () => {
    const order = await pushOrder(t, {
      order_no: 'PO-2',
      retailer_id: retailerId,
      lines: [
        {
          sku: 'SOFA',
          colour: 'Grey',
          qty: 2,
          pieces_per_unit: 2,
          piece_names: ['Frame', 'Cushions'],
        },
        { sku: 'STOOL', qty: 1, pieces_per_unit: 1 },
      ],
    });
    const before = order.pieces as PieceJson[];
    expect(before).toHaveLength(5);
    const all = await t.request('GET', `/v1/orders/${order.id}/labels?format=zpl`);
    expect(all.statusCode, all.body).toBe(200);

    const res = await patch(order.id, {
      lines: [
        {
          sku: 'SOFA',
          colour: 'Grey',
          qty: 1,
          pieces_per_unit: 2,
          piece_names: ['Frame', 'Cushions'],
        },
        { sku: 'STOOL', qty: 3, pieces_per_unit: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const amended = res.json();
    expect(amended).toMatchObject({
      items: 'SOFA Grey, STOOL',
      qty: 1,
      pieces_total: 5,
      status: 'awaiting_production',
      lines: [
        { sku: 'SOFA', qty: 1, pieces_per_unit: 2 },
        { sku: 'STOOL', qty: 3, pieces_per_unit: 1 },
      ],
    });
    const after = amended.pieces as PieceJson[];
    expect(after.map((p) => [p.line_no, p.unit_no, p.piece_no, p.piece_name])).toEqual([
      [1, 1, 1, 'Frame'],
      [1, 1, 2, 'Cushions'],
      [2, 2, 1, null],
      [2, 3, 1, null],
      [2, 4, 1, null],
    ]);
    // Every printed label reads differently now ("Unit 1 of 4" …): all voided, new barcodes.
    const barcodes = new Set(after.map((p) => p.barcode));
    for (const piece of before) expect(barcodes.has(piece.barcode)).toBe(false);
    expect(after.every((p) => p.label_printed_at === null)).toBe(true);
    const voided = await t.request('GET', `/v1/orders/${order.id}/voided-labels?limit=100`);
    expect(voided.json().data).toHaveLength(5);

    // The new labels print, and stations take the new barcodes.
    const labels = await t.request(
      'GET',
      `/v1/orders/${order.id}/labels?format=zpl&pieces=unprinted`,
    );
    expect(labels.statusCode).toBe(200);
    expect(labels.headers['x-label-count']).toBe('5');
    const produce = await station('produce');
    const ok = await scan(produce, after[4]!.barcode);
    expect(ok.json()).toMatchObject({
      accepted: true,
      order: { lines: [{ qty: 1 }, { qty: 3 }] },
    });

    // Once a piece is produced: 409.
    const late = await patch(order.id, { needed_by: '2027-01-01' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatchObject({
      type: 'conflict_error',
      code: 'order_in_production',
    });
  });

  it('removes unprinted pieces no longer needed, and grows with new barcodes', async () => {
    const order = await pushOrder(t, {
      order_no: 'PO-3',
      retailer_id: retailerId,
      lines: [{ sku: 'BED', qty: 3, pieces_per_unit: 1 }],
    });
    const shrunk = await patch(order.id, { lines: [{ sku: 'BED', qty: 1, pieces_per_unit: 1 }] });
    expect(shrunk.statusCode, shrunk.body).toBe(200);
    expect(shrunk.json().pieces.map((p: PieceJson) => p.barcode)).toEqual([
      order.pieces[0].barcode,
    ]);
    const produce = await station('produce');
    expect((await scan(produce, order.pieces[2].barcode)).json()).toMatchObject({
      accepted: false,
      reason: 'unknown_barcode',
    });
    const grown = await patch(order.id, { lines: [{ sku: 'BED', qty: 2, pieces_per_unit: 1 }] });
    const pieces = grown.json().pieces as PieceJson[];
    expect(pieces).toHaveLength(2);
    // Barcodes are never issued twice: the new piece has a new serial.
    expect(pieces[1]!.barcode).not.toBe(order.pieces[1].barcode);
    expect(pieces[1]!.barcode).not.toBe(order.pieces[2].barcode);
  });

  it('refuses cancelled orders, bad input and unknown orders clearly', async () => {
    const order = await pushOrder(t, { order_no: 'PO-4', retailer_id: retailerId });
    for (const [body, param] of [
      [{}, undefined],
      [{ notes: 'x' }, undefined],
      [{ needed_by: '2026-02-30' }, 'needed_by'],
      [{ lines: [] }, 'lines'],
      [{ lines: [{ sku: 'A', qty: 0, pieces_per_unit: 1 }] }, 'lines.0.qty'],
      [
        { lines: [{ sku: 'A', qty: 1, pieces_per_unit: 2, piece_names: ['Only one'] }] },
        'lines.0.piece_names',
      ],
    ] as const) {
      const res = await patch(order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      if (param) expect(res.json().error.param, JSON.stringify(body)).toBe(param);
    }
    expect((await patch('ord_01J000000000000000000000ZZ', { needed_by: null })).statusCode).toBe(
      404,
    );
    await t.request('POST', `/v1/orders/${order.id}/cancel`);
    const cancelled = await patch(order.id, { needed_by: null });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.code).toBe('order_in_production');
    expect(cancelled.json().error.message).toContain('cancelled');
  });
});
