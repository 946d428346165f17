// Metrics cost on the scan path (DESIGN §10, §18): two scan servers in the same run, one with
// metrics off, one with them on (a Prometheus registry, every request counted, scraped once a
// second as Prometheus would), each in its own child process, loaded alike by STATIONS stations
// scanning new pieces at once. Rounds alternate between them, so both see the same machine.
// Target: server CPU per scan with metrics on ≤ 1.05 × off.
//
// Run: npx tsx bench/metrics.bench.ts
// (BENCH_STATIONS, BENCH_SCANS_PER_STATION and BENCH_ROUNDS change the load.)
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from 'undici';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 50);
const PER_STATION = Number(process.env.BENCH_SCANS_PER_STATION ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP_PER_STATION = 20;
const METRICS_TOKEN = 'bench-metrics-token';

interface Ready {
  url: string;
  tokens: string[];
  barcodes: string[];
}

async function serve(dir: string, withMetrics: boolean): Promise<Ready> {
  const { openStore } = await import('../src/store/database.js');
  const { buildApp } = await import('../src/api/app.js');
  const { createCoreContext } = await import('../src/core/context.js');
  const { systemClock } = await import('../src/domain/clock.js');
  const { createFactory } = await import('../src/core/factory/setup.js');
  const { createRetailer } = await import('../src/core/retailers/retailers.js');
  const { createOrder } = await import('../src/core/orders/create-order.js');
  const { createPrometheusMetrics } = await import('../src/runtime/prometheus.js');
  const { registerServerMetrics } = await import('../src/daemon/metrics/server-metrics.js');

  const store = await openStore({
    file: join(dir, `factoryd-${withMetrics ? 'on' : 'off'}.db`),
    checkpoint: {
      worker: new URL('../src/store/checkpoint.worker.ts', import.meta.url),
      onError: (message) => console.error(`checkpoint: ${message}`),
    },
  });
  const prometheus = withMetrics ? createPrometheusMetrics() : undefined;
  const core = createCoreContext({
    db: store.db,
    clock: systemClock,
    ...(prometheus ? { metrics: prometheus } : {}),
  });
  if (prometheus) registerServerMetrics(prometheus, store);
  const { factoryId } = await createFactory(core, { name: 'Bench Factory' });
  const retailer = await createRetailer(core, factoryId, { name: 'Bench Retail', code: 'BR' });
  const needed = STATIONS * (ROUNDS * PER_STATION + WARMUP_PER_STATION);
  const barcodes: string[] = [];
  for (let n = 0; barcodes.length < needed; n++) {
    const order = await createOrder(
      core,
      factoryId,
      {
        order_no: `B-${n}`,
        retailer_id: retailer.id,
        lines: [{ sku: 'SOFA', colour: 'Grey', qty: 25, pieces_per_unit: 4 }],
      },
      'api',
    );
    for (const piece of order.pieces) barcodes.push(piece.barcode);
  }
  const { createPairingCode, pairStation } = await import('../src/core/stations/pairing-codes.js');
  const tokens: string[] = [];
  for (let s = 0; s < STATIONS; s++) {
    const code = await createPairingCode(
      core,
      factoryId,
      { name: `Line ${s}`, role: 'produce' },
      { base: 'http://127.0.0.1', loopbackOnly: true },
    );
    tokens.push((await pairStation(core, code.code)).token);
  }
  const app = await buildApp({
    core,
    ...(prometheus
      ? {
          metrics: {
            token: METRICS_TOKEN,
            scrape: () => prometheus.exposition(),
            contentType: prometheus.contentType,
          },
        }
      : {}),
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, tokens, barcodes: barcodes.slice(0, needed) };
}

function start(withMetrics: boolean, dir: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', withMetrics ? 'on' : 'off', dir], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as Ready }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (usage) => {
      const { user, system } = usage as NodeJS.CpuUsage;
      resolve(user + system);
    });
    child.send('cpu');
  });
}

/** One round: every station scans `perStation` new pieces, one after another; CPU µs per scan. */
async function round(
  child: ChildProcess,
  ready: Ready,
  next: { i: number },
  perStation: number,
  scrape: boolean,
): Promise<number> {
  const before = await serverCpu(child);
  const scraper = new Client(ready.url);
  let scraping = scrape;
  const scrapes = (async () => {
    while (scraping) {
      const res = await scraper.request({
        method: 'GET',
        path: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      await res.body.text();
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  const clients = ready.tokens.map(() => new Client(ready.url, { pipelining: 1 }));
  let failures = 0;
  await Promise.all(
    clients.map(async (client, c) => {
      for (let k = 0; k < perStation; k++) {
        const res = await client.request({
          method: 'POST',
          path: '/v1/scans',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${ready.tokens[c]}`,
          },
          body: JSON.stringify({ barcode: ready.barcodes[next.i++], location: 'Cell 1' }),
        });
        const body = (await res.body.json()) as { accepted?: boolean };
        if (res.statusCode !== 200 || body.accepted !== true) failures++;
      }
    }),
  );
  scraping = false;
  await scrapes;
  await Promise.all([...clients, scraper].map((c) => c.close()));
  if (failures > 0) throw new Error(`${failures} scans failed`);
  return ((await serverCpu(child)) - before) / (ready.tokens.length * perStation);
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'factoryd-bench-metrics-'));
  const children: ChildProcess[] = [];
  try {
    const off = await start(false, dir);
    children.push(off.child);
    const on = await start(true, dir);
    children.push(on.child);
    const nextOff = { i: 0 };
    const nextOn = { i: 0 };
    await round(off.child, off.ready, nextOff, WARMUP_PER_STATION, false);
    await round(on.child, on.ready, nextOn, WARMUP_PER_STATION, true);
    console.log(
      `${STATIONS} stations, ${PER_STATION} scans each per round, ${ROUNDS} rounds (off and on alternate)`,
    );
    const ratios: number[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      // Alternate which goes first, so neither always runs on a warmer machine.
      const first = r % 2 === 1;
      const a = first
        ? await round(off.child, off.ready, nextOff, PER_STATION, false)
        : await round(on.child, on.ready, nextOn, PER_STATION, true);
      const b = first
        ? await round(on.child, on.ready, nextOn, PER_STATION, true)
        : await round(off.child, off.ready, nextOff, PER_STATION, false);
      const [cpuOff, cpuOn] = first ? [a, b] : [b, a];
      ratios.push(cpuOn / cpuOff);
      console.log(
        `round ${r}  server CPU per scan: metrics off ${cpuOff.toFixed(0)} µs, on ${cpuOn.toFixed(0)} µs, ratio ${(cpuOn / cpuOff).toFixed(3)}`,
      );
    }
    const ratio = median(ratios);
    console.log(`median CPU per scan on/off ${ratio.toFixed(3)} (target ≤ 1.05)`);
  } finally {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') {
  const ready = await serve(process.argv[4]!, process.argv[3] === 'on');
  process.send!(ready);
  process.on('message', (message) => {
    if (message === 'cpu') process.send!(process.cpuUsage());
  });
  process.on('SIGTERM', () => process.exit(0));
} else {
  await main();
}
