import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type * as ZplRenderer from 'zpl-renderer-js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { pdfText } from '../labels/decode.js';

const zplRenderer = createRequire(import.meta.url)('zpl-renderer-js') as typeof ZplRenderer;

let t: TestApp;
let produce: string;
let dispatch: string;
beforeEach(async () => {
  t = await makeTestApp();
  produce = await pairStation('produce');
  dispatch = await pairStation('dispatch');
});
afterEach(async () => {
  await t.close();
});

async function pairStation(role: string): Promise<string> {
  const code = await t.request('POST', '/v1/stations/pairing-codes', {
    body: { name: role, role },
  });
  const paired = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: code.json().code },
  });
  return paired.json().token as string;
}

async function scan(token: string, barcode: string) {
  const res = await t.request('POST', '/v1/scans', { token, body: { barcode } });
  expect(res.statusCode).toBe(200);
  return res.json() as { accepted: boolean };
}

/** A symbol zbarimg read: its symbology, data, and whether it carried GS1's FNC1. */
interface Read {
  type: string;
  data: string;
  gs1: boolean;
}

/** zbarimg's XML: `<symbol type='CODE-128' … modifiers='GS1'><data><![CDATA[…]]></data>`. */
function decodeImage(file: string): Read[] {
  let xml: string;
  try {
    xml = execFileSync('zbarimg', ['-q', '--xml', file], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    if ((error as { status?: number }).status === 4) return [];
    throw error;
  }
  return [
    ...xml.matchAll(/<symbol type='([^']+)'([^>]*)>.*?<data><!\[CDATA\[(.*?)\]\]><\/data>/gs),
  ].map(([, type = '', attrs = '', data = '']) => ({
    type,
    data,
    gs1: /modifiers='[^']*GS1/.test(attrs),
  }));
}

function decodePdfPages(pdf: Buffer, dpi: number): Read[][] {
  const dir = mkdtempSync(join(tmpdir(), 'factoryd-cn-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', join(dir, 'doc.pdf'), join(dir, 'page')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => decodeImage(join(dir, f)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function decodePng(png: Buffer): Read[] {
  const dir = mkdtempSync(join(tmpdir(), 'factoryd-cn-'));
  try {
    writeFileSync(join(dir, 'label.png'), png);
    return decodeImage(join(dir, 'label.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function loadedConsignment() {
  const retailer = (
    await t.request('POST', '/v1/retailers', {
      body: {
        name: 'Northwind Homes',
        code: 'NW',
        address: {
          line1: 'Northwind DC, Gate 3',
          line2: 'Ul. Magazynowa 12',
          town: 'Łódź',
          postcode: '90-001',
          country: 'pl',
        },
      },
    })
  ).json().id as string;
  await t.request('PATCH', '/v1/company', {
    body: {
      company: 'Acme Sofas',
      name: 'Ada Owner',
      legal_name: 'Acme Sofas Ltd',
      address: { line1: '1 Mill Lane', town: 'Leeds', postcode: 'LS1 1AA', country: 'GB' },
    },
  });
  const orders = [];
  for (const [orderNo, qty, per] of [
    ['PO-100', 2, 3],
    ['PO-200', 1, 2],
  ] as const) {
    const order = (
      await t.request('POST', '/v1/orders', {
        body: {
          order_no: orderNo,
          retailer_id: retailer,
          lines: [
            {
              sku: 'SOFA-3S',
              colour: 'Grey',
              qty,
              pieces_per_unit: per,
              piece_names: per === 3 ? ['Frame', 'Cushions', 'Legs'] : undefined,
            },
          ],
        },
      })
    ).json() as { id: string; order_no: string; pieces: { barcode: string }[] };
    for (const p of order.pieces) await scan(produce, p.barcode);
    orders.push(order);
  }
  const cn = (
    await t.request('POST', '/v1/consignments', {
      body: {
        retailer_id: retailer,
        reference: 'WK48',
        carrier: 'Swift Haulage',
        vehicle: 'YX68 ABC',
      },
    })
  ).json() as { id: string; number: string };
  const unit = (await t.request('POST', `/v1/consignments/${cn.id}/handling-units`)).json() as {
    sscc: string;
  };
  await scan(dispatch, cn.number);
  await scan(dispatch, `00${unit.sscc}`);
  for (const order of orders)
    for (const p of order.pieces) expect((await scan(dispatch, p.barcode)).accepted).toBe(true);
  return { cn, unit, orders, retailer };
}

describe('consignment documents', () => {
  it.each([203, 300])(
    'SSCC labels at %i dpi: PDF and ZPL decode to (00) + the SSCC as GS1-128',
    async (dpi) => {
      const { cn, unit } = await loadedConsignment();
      const second = (
        await t.request('POST', `/v1/consignments/${cn.id}/handling-units`)
      ).json() as {
        sscc: string;
      };
      const pdf = await t.request('GET', `/v1/consignments/${cn.id}/labels?format=pdf&dpi=${dpi}`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['x-label-count']).toBe('2');
      const pages = decodePdfPages(pdf.rawPayload, dpi);
      // zbarimg prints GS1-128 data with its AI, FNC1 dropped, and flags it GS1.
      expect(pages).toEqual([
        [{ type: 'CODE-128', data: `00${unit.sscc}`, gs1: true }],
        [{ type: 'CODE-128', data: `00${second.sscc}`, gs1: true }],
      ]);
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('CN 000001');
      expect(text).toContain('Northwind Homes (NW)');
      expect(text).toContain(`(00) 0 0400000 ${unit.sscc.slice(8, 17)} ${unit.sscc[17]}`);
      expect(text).toContain('Pallet 1 of 2');

      const zpl = await t.request('GET', `/v1/consignments/${cn.id}/labels?format=zpl&dpi=${dpi}`);
      expect(zpl.statusCode).toBe(200);
      expect(zpl.headers['content-disposition']).toBe(
        `attachment; filename=CN-000001-sscc-${dpi}dpi.zpl`,
      );
      expect(zpl.body).toContain(`^BCN,`);
      expect(zpl.body).toContain(`,N,N,N,D^FH_^FD(00)${unit.sscc}^FS`);
      const { api } = await zplRenderer.ready;
      const pngs = await api.zplToBase64MultipleAsync(zpl.body, 101.6, 152.4, dpi === 203 ? 8 : 12);
      expect(pngs).toHaveLength(2);
      expect(decodePng(Buffer.from(pngs[0]!, 'base64'))).toEqual([
        { type: 'CODE-128', data: `00${unit.sscc}`, gs1: true },
      ]);
    },
  );

  it('a consignment without handling units has no SSCC labels', async () => {
    const retailer = (
      await t.request('POST', '/v1/retailers', { body: { name: 'X', code: 'X' } })
    ).json().id;
    const cn = (
      await t.request('POST', '/v1/consignments', { body: { retailer_id: retailer } })
    ).json();
    const res = await t.request('GET', `/v1/consignments/${cn.id}/labels`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('no_labels_to_print');
    const bad = await t.request('GET', `/v1/consignments/${cn.id}/labels?dpi=150`);
    expect(bad.statusCode).toBe(400);
  });

  it('the delivery note lists every order and piece, and its barcodes decode', async () => {
    const { cn, orders, unit } = await loadedConsignment();
    expect((await t.request('POST', `/v1/consignments/${cn.id}/close`)).statusCode).toBe(200);
    const res = await t.request('GET', `/v1/consignments/${cn.id}/delivery-note`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Delivery note',
      'CN 000001',
      'Acme Sofas Ltd',
      '1 Mill Lane',
      'LS1 1AA',
      'Northwind Homes',
      'Retailer code NW',
      'Northwind DC, Gate 3',
      'Ul. Magazynowa 12',
      // The PDF's standard fonts encode Windows-1252: Ł and ź print without their marks.
      'Lódz',
      '90-001',
      'PL',
      'Reference: WK48',
      'Carrier: Swift Haulage',
      'Vehicle: YX68 ABC',
      'Order PO-100',
      '6 of 6 pieces on this delivery',
      'Order PO-200',
      'Unit 2 · SOFA-3S Grey',
      'Piece 2 · Cushions',
      `SSCC ${unit.sscc}`,
      'Total: 2 orders · 3 units · 8 pieces',
      'Received in good condition',
      'Signature',
    ]) {
      expect(text).toContain(expected);
    }
    const barcodes = orders.flatMap((o) => o.pieces.map((p) => p.barcode));
    for (const barcode of barcodes) expect(text).toContain(barcode);

    const read = decodePdfPages(res.rawPayload, 200).flat();
    const data = read.map((r) => r.data);
    expect(data).toContain('CN 000001');
    expect([...data].sort()).toEqual(['CN 000001', ...barcodes].sort());
  });

  it('the portal lists the retailer’s own consignments and serves their delivery notes', async () => {
    const { cn, retailer } = await loadedConsignment();
    const other = (
      await t.request('POST', '/v1/retailers', { body: { name: 'Elsewhere', code: 'EL' } })
    ).json().id as string;
    const theirs = (
      await t.request('POST', '/v1/consignments', { body: { retailer_id: other } })
    ).json() as { id: string };
    const mine = retailer;
    const user = await t.request('POST', `/v1/retailers/${mine}/users`, {
      body: { email: 'bea@north.test', name: 'Bea', role: 'buyer', password: 'portal password 1' },
    });
    expect(user.statusCode).toBe(200);
    const login = await t.request('POST', '/v1/portal/auth/login', {
      token: null,
      body: { email: 'bea@north.test', password: 'portal password 1' },
    });
    const token = login.json().token as string;

    const list = await t.request('GET', '/v1/portal/consignments', { token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { id: string }) => c.id)).toEqual([cn.id]);
    const note = await t.request('GET', `/v1/portal/consignments/${cn.id}/delivery-note`, {
      token,
    });
    expect(note.statusCode).toBe(200);
    expect(pdfText(note.rawPayload)).toContain('Order PO-100');
    const notMine = await t.request('GET', `/v1/portal/consignments/${theirs.id}/delivery-note`, {
      token,
    });
    expect(notMine.statusCode).toBe(404);
    // The staff routes stay closed to a retailer session.
    expect((await t.request('GET', '/v1/consignments', { token })).statusCode).toBe(403);
  });
});
