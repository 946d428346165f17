import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRetailer } from '../../src/core/retailers/retailers.js';
import { TEST_LABEL_STRING } from '../../src/domain/test-label.js';
import { createSecondFactory, makeTestApp, type TestApp } from '../helpers/app.js';
import { decodePdf, pdfPageCount, pdfText } from '../labels/decode.js';

interface OrderAnswer {
  id: string;
  order_no: string;
  pieces: Array<{
    id: string;
    barcode: string;
    unit_no: number;
    piece_no: number;
    label_printed_at: string | null;
  }>;
}

let t: TestApp;
let order: OrderAnswer;

async function createOrder(orderNo: string): Promise<OrderAnswer> {
  const retailer = await createRetailer(t.core, t.factoryId, {
    name: 'Sofa World',
    code: `SW${orderNo.length}${orderNo.at(-1)}`,
  });
  const res = await t.request('POST', '/v1/orders', {
    body: {
      order_no: orderNo,
      retailer_id: retailer.id,
      needed_by: '2026-12-01',
      lines: [
        {
          sku: 'SOFA-3S',
          colour: 'Grey',
          qty: 2,
          pieces_per_unit: 3,
          piece_names: ['Frame', 'Cushions', 'Legs'],
        },
        { sku: 'STOOL', qty: 1, pieces_per_unit: 1 },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrderAnswer;
}

async function getOrder(id: string): Promise<OrderAnswer> {
  const res = await t.request('GET', `/v1/orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrderAnswer;
}

const itemPath = (barcode: string, query = '') =>
  `/v1/items/${encodeURIComponent(barcode)}/label${query}`;

beforeEach(async () => {
  t = await makeTestApp();
  order = await createOrder('PO-1042');
});
afterEach(async () => {
  await t.close();
});

describe('GET /v1/hardware/test-label', () => {
  it('answers a PDF by default, at 203 dpi, whose Code 128 and QR read the test string exactly', async () => {
    const res = await t.request('GET', '/v1/hardware/test-label');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename=test-label-203dpi.pdf');
    expect(res.headers['x-label-count']).toBe('1');
    expect(decodePdf(res.rawPayload, 203)).toEqual([
      { code128: [TEST_LABEL_STRING], qr: [TEST_LABEL_STRING] },
    ]);
  });

  it('answers ZPL as a text download named for its resolution', async () => {
    const res = await t.request('GET', '/v1/hardware/test-label?format=zpl&dpi=300');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename=test-label-300dpi.zpl');
    expect(res.body).toMatch(/^\^XA\n/);
    expect(res.body).toContain('^PW1200');
    expect(res.body).toContain('^LL1800');
  });

  it('refuses a bad format, dpi or unknown parameter with 400 validation_failed naming it', async () => {
    const cases: Array<[string, string]> = [
      ['format=png', 'format'],
      ['format=', 'format'],
      ['dpi=600', 'dpi'],
      ['dpi=abc', 'dpi'],
      ['format=zpl&dpi=203.5', 'dpi'],
      ['size=4x6', 'size'],
    ];
    for (const [query, param] of cases) {
      const res = await t.request('GET', `/v1/hardware/test-label?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatchObject({
        type: 'invalid_request_error',
        code: 'validation_failed',
        param,
      });
    }
    const pieces = await t.request('GET', `/v1/orders/${order.id}/labels?pieces=some`);
    expect(pieces.statusCode).toBe(400);
    expect(pieces.json().error).toMatchObject({ code: 'validation_failed', param: 'pieces' });
  });

  it('lets the Accept header choose when format is not sent; format still wins', async () => {
    const accept = (value: string, query = '') =>
      t.request('GET', `/v1/hardware/test-label${query}`, { headers: { accept: value } });
    expect((await accept('text/plain')).headers['content-type']).toBe('text/plain; charset=utf-8');
    expect((await accept('application/pdf, text/plain')).headers['content-type']).toBe(
      'application/pdf',
    );
    expect((await accept('text/plain;q=1, application/pdf')).body).toMatch(/^\^XA/);
    expect((await accept('*/*')).headers['content-type']).toBe('application/pdf');
    expect((await accept('text/plain', '?format=pdf')).headers['content-type']).toBe(
      'application/pdf',
    );
  });

  it('answers at .pdf and .zpl with that format, whatever the Accept header says', async () => {
    const zpl = await t.request('GET', '/v1/hardware/test-label.zpl?dpi=300', {
      headers: { accept: 'application/pdf' },
    });
    expect(zpl.statusCode, zpl.body).toBe(200);
    expect(zpl.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(zpl.body).toContain('^PW1200');
    const pdf = await t.request('GET', '/v1/hardware/test-label.pdf', {
      headers: { accept: 'text/plain' },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The path fixes the format: a format parameter there is an unknown one.
    const both = await t.request('GET', '/v1/hardware/test-label.pdf?format=zpl');
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toMatchObject({ code: 'validation_failed', param: 'format' });

    const labels = await t.request('GET', `/v1/orders/${order.id}/labels.zpl`);
    expect(labels.headers['x-label-count']).toBe('7');
    expect(labels.body.match(/\^XA/g)).toHaveLength(7);
    const one = await t.request('GET', itemPath(order.pieces[0]!.barcode, '').concat('.pdf'));
    expect(one.statusCode, one.body).toBe(200);
    expect(one.headers['content-type']).toBe('application/pdf');
    expect(one.headers['x-label-count']).toBe('1');
  });

  it('needs a token', async () => {
    const res = await t.request('GET', '/v1/hardware/test-label', { token: null });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /v1/orders/{id}/labels', () => {
  it('prints one page per piece in unit and piece order, each decoding to its barcode, and marks them printed', async () => {
    t.clock.advance(60_000);
    const res = await t.request('GET', `/v1/orders/${order.id}/labels`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-label-count']).toBe('7');
    expect(res.headers['content-disposition']).toBe('inline; filename=labels-PO-1042-203dpi.pdf');
    expect(pdfPageCount(res.rawPayload)).toBe(7);

    const ordered = [...order.pieces].sort(
      (a, b) => a.unit_no - b.unit_no || a.piece_no - b.piece_no,
    );
    const pages = decodePdf(res.rawPayload, 203);
    expect(pages).toEqual(ordered.map((p) => ({ code128: [p.barcode], qr: [p.barcode] })));

    const text = pdfText(res.rawPayload);
    for (const expected of [
      'PO-1042',
      'Sofa World',
      'SOFA-3S · Grey',
      'Unit 2 of 3 · Piece 2 of 3',
      'Cushions',
      'Unit 3 of 3 · Piece 1 of 1',
      'STOOL',
      '2026-12-01',
    ]) {
      expect(text).toContain(expected);
    }

    const after = await getOrder(order.id);
    expect(after.pieces.map((p) => p.label_printed_at)).toEqual(
      Array(7).fill(t.clock.now().toISOString()),
    );
  });

  it('finds the order by its order_no too', async () => {
    const res = await t.request('GET', '/v1/orders/PO-1042/labels?format=zpl');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.match(/\^XA/g)).toHaveLength(7);
  });

  it('prints only unprinted labels with pieces=unprinted: after a full run none, after a void the replacement', async () => {
    expect((await t.request('GET', `/v1/orders/${order.id}/labels?format=zpl`)).statusCode).toBe(
      200,
    );

    const none = await t.request(
      'GET',
      `/v1/orders/${order.id}/labels?format=zpl&pieces=unprinted`,
    );
    expect(none.statusCode, none.body).toBe(200);
    expect(none.headers['x-label-count']).toBe('0');
    expect(none.body).toBe('');

    const nonePdf = await t.request('GET', `/v1/orders/${order.id}/labels?pieces=unprinted`);
    expect(nonePdf.statusCode).toBe(409);
    expect(nonePdf.json().error).toMatchObject({
      type: 'conflict_error',
      code: 'no_labels_to_print',
    });

    const voided = await t.request(
      'POST',
      `/v1/items/${encodeURIComponent(order.pieces[0]!.barcode)}/void`,
      { body: {} },
    );
    expect(voided.statusCode, voided.body).toBe(200);
    const replacement = voided.json().replacement_barcode as string;

    const reprint = await t.request('GET', `/v1/orders/${order.id}/labels?pieces=unprinted`);
    expect(reprint.statusCode, reprint.body).toBe(200);
    expect(reprint.headers['x-label-count']).toBe('1');
    expect(decodePdf(reprint.rawPayload, 203)).toEqual([
      { code128: [replacement], qr: [replacement] },
    ]);

    const again = await t.request(
      'GET',
      `/v1/orders/${order.id}/labels?format=zpl&pieces=unprinted`,
    );
    expect(again.headers['x-label-count']).toBe('0');
  });

  it("defaults to the factory's default_dpi setting", async () => {
    const patched = await t.request('PATCH', '/v1/settings', { body: { default_dpi: 300 } });
    expect(patched.statusCode, patched.body).toBe(200);
    const res = await t.request('GET', `/v1/orders/${order.id}/labels?format=zpl`);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename=labels-PO-1042-300dpi.zpl',
    );
    expect(res.body).toContain('^PW1200');
    const asked = await t.request('GET', `/v1/orders/${order.id}/labels?format=zpl&dpi=203`);
    expect(asked.body).toContain('^PW812');
  });

  it("answers 404 for an unknown order and for another factory's order, printing nothing", async () => {
    expect(
      (await t.request('GET', '/v1/orders/ord_00000000000000000000000000/labels')).statusCode,
    ).toBe(404);
    const other = await createSecondFactory(t.core);
    const res = await t.request('GET', `/v1/orders/${order.id}/labels`, { token: other.apiKey });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect((await getOrder(order.id)).pieces.every((p) => p.label_printed_at === null)).toBe(true);
  });
});

describe('GET /v1/items/{barcode}/label', () => {
  it("prints one piece's label (barcode with its space URL-encoded) and marks only that piece printed", async () => {
    const piece = order.pieces.find((p) => p.unit_no === 2 && p.piece_no === 3)!;
    expect(piece.barcode).toContain(' ');
    t.clock.advance(5_000);
    const res = await t.request('GET', itemPath(piece.barcode, '?dpi=300'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-label-count']).toBe('1');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename=label-${piece.barcode.replace(' ', '_')}-300dpi.pdf`,
    );
    expect(decodePdf(res.rawPayload, 300)).toEqual([
      { code128: [piece.barcode], qr: [piece.barcode] },
    ]);
    expect(pdfText(res.rawPayload)).toContain('Unit 2 of 3 · Piece 3 of 3');

    const after = await getOrder(order.id);
    for (const p of after.pieces) {
      expect(p.label_printed_at).toBe(p.id === piece.id ? t.clock.now().toISOString() : null);
    }
  });

  it('answers ZPL for one piece', async () => {
    const piece = order.pieces[0]!;
    const res = await t.request('GET', itemPath(piece.barcode, '?format=zpl'));
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/\^XA/g)).toHaveLength(1);
    expect(res.body).toContain(`^FD${piece.barcode}^FS`);
  });

  it("answers 404 for a voided barcode, an unknown one and another factory's", async () => {
    const piece = order.pieces[0]!;
    await t.request('POST', `/v1/items/${encodeURIComponent(piece.barcode)}/void`, { body: {} });
    expect((await t.request('GET', itemPath(piece.barcode))).statusCode).toBe(404);
    expect((await t.request('GET', itemPath('FD 9999999'))).statusCode).toBe(404);
    const other = await createSecondFactory(t.core);
    const res = await t.request('GET', itemPath(order.pieces[1]!.barcode), { token: other.apiKey });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});
