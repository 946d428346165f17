// Durable scans under load (DESIGN §10): 50 stations scanning at once over HTTP against the real
// app on a real SQLite file (every scan on disk before it is answered), next to a bare Fastify
// route measured the same way in the same run. Target: scans/s ≥ 0.5 × the bare route's requests/s, scan p99 ≤ 25 ms.
//
// Each server runs in its own child process (as a station's server would, apart from its
// clients); this process drives it with one undici Client (one connection) per station, each
// sending its requests one after another, so at most STATIONS requests are in flight.
//
// A third server, the same app without the report roll-ups' triggers (migration 0830), shows
// what keeping the roll-ups in the scan's transaction costs in server CPU per scan.
//
// Run: npx tsx bench/scans.bench.ts
// (BENCH_STATIONS, BENCH_SCANS_PER_STATION and BENCH_ROUNDS change the load; BENCH_PROFILE=<dir>
// writes a CPU profile of the scan server during the measured rounds into <dir>.)
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { Client } from 'undici';
import {
  answerCpu,
  pairStations,
  serveScanApp,
  serverCpu,
  startServer,
  stop,
  type Ready,
} from './scan-floor.js';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 50);
const PER_STATION = Number(process.env.BENCH_SCANS_PER_STATION ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_PER_STATION = 20;
const PIECES_PER_ORDER = 100;

// ---------------------------------------------------------------------------------------------
// Servers (child processes)

async function serveBare(): Promise<Ready> {
  const app = Fastify({ logger: false });
  app.get('/ok', async () => ({ ok: true }));
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url };
}

/** The roll-ups' triggers (migration 0830), dropped for the baseline server. */
const ROLL_UP_TRIGGERS = [
  'scan_counts_add',
  ...['pieces', 'orders'].flatMap((t) =>
    ['insert', 'update', 'delete'].map((op) => `${t}_cycle_time_counts_${op}`),
  ),
];

function serveScans(dir: string, rollUps: boolean): Promise<Ready> {
  return serveScanApp(dir, STATIONS * (ROUNDS * PER_STATION + WARMUP_PER_STATION), {
    piecesPerOrder: PIECES_PER_ORDER,
    orderPrefix: 'B',
    prepare: rollUps
      ? undefined
      : (sqlite) => {
          for (const name of ROLL_UP_TRIGGERS) {
            (sqlite as { exec(sql: string): void }).exec(`drop trigger ${name}`);
          }
        },
  });
}

// ---------------------------------------------------------------------------------------------
// Load (this process)

interface Result {
  /** Server CPU (user + system) per request: what the server itself spent, whatever the load. */
  serverCpuUs: number;
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  failures: number;
}

async function measure(
  child: ChildProcess,
  run: () => Promise<Omit<Result, 'serverCpuUs'>>,
): Promise<Result> {
  const before = await serverCpu(child);
  const result = await run();
  const spent = (await serverCpu(child)) - before;
  return { ...result, serverCpuUs: spent / result.requests };
}

async function drive(
  url: string,
  clients: number,
  perClient: number,
  request: (
    client: number,
    i: number,
  ) => { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string },
  check: (status: number, body: unknown) => boolean,
): Promise<Omit<Result, 'serverCpuUs'>> {
  const pool = Array.from({ length: clients }, () => new Client(url, { pipelining: 1 }));
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    pool.map(async (client, c) => {
      for (let i = 0; i < perClient; i++) {
        const t0 = performance.now();
        const res = await client.request(request(c, i));
        const body = await res.body.json();
        latencies.push(performance.now() - t0);
        if (!check(res.statusCode, body)) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(pool.map((client) => client.close()));
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return {
    requests: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    failures,
  };
}

type Load = () => Promise<Result>;

/** The bare route's server, warmed up: each call measures one round. */
async function prepareBare(child: ChildProcess, ready: Ready): Promise<Load> {
  const req = () => ({ method: 'GET' as const, path: '/ok' });
  const ok = (status: number) => status === 200;
  await drive(ready.url, STATIONS, WARMUP_PER_STATION, req, ok);
  return () => measure(child, () => drive(ready.url, STATIONS, PER_STATION, req, ok));
}

/** The app with STATIONS paired produce stations, warmed up: each call measures one round. */
async function prepareScans(child: ChildProcess, ready: Ready): Promise<Load> {
  const tokens = await pairStations(ready, STATIONS);
  // Every scan is of a new piece, so every one is accepted and moves a piece and its order.
  const barcodes = ready.barcodes!;
  let next = 0;
  const scan = (c: number) => ({
    method: 'POST' as const,
    path: '/v1/scans',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[c]}` },
    body: JSON.stringify({ barcode: barcodes[next++], location: 'Cell 1' }),
  });
  const accepted = (status: number, body: unknown) =>
    status === 200 && (body as { accepted?: boolean }).accepted === true;
  await drive(ready.url, STATIONS, WARMUP_PER_STATION, scan, accepted);
  return () => measure(child, () => drive(ready.url, STATIONS, PER_STATION, scan, accepted));
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'factoryd-bench-scans-'));
  const children: ChildProcess[] = [];
  try {
    const start = async (kind: string) => {
      mkdirSync(join(dir, kind));
      const server = await startServer(fileURLToPath(import.meta.url), [kind, join(dir, kind)]);
      children.push(server.child);
      return server;
    };
    const bareServer = await start('bare');
    const scanServer = await start('scans');
    const plainServer = await start('scans-without-roll-ups');
    const bare = await prepareBare(bareServer.child, bareServer.ready);
    const scans = await prepareScans(scanServer.child, scanServer.ready);
    const plain = await prepareScans(plainServer.child, plainServer.ready);

    const fmt = (r: Result) =>
      `${r.perSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  ` +
      `p99 ${r.p99.toFixed(1).padStart(6)} ms  server CPU ${r.serverCpuUs.toFixed(0).padStart(4)} µs/req` +
      `${r.failures ? `  ${r.failures} FAILED` : ''}`;
    console.log(
      `${STATIONS} concurrent stations, ${PER_STATION} requests each per round, ${ROUNDS} rounds ` +
        `(bare and scans alternate, so both see the same machine)`,
    );
    const ratios: number[] = [];
    const results: { bare: Result; scans: Result; plain: Result }[] = [];
    scanServer.child.send('profile');
    for (let round = 1; round <= ROUNDS; round++) {
      const b = await bare();
      const s = await scans();
      const p = await plain();
      results.push({ bare: b, scans: s, plain: p });
      ratios.push(s.perSecond / b.perSecond);
      console.log(`round ${round}  bare GET /ok          ${fmt(b)}`);
      console.log(
        `         POST /v1/scans        ${fmt(s)}   ratio ${(s.perSecond / b.perSecond).toFixed(2)}`,
      );
      console.log(`         without roll-ups      ${fmt(p)}`);
      if (b.failures > 0 || s.failures > 0 || p.failures > 0) process.exitCode = 1;
    }
    const scanP99 = median(results.map((r) => r.scans.p99));
    const cpuRatio = median(results.map((r) => r.bare.serverCpuUs / r.scans.serverCpuUs));
    console.log(
      `median ratio scans/bare ${median(ratios).toFixed(2)} (target ≥ 0.50); median scan p99 ` +
        `${scanP99.toFixed(1)} ms (target ≤ 25 ms); server CPU per request bare/scan ${cpuRatio.toFixed(2)}`,
    );
    const withRollUps = median(results.map((r) => r.scans.serverCpuUs));
    const withoutRollUps = median(results.map((r) => r.plain.serverCpuUs));
    console.log(
      `server CPU per scan with the roll-ups' triggers ${withRollUps.toFixed(0)} µs, without ` +
        `${withoutRollUps.toFixed(0)} µs (${((withRollUps / withoutRollUps - 1) * 100).toFixed(1)} %)`,
    );
  } finally {
    await Promise.all(children.map(stop));
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') {
  const kind = process.argv[3];
  const ready =
    kind === 'bare' ? await serveBare() : await serveScans(process.argv[4]!, kind === 'scans');
  process.send!(ready);
  // BENCH_PROFILE: the scan server profiles its CPU during the measured rounds only.
  const profileDir = kind === 'scans' ? process.env.BENCH_PROFILE : undefined;
  const session = profileDir ? new Session() : undefined;
  const post = (method: string) =>
    new Promise<unknown>((resolve, reject) =>
      session!.post(method, (err, result) => (err ? reject(err) : resolve(result))),
    );
  answerCpu();
  process.on('message', (message) => {
    if (message === 'profile' && session && !profiling) {
      profiling = true;
      session.connect();
      void post('Profiler.enable').then(() => post('Profiler.start'));
    }
  });
  let profiling = false;
  process.on('SIGTERM', () => {
    if (!profiling) process.exit(0);
    void post('Profiler.stop').then((result) => {
      mkdirSync(profileDir!, { recursive: true });
      const file = join(profileDir!, `scans-${process.pid}.cpuprofile`);
      writeFileSync(file, JSON.stringify((result as { profile: unknown }).profile));
      process.exit(0);
    });
  });
} else {
  await main();
}
