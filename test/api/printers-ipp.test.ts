import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Signals } from '../../src/core/context.js';
import { createRetailer } from '../../src/core/retailers/retailers.js';
import { PrintWorker } from '../../src/daemon/printers/print-worker.js';
import { labelsInThisThread } from '../../src/labels/label-renderer.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { IppPrinter } from '../helpers/ipp-printer.js';
import { waitUntil } from '../helpers/wait.js';
import { decodePdf, pdfPageCount } from '../labels/decode.js';

let t: TestApp;
let ipp: IppPrinter;
let worker: PrintWorker;

beforeEach(async () => {
  t = await makeTestApp();
  ipp = await IppPrinter.start();
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
  await t.close();
});

describe('a PDF printer over IPP (ippeveprinter)', () => {
  it('reports its state, and receives an order’s labels whole as one PDF whose barcodes decode', async () => {
    const created = await t.request('POST', '/v1/printers', {
      body: { name: 'Office', language: 'pdf', uri: ipp.uri },
    });
    expect(created.statusCode, created.body).toBe(200);
    const printerId = created.json().id as string;
    await waitUntil('ready', async () => {
      const printer = (await t.request('GET', `/v1/printers/${printerId}`)).json();
      return printer.state === 'ready' && printer.last_seen_at !== null;
    });

    const retailer = await createRetailer(t.core, t.factoryId, { name: 'Sofa World', code: 'SW' });
    const order = await t.request('POST', '/v1/orders', {
      body: {
        order_no: 'PO-IPP',
        retailer_id: retailer.id,
        lines: [{ sku: 'CHAIR', qty: 2, pieces_per_unit: 1 }],
      },
    });
    const barcodes = order.json().pieces.map((p: { barcode: string }) => p.barcode);
    const job = await t.request('POST', '/v1/print-jobs', {
      body: { printer_id: printerId, order_id: order.json().id },
    });
    expect(job.statusCode, job.body).toBe(200);
    const jobId = job.json().id as string;
    await waitUntil('printed', async () => {
      const status = (await t.request('GET', `/v1/print-jobs/${jobId}`)).json().status;
      expect(status).not.toMatch(/failed|interrupted/);
      return status === 'printed';
    });

    const [pdf, ...more] = ipp.documents();
    expect(more).toHaveLength(0);
    expect(pdfPageCount(pdf!)).toBe(2);
    expect(decodePdf(pdf!, 203).map((page) => page.code128[0])).toEqual(barcodes);
    const after = (await t.request('GET', `/v1/orders/${order.json().id}`)).json();
    expect(after.pieces.every((p: { label_printed_at: string | null }) => p.label_printed_at)).toBe(
      true,
    );
  });

  it('a stopped IPP printer is offline/unreachable and holds its jobs', async () => {
    await ipp.stop();
    const created = await t.request('POST', '/v1/printers', {
      body: { name: 'Office', language: 'pdf', uri: ipp.uri },
    });
    const printerId = created.json().id as string;
    const job = await t.request('POST', '/v1/print-jobs', {
      body: { printer_id: printerId, test_label: true },
    });
    const jobId = job.json().id as string;
    await waitUntil('held', async () => {
      const held = (await t.request('GET', `/v1/print-jobs/${jobId}`)).json().held_reason;
      return held === 'unreachable';
    });
    ipp = await IppPrinter.start(); // for afterEach
  });
});
