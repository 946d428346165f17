import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Signals } from '../../src/core/context.js';
import { PrintWorker } from '../../src/daemon/printers/print-worker.js';
import { labelsInThisThread } from '../../src/labels/label-renderer.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { FakeZplPrinter } from '../helpers/fake-zpl-printer.js';
import { IppPrinter } from '../helpers/ipp-printer.js';
import { waitUntil } from '../helpers/wait.js';
import { pdfText } from '../labels/decode.js';

// A closed consignment prints by the `consignment.closed` rule: its delivery note (a PDF) on an
// IPP printer, its handling units' SSCC labels on a ZPL printer.

let t: TestApp;
let ipp: IppPrinter;
let zebra: FakeZplPrinter;
let worker: PrintWorker;

beforeEach(async () => {
  t = await makeTestApp();
  ipp = await IppPrinter.start();
  zebra = await FakeZplPrinter.start();
  worker = new PrintWorker({
    core: t.core,
    labels: labelsInThisThread(() => () => undefined),
    log: { info: () => {}, error: () => {} },
    exclusive: t.store.dialect === 'sqlite',
    heldPollMs: 200,
  });
  (t.signals as Signals).printQueueChanged = () => void worker.kick();
});
afterEach(async () => {
  await worker.stop();
  await ipp.stop();
  await zebra.stop();
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
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().accepted, res.body).toBe(true);
}

async function addPrinter(name: string, language: 'pdf' | 'zpl', uri: string): Promise<string> {
  const res = await t.request('POST', '/v1/printers', { body: { name, language, uri } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

/** Two orders of one retailer loaded on a consignment with two pallets. */
async function loadedConsignment() {
  const produce = await pairStation('produce');
  const dispatch = await pairStation('dispatch');
  const retailer = (
    await t.request('POST', '/v1/retailers', { body: { name: 'Northwind Homes', code: 'NW' } })
  ).json().id as string;
  const orders: Array<{ order_no: string; pieces: Array<{ barcode: string }> }> = [];
  for (const orderNo of ['PO-100', 'PO-200']) {
    const order = await t.request('POST', '/v1/orders', {
      body: {
        order_no: orderNo,
        retailer_id: retailer,
        lines: [{ sku: 'SOFA-3S', qty: 1, pieces_per_unit: 2 }],
      },
    });
    expect(order.statusCode, order.body).toBe(200);
    for (const p of order.json().pieces) await scan(produce, p.barcode);
    orders.push(order.json());
  }
  const cn = (
    await t.request('POST', '/v1/consignments', { body: { retailer_id: retailer } })
  ).json() as { id: string; number: string };
  const units: string[] = [];
  await scan(dispatch, cn.number);
  for (const order of orders) {
    const unit = (await t.request('POST', `/v1/consignments/${cn.id}/handling-units`)).json();
    units.push(unit.sscc as string);
    await scan(dispatch, `00${unit.sscc}`);
    for (const p of order.pieces) await scan(dispatch, p.barcode);
  }
  return { cn, orders, units };
}

const jobsOf = async (printerId: string) =>
  (await t.request('GET', `/v1/print-jobs?printer_id=${printerId}`)).json().data as Array<{
    id: string;
    status: string;
    document: string | null;
    labels: number;
    error: string | null;
  }>;

describe('consignment.closed prints by rule', () => {
  it('the delivery note arrives whole at the IPP printer and the SSCC labels at the ZPL printer', async () => {
    const office = await addPrinter('Dispatch office', 'pdf', ipp.uri);
    const bay = await addPrinter('Bay Zebra', 'zpl', zebra.uri);
    const rules = await t.request('PATCH', '/v1/settings', {
      body: {
        print_rules: [
          { event: 'consignment.closed', printer_id: office },
          { event: 'consignment.closed', printer_id: bay },
        ],
      },
    });
    expect(rules.statusCode, rules.body).toBe(200);
    const { cn, orders, units } = await loadedConsignment();
    expect(await jobsOf(office)).toEqual([]);

    const closed = await t.request('POST', `/v1/consignments/${cn.id}/close`, { body: {} });
    expect(closed.statusCode, closed.body).toBe(200);

    await waitUntil('both printed', async () => {
      const jobs = [...(await jobsOf(office)), ...(await jobsOf(bay))];
      for (const job of jobs) expect(job.status, job.error ?? '').not.toMatch(/failed|interrupt/);
      return jobs.length === 2 && jobs.every((j) => j.status === 'printed');
    });
    expect((await jobsOf(office)).map((j) => [j.document, j.labels])).toEqual([
      ['delivery_note', 1],
    ]);
    expect((await jobsOf(bay)).map((j) => [j.document, j.labels])).toEqual([['sscc_labels', 2]]);

    const [note, ...more] = ipp.documents();
    expect(more).toHaveLength(0);
    const text = pdfText(note!);
    expect(text).toContain(cn.number);
    expect(text).toContain('Northwind Homes');
    for (const order of orders) {
      expect(text).toContain(`Order ${order.order_no}`);
      for (const piece of order.pieces) expect(text).toContain(piece.barcode);
    }

    // One ^XA…^XZ per handling unit, each carrying (00) + its SSCC as GS1-128.
    expect(zebra.formats).toHaveLength(2);
    units.forEach((sscc, i) => expect(zebra.formats[i]).toContain(`^FD(00)${sscc}^FS`));
  });

  it('closing without a rule prints nothing; a unit-less consignment gives a ZPL rule nothing', async () => {
    const bay = await addPrinter('Bay Zebra', 'zpl', zebra.uri);
    const retailer = (
      await t.request('POST', '/v1/retailers', { body: { name: 'X', code: 'X' } })
    ).json().id;
    const plain = (
      await t.request('POST', '/v1/consignments', { body: { retailer_id: retailer } })
    ).json().id as string;
    expect(
      (await t.request('POST', `/v1/consignments/${plain}/close`, { body: {} })).statusCode,
    ).toBe(200);
    await t.request('PATCH', '/v1/settings', {
      body: { print_rules: [{ event: 'consignment.closed', printer_id: bay }] },
    });
    const empty = (
      await t.request('POST', '/v1/consignments', { body: { retailer_id: retailer } })
    ).json().id as string;
    expect(
      (await t.request('POST', `/v1/consignments/${empty}/close`, { body: {} })).statusCode,
    ).toBe(200);
    expect(await jobsOf(bay)).toEqual([]);
  });

  it('a person prints a consignment’s documents with POST /v1/print-jobs', async () => {
    const office = await addPrinter('Dispatch office', 'pdf', ipp.uri);
    const bay = await addPrinter('Bay Zebra', 'zpl', zebra.uri);
    const { cn, units } = await loadedConsignment();

    const wrong = await t.request('POST', '/v1/print-jobs', {
      body: { printer_id: bay, consignment_id: cn.id, document: 'delivery_note' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.param).toBe('document');
    const missing = await t.request('POST', '/v1/print-jobs', {
      body: { printer_id: office, consignment_id: 'cns_nope' },
    });
    expect(missing.statusCode).toBe(404);

    const labels = await t.request('POST', '/v1/print-jobs', {
      body: { printer_id: bay, consignment_id: cn.id },
    });
    expect(labels.statusCode, labels.body).toBe(200);
    expect(labels.json()).toMatchObject({ document: 'sscc_labels', labels: 2 });
    const note = await t.request('POST', '/v1/print-jobs', {
      body: { printer_id: office, consignment_id: cn.id, document: 'delivery_note' },
    });
    expect(note.statusCode, note.body).toBe(200);
    await waitUntil('printed', async () => {
      const a = (await t.request('GET', `/v1/print-jobs/${labels.json().id}`)).json();
      const b = (await t.request('GET', `/v1/print-jobs/${note.json().id}`)).json();
      return a.status === 'printed' && b.status === 'printed';
    });
    expect(zebra.formats.map((f) => f.includes(`(00)${units[0]}`))).toEqual([true, false]);
    expect(pdfText(ipp.documents()[0]!)).toContain(cn.number);
  });
});
