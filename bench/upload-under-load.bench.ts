// Big requests while the floor scans (DESIGN §10): 50 stations scan at a steady pace while, one
// after another, a 50,000-row CSV upload, a 10,000-piece order push, 1,000 labels as PDF and a
// GET of a 10,000-piece order with its scans run against the same server. Target: the upload
// ≤ 3 s, and meanwhile scans and /readyz answer with p99 ≤ 100 ms.
//
// The server is the real `factoryd serve` (the development bundle, dist/factoryd.mjs, or the
// executable named by FACTORYD_BIN) on a fresh data directory: its scheduler, logging and
// SQLite file with every commit synced before it is answered included. This process drives it: one connection per
// station, each sending a scan, waiting for its answer, then waiting out the rest of its pace;
// one /readyz probe every READYZ_MS on its own connection; the big requests on another.
//
// Run: npm run build:bundle && npx tsx bench/upload-under-load.bench.ts
// (BENCH_STATIONS, BENCH_PACE_MS, BENCH_ROWS change the load; FACTORYD_BIN=dist/bin/factoryd
// runs it against the executable.)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'undici';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 50);
/** Each station sends a scan at most this often (50 stations at 100 ms: 500 scans/s). */
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 100);
const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const READYZ_MS = 20;
/** Scans measured with nothing else running, before the first big request. */
const QUIET_MS = 3_000;
/** Scanning before anything is measured: first requests compile schemas and warm the JIT. */
const WARMUP_MS = 3_000;
const ROOT = join(import.meta.dirname, '..');

interface Daemon {
  url: string;
  apiKey: string;
  child: ChildProcess;
}

async function startDaemon(dataDir: string): Promise<Daemon> {
  const bin = process.env.FACTORYD_BIN;
  const [cmd, args] = bin
    ? [bin, ['serve', '--port', '0', '--data-dir', dataDir]]
    : [
        process.execPath,
        [
          ...(process.env.BENCH_PROFILE
            ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
            : []),
          join(ROOT, 'dist', 'factoryd.mjs'),
          'serve',
          '--port',
          '0',
          '--data-dir',
          dataDir,
        ],
      ];
  const child = spawn(cmd, args as string[], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const onLine = (line: string) => {
      if (!line.includes('factoryd listening')) return;
      lines.off('line', onLine);
      resolve((JSON.parse(line) as { url: string }).url);
    };
    lines.on('line', onLine);
    child.once('exit', (code) => reject(new Error(`factoryd exited with ${code}:\n${stderr}`)));
  });
  // Keep reading its log so a full pipe never blocks it.
  child.stdout!.resume();
  const apiKey = readFileSync(join(dataDir, 'initial-api-key'), 'utf8').trim();
  return { url, apiKey, child };
}

/** CPU time (user + system) the daemon has used so far, in ms. */
function daemonCpu(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function stopDaemon(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

interface Sent {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

async function call(
  client: Client,
  req: Sent,
): Promise<{ status: number; body: Buffer; ms: number }> {
  const t0 = performance.now();
  const res = await client.request({ ...req, headersTimeout: 0, bodyTimeout: 0 });
  const body = Buffer.from(await res.body.arrayBuffer());
  return { status: res.statusCode, body, ms: performance.now() - t0 };
}

async function json(client: Client, req: Sent): Promise<Record<string, unknown>> {
  const res = await call(client, req);
  if (res.status !== 200) throw new Error(`${req.path}: ${res.status} ${res.body.toString()}`);
  return JSON.parse(res.body.toString()) as Record<string, unknown>;
}

/** A latency sample: when the request was sent, and how long its answer took. */
interface Sample {
  at: number;
  ms: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Samples sent within [from, to), or still in flight across it: all the window made wait. */
function within(samples: Sample[], from: number, to: number): number[] {
  return samples
    .filter((s) => s.at < to && s.at + s.ms >= from)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'factoryd-bench-upload-'));
  let daemon: Daemon | undefined;
  const stations: Client[] = [];
  try {
    daemon = await startDaemon(join(dir, 'data'));
    const { url, apiKey } = daemon;
    const admin = new Client(url);
    const auth = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
    const post = (path: string, body: unknown, headers: Record<string, string> = auth) =>
      json(admin, { method: 'POST', path, headers, body: JSON.stringify(body) });

    // Set-up: retailers, orders of 100 pieces for the stations to produce, paired stations.
    const retailer = (await post('/v1/retailers', { name: 'Bench Retail', code: 'BR' })) as {
      id: string;
    };
    for (const code of ['NW', 'AC', 'ZE', 'KO']) {
      await post('/v1/retailers', { name: `Retailer ${code}`, code });
    }
    const barcodes: string[] = [];
    const wantedBarcodes = 30_000;
    for (let n = 0; barcodes.length < wantedBarcodes; n++) {
      const order = (await post('/v1/orders', {
        order_no: `SCAN-${n}`,
        retailer_id: retailer.id,
        lines: [{ sku: 'SOFA', colour: 'Grey', qty: 25, pieces_per_unit: 4 }],
      })) as { pieces: { barcode: string }[] };
      for (const piece of order.pieces) barcodes.push(piece.barcode);
    }
    const tokens: string[] = [];
    for (let s = 0; s < STATIONS; s++) {
      const issued = (await post('/v1/stations/pairing-codes', {
        name: `Line ${s + 1}`,
        role: 'produce',
      })) as { code: string };
      const paired = (await post(
        '/v1/stations/pair',
        { code: issued.code },
        { 'content-type': 'application/json' },
      )) as { token: string };
      tokens.push(paired.token);
    }

    // The load: stations scanning at their pace, and the readiness probe, until told to stop.
    const scans: Sample[] = [];
    const readyz: Sample[] = [];
    let failures = 0;
    let running = true;
    let next = 0;
    const origin = performance.now();
    const now = () => performance.now() - origin;
    const stationLoops = tokens.map(async (token) => {
      const client = new Client(url, { pipelining: 1 });
      stations.push(client);
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      // Spread the stations over one pace so they do not all send at once.
      await sleep(Math.random() * PACE_MS);
      while (running) {
        const at = now();
        const body = JSON.stringify({ barcode: barcodes[next++ % barcodes.length] });
        const res = await call(client, { method: 'POST', path: '/v1/scans', headers, body });
        scans.push({ at, ms: res.ms });
        if (res.status !== 200) failures++;
        const rest = PACE_MS - (now() - at);
        if (rest > 0) await sleep(rest);
      }
    });
    const probe = (async () => {
      const client = new Client(url);
      stations.push(client);
      while (running) {
        const at = now();
        const res = await call(client, { method: 'GET', path: '/readyz' });
        readyz.push({ at, ms: res.ms });
        if (res.status !== 200) failures++;
        const rest = READYZ_MS - (now() - at);
        if (rest > 0) await sleep(rest);
      }
    })();

    // The big requests, one after another on their own connection.
    const big = new Client(url);
    const phases: { what: string; ms: number; from: number; to: number; note: string }[] = [];
    const phase = async (what: string, req: Sent, note: (body: Buffer) => string) => {
      await sleep(1_000); // let the scans settle between big requests
      const from = now();
      const res = await call(big, req);
      const to = now();
      if (res.status !== 200) {
        throw new Error(`${what}: ${res.status} ${res.body.toString().slice(0, 500)}`);
      }
      phases.push({ what, ms: res.ms, from, to, note: note(res.body) });
    };

    await sleep(WARMUP_MS);
    const quietFrom = now();
    const cpu0 = daemonCpu(daemon.child);
    await sleep(QUIET_MS);
    const quiet = { from: quietFrom, to: now() };
    console.log(
      `daemon CPU while quiet: ${(((daemonCpu(daemon.child) - cpu0) / QUIET_MS) * 100).toFixed(0)} %`,
    );

    const csv = uploadCsv(ROWS);
    await phase(
      `CSV upload, ${ROWS.toLocaleString('en-GB')} rows (${(csv.length / 1048576).toFixed(1)} MiB)`,
      {
        method: 'POST',
        path: '/v1/orders/upload',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'text/csv' },
        body: csv,
      },
      (body) => {
        const answer = JSON.parse(body.toString()) as {
          orders_created: number;
          orders: { pieces_total: number }[];
        };
        const pieces = answer.orders.reduce((sum, o) => sum + o.pieces_total, 0);
        return `${answer.orders_created.toLocaleString('en-GB')} orders, ${pieces.toLocaleString('en-GB')} pieces`;
      },
    );
    let bigOrderId = '';
    await phase(
      'POST /v1/orders, 10,000 pieces',
      {
        method: 'POST',
        path: '/v1/orders',
        headers: auth,
        body: JSON.stringify({
          order_no: 'BIG-1',
          retailer_id: retailer.id,
          lines: [
            { sku: 'SOFA-3S', colour: 'Grey', qty: 1500, pieces_per_unit: 4 },
            { sku: 'STOOL', colour: 'Oak', qty: 2000, pieces_per_unit: 2 },
          ],
        }),
      },
      (body) => {
        bigOrderId = (JSON.parse(body.toString()) as { id: string }).id;
        return `${(body.length / 1048576).toFixed(1)} MiB answer`;
      },
    );
    const labelled = (await post('/v1/orders', {
      order_no: 'LABELS-1',
      retailer_id: retailer.id,
      lines: [{ sku: 'SOFA-3S-CORNER', colour: 'Charcoal Grey', qty: 250, pieces_per_unit: 4 }],
    })) as { id: string };
    await phase(
      'GET /v1/orders/{id}/labels, 1,000 labels as PDF',
      { method: 'GET', path: `/v1/orders/${labelled.id}/labels?format=pdf`, headers: auth },
      (body) => `${(body.length / 1048576).toFixed(1)} MiB`,
    );
    await phase(
      'GET /v1/orders/{id}, 10,000 pieces',
      { method: 'GET', path: `/v1/orders/${bigOrderId}`, headers: auth },
      (body) => `${(body.length / 1048576).toFixed(1)} MiB`,
    );
    await sleep(500);

    running = false;
    await Promise.all([...stationLoops, probe]);
    await Promise.all([...stations.map((c) => c.close()), big.close(), admin.close()]);

    const fmt = (ms: number) => (Number.isNaN(ms) ? '-' : ms.toFixed(ms < 10 ? 1 : 0));
    const rows = [{ what: 'quiet (no big request)', ms: NaN, ...quiet, note: '' }, ...phases].map(
      (p) => {
        const s = within(scans, p.from, p.to);
        const r = within(readyz, p.from, p.to);
        return {
          'big request': p.what,
          'took ms': fmt(p.ms),
          '': p.note,
          scans: s.length,
          'scan p50': fmt(quantile(s, 0.5)),
          'scan p99': fmt(quantile(s, 0.99)),
          'scan max': fmt(s.at(-1) ?? NaN),
          'readyz p99': fmt(quantile(r, 0.99)),
          'readyz max': fmt(r.at(-1) ?? NaN),
        };
      },
    );
    console.log(
      `${STATIONS} stations scanning every ${PACE_MS} ms, /readyz every ${READYZ_MS} ms, ` +
        `against ${process.env.FACTORYD_BIN ?? 'dist/factoryd.mjs'}; latencies in ms of the ` +
        'requests sent or in flight while each big request ran (targets: upload ≤ 3,000 ms, ' +
        'scan and readyz p99 ≤ 100 ms)',
    );
    console.table(rows);
    if (failures > 0) {
      console.log(`${failures} scans or probes FAILED`);
      process.exitCode = 1;
    }
  } finally {
    if (daemon) await stopDaemon(daemon.child);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A CSV of `rows` rows: orders of two lines (a sofa of 2 pieces × 2 units, a stool), spread over
 * five retailers, every other order with dates — 4 pieces per order, 2 rows per order.
 */
function uploadCsv(rows: number): string {
  const codes = ['BR', 'NW', 'AC', 'ZE', 'KO'];
  const out = [
    'order_no,retailer_code,sku,colour,qty,pieces_per_unit,production_date,needed_by,piece_names',
  ];
  for (let i = 0; i < rows; i++) {
    const order = Math.floor(i / 2);
    const code = codes[order % codes.length]!;
    const dates = order % 2 === 0 ? '2026-12-01,2026-12-20' : ',';
    out.push(
      i % 2 === 0
        ? `UP-${order},${code},SOFA-2S,Blue,1,2,${dates},Frame|Cushions`
        : `UP-${order},${code},STOOL,Oak,2,1,${dates},`,
    );
  }
  return `${out.join('\n')}\n`;
}

await main();
