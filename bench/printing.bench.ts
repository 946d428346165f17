// Printing (DESIGN §10): time from the commit that queues a job to its first byte at a ZPL
// printer (p50/p95 over 200 jobs; target ≤ 300 ms p95; it includes asking the printer `~HS`
// before the job), against a bare connect-and-write to the
// same printer in the same run; and a 1,000-label job streamed to it, with the process's memory
// before, during and after (flat: the labels go 50 at a time); and scans' p99 while a 1,000-label
// job prints to a printer that reads at its own pace, against scans' p99 with nothing printing,
// rounds alternating in the same run (the server as `factoryd serve` runs it, in a child process:
// bench/printing-scan-server.ts).
// Run: npx tsx bench/printing.bench.ts  (BENCH_STATIONS, BENCH_ROUNDS change the scan load)
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client } from 'undici';
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
await store.close();

// Scans while a 1,000-label job prints. The printer rests after each chunk it reads, as a
// printer working through its buffer does; the job is queued at the start of a round and must
// still be printing at its end, so every scan of the round ran while it printed.
const STATIONS = Number(process.env.BENCH_STATIONS ?? 20);
const ROUND_MS = 4_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PER_ROUND = 200; // pieces set aside per station per round (more than a round scans)
printer.restMsPerChunk = 400;
const server = fork(
  fileURLToPath(new URL('./printing-scan-server.ts', import.meta.url)),
  [dir, printer.uri, String(STATIONS), String(PER_ROUND), String(ROUNDS)],
  { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
);
const ready = await new Promise<{
  url: string;
  apiKey: string;
  printerId: string;
  barcodes: string[];
  bigOrders: string[];
}>((resolve, reject) => {
  server.once('message', (m) => resolve(m as never));
  server.once('exit', (code) => reject(new Error(`scan server exited with ${code}`)));
});
const http = new Client(ready.url);
const call = async (method: 'GET' | 'POST', path: string, body?: unknown, token = ready.apiKey) => {
  const res = await http.request({
    method,
    path,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.body.json()) as Record<string, unknown>;
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${JSON.stringify(json)}`);
  return json;
};
const tokens: string[] = [];
for (let i = 0; i < STATIONS; i++) {
  const code = await call('POST', '/v1/stations/pairing-codes', { name: `L${i}`, role: 'produce' });
  tokens.push((await call('POST', '/v1/stations/pair', { code: code.code })).token as string);
}
let nextPiece = 0;
/** STATIONS stations scanning one after another each, for `ms`: every scan's latency. */
async function scanFor(ms: number): Promise<{ latencies: number[]; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  const end = performance.now() + ms;
  const pool = tokens.map(() => new Client(ready.url, { pipelining: 1 }));
  await Promise.all(
    pool.map(async (client, c) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await client.request({
          method: 'POST',
          path: '/v1/scans',
          headers: { authorization: `Bearer ${tokens[c]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ barcode: ready.barcodes[nextPiece++] }),
        });
        const answer = (await res.body.json()) as { accepted?: boolean };
        latencies.push(performance.now() - t0);
        if (res.statusCode !== 200 || answer.accepted !== true) failures++;
      }
    }),
  );
  await Promise.all(pool.map((client) => client.close()));
  return { latencies, failures };
}
const cpuOf = () =>
  new Promise<number>((resolve) => {
    server.once('message', (u) =>
      resolve((u as NodeJS.CpuUsage).user + (u as NodeJS.CpuUsage).system),
    );
    server.send('cpu');
  });
await scanFor(1_000); // warm-up
const rows: Array<Record<string, string | number>> = [];
const p99s = { idle: [] as number[], printing: [] as number[] };
for (let round = 0; round < ROUNDS; round++) {
  for (const kind of ['idle', 'printing'] as const) {
    let jobId: string | undefined;
    const formatsBefore = printer.formats.length;
    if (kind === 'printing') {
      const job = await call('POST', '/v1/print-jobs', {
        printer_id: ready.printerId,
        order_id: ready.bigOrders[round],
      });
      jobId = job.id as string;
    }
    const cpuBefore = await cpuOf();
    const { latencies, failures } = await scanFor(ROUND_MS);
    const cpuPerScan = ((await cpuOf()) - cpuBefore) / latencies.length;
    let stillPrinting = '—';
    let jobSeconds = '—';
    if (jobId) {
      const status = (await call('GET', `/v1/print-jobs/${jobId}`)).status as string;
      stillPrinting = status === 'sending' ? 'yes' : `no (${status})`;
      const queuedAt = performance.now() - ROUND_MS;
      // Between rounds: ask every 100 ms, not in a tight loop that would load the machine.
      while ((await call('GET', `/v1/print-jobs/${jobId}`)).status !== 'printed') {
        await new Promise((r) => setTimeout(r, 100));
      }
      jobSeconds = ((performance.now() - queuedAt) / 1000).toFixed(1);
    }
    p99s[kind].push(percentile(latencies, 99));
    rows.push({
      round: round + 1,
      what: kind === 'idle' ? 'scans, nothing printing' : `scans while a ${BIG}-label job prints`,
      scans: latencies.length,
      'p50 ms': percentile(latencies, 50).toFixed(1),
      'p99 ms': percentile(latencies, 99).toFixed(1),
      'server CPU µs/scan': cpuPerScan.toFixed(0),
      failures,
      'job still printing at round end': stillPrinting,
      'job took s': jobSeconds,
      'labels at printer': printer.formats.length - formatsBefore,
    });
  }
}
console.log(
  `${STATIONS} stations scanning for ${ROUND_MS / 1000} s a round, idle and printing alternating`,
);
console.table(rows);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `median scan p99: ${median(p99s.idle).toFixed(1)} ms with nothing printing, ` +
    `${median(p99s.printing).toFixed(1)} ms while a ${BIG}-label job prints ` +
    `(ratio ${(median(p99s.printing) / median(p99s.idle)).toFixed(2)}; target: unchanged)`,
);
await http.close();
await new Promise((resolve) => {
  server.once('exit', resolve);
  server.kill('SIGTERM');
});
await printer.stop();
rmSync(dir, { recursive: true, force: true });
