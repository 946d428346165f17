// Printing (DESIGN §10): time from the commit that queues a job to its first byte at a ZPL
// printer (p50/p95 over 200 jobs; target ≤ 300 ms p95; it includes asking the printer `~HS`
// before the job), against a bare connect-and-write to the
// same printer in the same run; and a 1,000-label job streamed to it, with the process's memory
// before, during and after (flat: the labels go 50 at a time).
// Run: npx tsx bench/printing.bench.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCoreContext, noSignals } from '../src/core/context.js';
import { createFactory } from '../src/core/factory/setup.js';
import { createOrder } from '../src/core/orders/create-order.js';
import { createPrinter } from '../src/core/printers/printers.js';
import { createPrintJob, getPrintJob } from '../src/core/printers/print-jobs.js';
import { createRetailer } from '../src/core/retailers/retailers.js';
import { PrintWorker } from '../src/daemon/printers/print-worker.js';
import { systemClock } from '../src/domain/clock.js';
import { labelsInThisThread } from '../src/labels/label-renderer.js';
import { openStore } from '../src/store/database.js';
import { FakeZplPrinter } from '../test/helpers/fake-zpl-printer.js';

const JOBS = 200;
const BIG = 1_000;

const dir = mkdtempSync(join(tmpdir(), 'factoryd-print-bench-'));
const store = await openStore({ file: join(dir, 'bench.db') });
const printer = await FakeZplPrinter.start();
const core = createCoreContext({
  db: store.db,
  clock: systemClock,
  signals: { ...noSignals, printQueueChanged: () => void worker.kick() },
});
// Signals only come after the worker exists (the first use case runs below).
const worker = new PrintWorker({
  core,
  labels: labelsInThisThread(() => () => undefined),
  log: { info: () => {}, error: (o, m) => console.error(m, o) },
  exclusive: true,
});
const { factoryId } = await createFactory(core, { name: 'Bench' });
const retailer = await createRetailer(core, factoryId, { name: 'Northwind', code: 'NW' });
const { id: printerId } = await createPrinter(core, factoryId, {
  name: 'Zebra',
  language: 'zpl',
  uri: printer.uri,
});
await worker.start();

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const until = async (check: () => boolean | Promise<boolean>) => {
  while (!(await check())) await new Promise((r) => setImmediate(r));
};

// Baseline: a bare connection and one format written to the same printer (its `^XA` timed).
const bare: number[] = [];
for (let i = 0; i < JOBS; i++) {
  const seen = printer.jobStarts.length;
  const start = performance.now();
  const socket = connect(printer.port, '127.0.0.1');
  socket.write('^XA^FDbaseline^FS^XZ');
  await until(() => printer.jobStarts.length > seen);
  bare.push(printer.jobStarts[seen]! - start);
  socket.destroy();
}

// Jobs: a one-label order each, queued through the use case; timed from its commit.
const order = await createOrder(
  core,
  factoryId,
  {
    retailer_id: retailer.id,
    order_no: 'PO-1',
    lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: 1 }],
  },
  'api',
);
const latencies: number[] = [];
for (let i = 0; i < JOBS; i++) {
  const seen = printer.jobStarts.length;
  const job = await createPrintJob(core, factoryId, {
    printer_id: printerId,
    order_id: order.id,
    pieces: 'all',
  });
  const committed = performance.now();
  await until(() => printer.jobStarts.length > seen);
  latencies.push(printer.jobStarts[seen]! - committed);
  await until(async () => (await getPrintJob(core, factoryId, job.id)).status === 'printed');
}

// A 1,000-label job: streamed at the printer's pace, memory sampled while it prints.
const big = await createOrder(
  core,
  factoryId,
  {
    retailer_id: retailer.id,
    order_no: 'PO-BIG',
    lines: [{ sku: 'SOFA', qty: BIG / 4, pieces_per_unit: 4 }],
  },
  'api',
);
global.gc?.();
const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
}, 20);
const formatsBefore = printer.formats.length;
const bigStart = performance.now();
const bigJob = await createPrintJob(core, factoryId, { printer_id: printerId, order_id: big.id });
await until(async () => (await getPrintJob(core, factoryId, bigJob.id)).status === 'printed');
const bigMs = performance.now() - bigStart;
clearInterval(sampler);
const formats = printer.formats.length - formatsBefore;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.table([
  {
    what: `bare connect + write (baseline), ${JOBS}×`,
    'p50 ms': percentile(bare, 50).toFixed(2),
    'p95 ms': percentile(bare, 95).toFixed(2),
  },
  {
    what: `commit → first byte at the printer, ${JOBS} jobs (target p95 ≤ 300 ms)`,
    'p50 ms': percentile(latencies, 50).toFixed(2),
    'p95 ms': percentile(latencies, 95).toFixed(2),
  },
]);
console.table([
  {
    what: `${BIG}-label job`,
    'formats received': formats,
    seconds: (bigMs / 1000).toFixed(2),
    'rss before': mb(rssBefore),
    'rss peak while printing': mb(rssPeak),
    'grew by': mb(rssPeak - rssBefore),
  },
]);

await worker.stop();
await printer.stop();
await store.close();
rmSync(dir, { recursive: true, force: true });
