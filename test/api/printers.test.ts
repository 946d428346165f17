import { createRequire } from 'node:module';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type * as ZplRenderer from 'zpl-renderer-js';
import type { Signals } from '../../src/core/context.js';
import { createRetailer } from '../../src/core/retailers/retailers.js';
import { TEST_LABEL_STRING } from '../../src/domain/test-label.js';
import { PrintWorker } from '../../src/daemon/printers/print-worker.js';
import { labelsInThisThread } from '../../src/labels/label-renderer.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { FakeZplPrinter } from '../helpers/fake-zpl-printer.js';
import { waitUntil } from '../helpers/wait.js';
import { decodePngBuffer } from '../labels/decode.js';

const zplRenderer = createRequire(import.meta.url)('zpl-renderer-js') as typeof ZplRenderer;

const quietLog = { info: () => {}, error: () => {} };

let t: TestApp;
let printer: FakeZplPrinter;
let workers: PrintWorker[];

function startWorker(): PrintWorker {
  const worker = new PrintWorker({
    core: t.core,
    labels: labelsInThisThread(() => () => undefined),
    log: quietLog,
    exclusive: t.store.dialect === 'sqlite',
    heldPollMs: 100,
    idlePollMs: 30_000,
  });
  workers.push(worker);
  (t.signals as Signals).printQueueChanged = () => void worker.kick();
  return worker;
}

beforeEach(async () => {
  t = await makeTestApp();
  printer = await FakeZplPrinter.start();
  workers = [];
});
afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await printer.stop();
  await t.close();
});

async function addPrinter(body: Record<string, unknown> = {}) {
  const res = await t.request('POST', '/v1/printers', {
    body: { name: 'Zebra 1', language: 'zpl', uri: printer.uri, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; state: string };
}

async function createOrder(orderNo = 'PO-1', qty = 1, piecesPerUnit = 3) {
  const retailer = await createRetailer(t.core, t.factoryId, {
    name: 'Sofa World',
    code: `SW${orderNo}`,
  });
  const res = await t.request('POST', '/v1/orders', {
    body: {
      order_no: orderNo,
      retailer_id: retailer.id,
      lines: [{ sku: 'SOFA-3S', qty, pieces_per_unit: piecesPerUnit }],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; pieces: Array<{ barcode: string }> };
}

async function queue(body: Record<string, unknown>) {
  const res = await t.request('POST', '/v1/print-jobs', { body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; status: string; labels: number };
}

const sql = (text: string, params: unknown[] = []) =>
  t.sql.prepare(text).all(...params) as Promise<Array<Record<string, unknown>>>;

const job = async (id: string) => (await t.request('GET', `/v1/print-jobs/${id}`)).json();
const printerOf = async (id: string) => (await t.request('GET', `/v1/printers/${id}`)).json();
const statusIs = (id: string, status: string) => async () =>
  ((await job(id)) as { status: string }).status === status;

describe('printers', () => {
  it('adds, lists, changes and deletes printers; a bad URI is a 400 naming uri', async () => {
    const created = await addPrinter({ dpi: 300 });
    expect(created).toMatchObject({
      object: 'printer',
      name: 'Zebra 1',
      language: 'zpl',
      dpi: 300,
      state: 'offline',
      state_reasons: [],
    });
    const bad = await t.request('POST', '/v1/printers', {
      body: { name: 'X', language: 'zpl', uri: 'ipp://host/ipp/print' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.param).toBe('uri');
    const list = (await t.request('GET', '/v1/printers')).json();
    expect(list.data.map((p: { id: string }) => p.id)).toEqual([created.id]);
    const patched = await t.request('PATCH', `/v1/printers/${created.id}`, {
      body: { name: 'Dock' },
    });
    expect(patched.json().name).toBe('Dock');
    const deleted = await t.request('DELETE', `/v1/printers/${created.id}`);
    expect(deleted.json()).toEqual({ id: created.id, object: 'printer', deleted: true });
    expect((await t.request('GET', `/v1/printers/${created.id}`)).statusCode).toBe(404);
  });

  it('a new printer is asked at once and reports ready; paper out is a status change', async () => {
    startWorker();
    const { id } = await addPrinter();
    await waitUntil('ready', async () => (await printerOf(id)).state === 'ready');
    printer.state = { paperOut: true };
    await workers[0]!.kick();
    // The lane sleeps 30 s when idle; a kick with no queued job does not wake it: ask by a job.
    await queue({ printer_id: id, test_label: true });
    await waitUntil('paper out', async () => (await printerOf(id)).state === 'error');
    expect((await printerOf(id)).state_reasons).toEqual(['paper_out']);
    const events = await sql('select type, data from events where type = ?', [
      'printer.status_changed',
    ]);
    expect(events.length).toBeGreaterThanOrEqual(2);
  });
});

describe('a printer a station page shows', () => {
  it('is asked every few seconds while watched, and an unchanged answer writes nothing', async () => {
    const worker = new PrintWorker({
      core: t.core,
      labels: labelsInThisThread(() => () => undefined),
      log: quietLog,
      exclusive: true,
      idlePollMs: 30_000,
      watchPollMs: 100,
      watchMs: 1_000,
    });
    workers.push(worker);
    (t.signals as Signals).printQueueChanged = () => void worker.kick();
    (t.signals as Signals).printerWatched = (id) => worker.watch(id);
    const { id } = await addPrinter();
    await worker.start();
    await waitUntil('ready', async () => (await printerOf(id)).state === 'ready');
    const seen = (await printerOf(id)).last_seen_at as string;

    // Not watched: the idle lane sleeps its 30 s.
    const idleQueries = printer.statusQueries;
    await new Promise((r) => setTimeout(r, 500));
    expect(printer.statusQueries).toBe(idleQueries);

    // Watched (the station page's GET /v1/stations/me/printer says so): asked every 100 ms, and
    // nothing is written while the answer is the same.
    worker.watch(id);
    await waitUntil('asked again', async () => printer.statusQueries >= idleQueries + 4);
    expect((await printerOf(id)).last_seen_at).toBe(seen);
    printer.state = { paperOut: true };
    await waitUntil('paper out', async () => (await printerOf(id)).state === 'error');

    // The watch lapses: back to the idle pace.
    await new Promise((r) => setTimeout(r, 1_300));
    const lapsed = printer.statusQueries;
    await new Promise((r) => setTimeout(r, 500));
    expect(printer.statusQueries).toBeLessThanOrEqual(lapsed + 1);
  });
});

describe('the print queue on a ZPL printer', () => {
  it("prints an order's labels one format per piece, decoded by an independent renderer", async () => {
    startWorker();
    const { id: printerId } = await addPrinter();
    const order = await createOrder('PO-7', 1, 3);
    const queued = await queue({ printer_id: printerId, order_id: order.id, pieces: 'all' });
    expect(queued).toMatchObject({ status: 'queued', labels: 3 });
    await waitUntil('printed', statusIs(queued.id, 'printed'));
    expect(printer.formats).toHaveLength(3);
    const { api } = await zplRenderer.ready;
    const decoded = [];
    for (const format of printer.formats) {
      const [png] = await api.zplToBase64MultipleAsync(format, 101.6, 152.4, 8);
      decoded.push(decodePngBuffer(Buffer.from(png!, 'base64')).code128[0]);
    }
    expect(decoded).toEqual(order.pieces.map((p) => p.barcode));
    const after = (await t.request('GET', `/v1/orders/${order.id}`)).json();
    expect(after.pieces.every((p: { label_printed_at: string | null }) => p.label_printed_at)).toBe(
      true,
    );
    const printed = await sql('select data from events where type = ?', ['print_job.printed']);
    expect(printed).toHaveLength(1);
  });

  it('prints the test label', async () => {
    startWorker();
    const { id } = await addPrinter();
    const queued = await queue({ printer_id: id, test_label: true });
    await waitUntil('printed', statusIs(queued.id, 'printed'));
    const { api } = await zplRenderer.ready;
    const [png] = await api.zplToBase64MultipleAsync(printer.formats[0]!, 101.6, 152.4, 8);
    expect(decodePngBuffer(Buffer.from(png!, 'base64')).code128).toEqual([TEST_LABEL_STRING]);
  });

  it('paper out holds the queue with the reason; it prints by itself when paper is back', async () => {
    printer.state = { paperOut: true };
    startWorker();
    const { id } = await addPrinter();
    const order = await createOrder('PO-8', 1, 2);
    const queued = await queue({ printer_id: id, order_id: order.id });
    await waitUntil('held', async () => (await job(queued.id)).held_reason === 'paper_out');
    expect((await job(queued.id)).status).toBe('queued');
    expect(printer.formats).toHaveLength(0);
    printer.state = {};
    await waitUntil('printed', statusIs(queued.id, 'printed'));
    expect(printer.formats).toHaveLength(2);
    expect((await job(queued.id)).held_reason).toBeNull();
  });

  it('an unreachable printer holds its queue as offline/unreachable', async () => {
    startWorker();
    await printer.stop();
    const { id } = await addPrinter();
    const queued = await queue({ printer_id: id, test_label: true });
    await waitUntil('held', async () => (await job(queued.id)).held_reason === 'unreachable');
    expect(await printerOf(id)).toMatchObject({ state: 'offline', state_reasons: ['unreachable'] });
    printer = await FakeZplPrinter.start(); // for afterEach
  });

  it('a job dropped half way is interrupted and not sent again until a person retries', async () => {
    startWorker();
    const { id } = await addPrinter();
    const order = await createOrder('PO-9', 1, 4);
    printer.dropAfterFormats = 2;
    const queued = await queue({ printer_id: id, order_id: order.id });
    await waitUntil('interrupted', statusIs(queued.id, 'interrupted'));
    expect(printer.formats).toHaveLength(2);
    const failed = await sql('select data from events where type = ?', ['print_job.failed']);
    expect(failed).toHaveLength(1);
    const later = await queue({ printer_id: id, test_label: true });
    await waitUntil('next printed', statusIs(later.id, 'printed'));
    expect(printer.formats).toHaveLength(3);
    expect((await job(queued.id)).status).toBe('interrupted');
    // Nothing was confirmed: the labels are not marked printed.
    const pieces = await sql('select label_printed_at from pieces where order_id = ?', [order.id]);
    expect(pieces.every((p) => p.label_printed_at === null)).toBe(true);

    const retried = await t.request('POST', `/v1/print-jobs/${queued.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    await waitUntil('reprinted', statusIs(queued.id, 'printed'));
    expect(printer.formats).toHaveLength(7);
  });

  it('cancels a queued job; a printed one can be neither cancelled nor retried (409)', async () => {
    printer.state = { paused: true };
    startWorker();
    const { id } = await addPrinter();
    const queued = await queue({ printer_id: id, test_label: true });
    const cancelled = await t.request('POST', `/v1/print-jobs/${queued.id}/cancel`);
    expect(cancelled.json().status).toBe('cancelled');
    const again = await t.request('POST', `/v1/print-jobs/${queued.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('print_job_state');
    const list = (
      await t.request('GET', `/v1/print-jobs?printer_id=${id}&status=cancelled`)
    ).json();
    expect(list.data.map((j: { id: string }) => j.id)).toEqual([queued.id]);
  });

  it('a job left sending by a stopped process is interrupted at start; queued ones print once', async () => {
    const { id } = await addPrinter();
    const a = await queue({ printer_id: id, test_label: true });
    const b = await queue({ printer_id: id, test_label: true });
    const c = await queue({ printer_id: id, test_label: true });
    // A process claimed `a` and stopped mid-send.
    await sql(
      "update print_jobs set status = 'sending', claimed_by = 'gone', claimed_at = ? where id = ?",
      ['2000-01-01T00:00:00.000Z', a.id],
    );
    startWorker();
    await workers[0]!.start();
    await waitUntil(
      'b and c printed',
      async () => (await statusIs(b.id, 'printed')()) && (await statusIs(c.id, 'printed')()),
    );
    expect((await job(a.id)).status).toBe('interrupted');
    expect(printer.formats).toHaveLength(2);
    // A second start (a restart) sends nothing again.
    await workers[0]!.stop();
    const second = startWorker();
    await second.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(printer.formats).toHaveLength(2);
  });

  it('two workers on one database never print one job twice', async () => {
    const { id } = await addPrinter();
    const order = await createOrder('PO-10', 1, 1);
    const jobs = [];
    for (let i = 0; i < 12; i++) jobs.push(await queue({ printer_id: id, order_id: order.id }));
    const one = startWorker();
    const two = startWorker();
    await Promise.all([one.start(), two.start()]);
    await waitUntil('all printed', async () => {
      const rows = await sql("select count(*) as n from print_jobs where status = 'printed'");
      return Number(rows[0]!.n) === 12;
    });
    expect(printer.formats).toHaveLength(12);
  });
});

describe('auto-print rules', () => {
  async function pairStation(name: string) {
    const issued = await t.request('POST', '/v1/stations/pairing-codes', {
      body: { name, role: 'produce' },
    });
    const paired = await t.request('POST', '/v1/stations/pair', {
      token: null,
      body: { code: issued.json().code },
    });
    expect(paired.statusCode, paired.body).toBe(200);
    return paired.json() as { id: string };
  }

  it('refuses a rule on an unknown event or printer, naming the field', async () => {
    const bad = await t.request('PATCH', '/v1/settings', {
      body: { print_rules: [{ event: 'order.created', printer_id: 'prn_nope' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.param).toBe('print_rules.0.printer_id');
    const unknown = await t.request('PATCH', '/v1/settings', {
      body: { print_rules: [{ event: 'scan.recorded', printer_id: 'prn_nope' }] },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('a new order prints by rule, without a person', async () => {
    startWorker();
    const { id } = await addPrinter();
    const set = await t.request('PATCH', '/v1/settings', {
      body: { print_rules: [{ event: 'order.created', printer_id: id }] },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().print_rules).toEqual([{ event: 'order.created', printer_id: id }]);
    const order = await createOrder('PO-RULE', 1, 2);
    await waitUntil('printed by rule', async () => {
      const jobs = (await t.request('GET', `/v1/print-jobs?printer_id=${id}`)).json();
      return jobs.data.length === 1 && jobs.data[0].status === 'printed' && jobs.data[0];
    });
    const [jobRow] = (await t.request('GET', `/v1/print-jobs?printer_id=${id}`)).json().data;
    expect(jobRow).toMatchObject({ order_id: order.id, rule_event: 'order.created', labels: 2 });
    expect(printer.formats).toHaveLength(2);
  });

  it("a voided label's replacement prints at the station that asked, else on the rule's printer", async () => {
    startWorker();
    const office = await addPrinter({ name: 'Office Zebra' });
    const stationPrinter = await FakeZplPrinter.start();
    try {
      const atStation = await addPrinter({ name: 'Line Zebra', uri: stationPrinter.uri });
      const station = await pairStation('Line 1');
      const patched = await t.request('PATCH', `/v1/stations/${station.id}`, {
        body: { printer_id: atStation.id },
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json().printer_id).toBe(atStation.id);
      await t.request('PATCH', '/v1/settings', {
        body: { print_rules: [{ event: 'label.voided', printer_id: office.id }] },
      });
      const order = await createOrder('PO-VOID', 1, 2);

      const voided = await t.request('POST', `/v1/items/${order.pieces[0]!.barcode}/void`, {
        body: { reason: 'torn', station_id: station.id },
      });
      expect(voided.statusCode, voided.body).toBe(200);
      const replacement = voided.json().replacement_barcode as string;
      await waitUntil('printed at the station', () => stationPrinter.formats.length === 1);
      expect(stationPrinter.formats[0]).toContain(replacement);

      const other = await t.request('POST', `/v1/items/${order.pieces[1]!.barcode}/void`, {
        body: {},
      });
      const second = other.json().replacement_barcode as string;
      await waitUntil('printed on the rule printer', () => printer.formats.length === 1);
      expect(printer.formats[0]).toContain(second);
      expect(stationPrinter.formats).toHaveLength(1);
    } finally {
      await stationPrinter.stop();
    }
  });

  it("a label.voided rule without a printer prints only at the station's printer; other events need one", async () => {
    startWorker();
    const atStation = await addPrinter({ name: 'Line Zebra' });
    const station = await pairStation('Line 1');
    await t.request('PATCH', `/v1/stations/${station.id}`, {
      body: { printer_id: atStation.id },
    });
    const refused = await t.request('PATCH', '/v1/settings', {
      body: { print_rules: [{ event: 'order.created', printer_id: null }] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.param).toBe('print_rules.0.printer_id');
    const set = await t.request('PATCH', '/v1/settings', {
      body: { print_rules: [{ event: 'label.voided', printer_id: null }] },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().print_rules).toEqual([{ event: 'label.voided', printer_id: null }]);
    const order = await createOrder('PO-VOID2', 1, 2);
    const fromStation = await t.request('POST', `/v1/items/${order.pieces[0]!.barcode}/void`, {
      body: { reason: 'torn', station_id: station.id },
    });
    const replacement = fromStation.json().replacement_barcode as string;
    await waitUntil('printed at the station', () => printer.formats.length === 1);
    expect(printer.formats[0]).toContain(replacement);
    // A void no station asked for has no station's printer: nothing prints.
    await t.request('POST', `/v1/items/${order.pieces[1]!.barcode}/void`, { body: {} });
    const jobs = (await t.request('GET', '/v1/print-jobs')).json().data;
    expect(jobs).toHaveLength(1);
  });
});

describe('a station and its printer', () => {
  it("reads its printer's state and reprints a label on it; a station without one is told so", async () => {
    startWorker();
    const issued = await t.request('POST', '/v1/stations/pairing-codes', {
      body: { name: 'Line 2', role: 'produce' },
    });
    const station = (
      await t.request('POST', '/v1/stations/pair', {
        token: null,
        body: { code: issued.json().code },
      })
    ).json() as { id: string; token: string };
    const none = await t.request('GET', '/v1/stations/me/printer', { token: station.token });
    expect(none.json()).toEqual({ object: 'station_printer', printer: null });
    const order = await createOrder('PO-ST', 1, 1);
    const refused = await t.request('POST', '/v1/stations/me/reprint', {
      token: station.token,
      body: { barcode: order.pieces[0]!.barcode },
    });
    expect(refused.statusCode).toBe(400);

    const { id } = await addPrinter();
    await t.request('PATCH', `/v1/stations/${station.id}`, { body: { printer_id: id } });
    printer.state = { paperOut: true };
    await workers[0]!.kick();
    await queue({ printer_id: id, test_label: true });
    await waitUntil('paper out at the station', async () => {
      const mine = (
        await t.request('GET', '/v1/stations/me/printer', { token: station.token })
      ).json();
      return mine.printer?.state === 'error' && mine.printer.state_reasons[0] === 'paper_out';
    });
    printer.state = {};
    const reprint = await t.request('POST', '/v1/stations/me/reprint', {
      token: station.token,
      body: { barcode: order.pieces[0]!.barcode.toLowerCase() },
    });
    expect(reprint.statusCode, reprint.body).toBe(200);
    expect(reprint.json()).toMatchObject({ station_id: station.id, labels: 1, printer_id: id });
    await waitUntil('reprinted', statusIs(reprint.json().id, 'printed'));
    // The test label queued while the paper was out may print before or after it.
    expect(printer.formats).toContainEqual(expect.stringContaining(order.pieces[0]!.barcode));
    // A station token reaches nothing else of printing.
    const list = await t.request('GET', '/v1/printers', { token: station.token });
    expect(list.statusCode).toBe(403);
  });
});
