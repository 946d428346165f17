// Durable scans on PostgreSQL next to SQLite, in the same run (DESIGN §10, §13): 50 stations
// scanning at once over HTTP against the built `factoryd serve` (dist/factoryd.mjs)
//   1. on its SQLite file (synchronous=FULL),
//   2. on PostgreSQL, one process,
//   3. on PostgreSQL, two processes on one database, the stations split between them.
// PostgreSQL is a throwaway cluster started here (initdb + pg_ctl, as the tests do) with its
// durable defaults: fsync on, synchronous_commit on. Target: PostgreSQL ≥ 0.5 × the SQLite
// figure; two processes serve the same load with no error.
//
// Run: npm run build:bundle && npx tsx bench/postgres.bench.ts
// (BENCH_STATIONS, BENCH_SCANS_PER_STATION change the load.)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { Client } from 'undici';
import { findPostgresBin, startPostgresCluster } from '../test/helpers/postgres-cluster.js';

// Answers are read field by field, as a client would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const STATIONS = Number(process.env.BENCH_STATIONS ?? 50);
const PER_STATION = Number(process.env.BENCH_SCANS_PER_STATION ?? 60);
const WARMUP = 5;
const FACTORYD = join(import.meta.dirname, '..', 'dist', 'factoryd.mjs');

interface Server {
  url: string;
  dataDir: string;
  child: ChildProcess;
}

/** A port nothing listens on now, for a server that logs only warnings (so no "listening" line). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function serve(databaseUrl?: string): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'factoryd-bench-'));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      FACTORYD,
      'serve',
      '--port',
      String(port),
      '--data-dir',
      dataDir,
      '--log-level',
      'warn',
      ...(databaseUrl ? ['--database-url', databaseUrl] : []),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited !== undefined) throw new Error(`factoryd exited with ${exited}`);
    if (Date.now() > deadline) throw new Error(`factoryd did not become ready on ${url}`);
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, dataDir, child };
}

async function stop(server: Server): Promise<void> {
  await new Promise((resolve) => {
    server.child.once('exit', resolve);
    server.child.kill('SIGTERM');
  });
  rmSync(server.dataDir, { recursive: true, force: true });
}

async function call(url: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Json;
}

/** Stations (paired through the server each will scan through) and barcodes for them. */
async function prepare(servers: Server[], key: string) {
  const url = servers[0]!.url;
  const retailer = await call(url, '/v1/retailers', key, { name: 'Bench', code: 'BN' });
  const barcodes: string[] = [];
  const needed = STATIONS * (PER_STATION + WARMUP);
  for (let n = 0; barcodes.length < needed; n++) {
    const order = await call(url, '/v1/orders', key, {
      order_no: `B-${n}`,
      retailer_id: retailer.id,
      lines: [{ sku: 'SOFA', colour: 'Grey', qty: 500, pieces_per_unit: 1 }],
    });
    for (const p of order.pieces) barcodes.push(p.barcode);
  }
  const stations: { token: string; server: Server }[] = [];
  for (let i = 0; i < STATIONS; i++) {
    const server = servers[i % servers.length]!;
    const issued = await call(server.url, '/v1/stations/pairing-codes', key, {
      name: `Line ${i}`,
      role: 'produce',
    });
    const paired = await call(server.url, '/v1/stations/pair', null, { code: issued.code });
    stations.push({ token: paired.token, server });
  }
  return { stations, barcodes };
}

async function load(servers: Server[], key: string) {
  const { stations, barcodes } = await prepare(servers, key);
  let next = 0;
  const latencies: number[] = [];
  let errors = 0;
  const run = async (count: number, record: boolean) =>
    Promise.all(
      stations.map(async ({ token, server }) => {
        const client = new Client(server.url);
        try {
          for (let n = 0; n < count; n++) {
            const barcode = barcodes[next++]!;
            const started = performance.now();
            const res = await client.request({
              method: 'POST',
              path: '/v1/scans',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ barcode }),
            });
            const answer = (await res.body.json()) as { accepted?: boolean };
            if (res.statusCode !== 200 || answer.accepted !== true) errors += 1;
            if (record) latencies.push(performance.now() - started);
          }
        } finally {
          await client.close();
        }
      }),
    );
  await run(WARMUP, false);
  const started = performance.now();
  await run(PER_STATION, true);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((x, y) => x - y);
  return {
    scansPerSecond: latencies.length / seconds,
    p50: latencies[Math.floor(latencies.length * 0.5)]!,
    p99: latencies[Math.floor(latencies.length * 0.99)]!,
    errors,
  };
}

async function main() {
  const bin = findPostgresBin();
  if (!bin) {
    console.log('PostgreSQL not found (initdb, pg_ctl): nothing to compare');
    return;
  }
  const cluster = await startPostgresCluster(bin, { durable: true });
  const rows: [string, Awaited<ReturnType<typeof load>>][] = [];
  try {
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();

    const sqlite = await serve();
    try {
      const key = readFileSync(join(sqlite.dataDir, 'initial-api-key'), 'utf8').trim();
      rows.push(['SQLite, one process', await load([sqlite], key)]);
    } finally {
      await stop(sqlite);
    }

    for (const processes of [1, 2]) {
      const name = `bench_${processes}`;
      await admin.query(`create database ${name}`);
      const servers = [await serve(cluster.url(name))];
      for (let i = 1; i < processes; i++) servers.push(await serve(cluster.url(name)));
      try {
        const key = readFileSync(join(servers[0]!.dataDir, 'initial-api-key'), 'utf8').trim();
        rows.push([
          `PostgreSQL, ${processes} process${processes > 1 ? 'es' : ''}`,
          await load(servers, key),
        ]);
      } finally {
        for (const s of servers) await stop(s);
      }
    }
    await admin.end();
  } finally {
    cluster.stop();
  }

  const base = rows[0]![1].scansPerSecond;
  console.log(
    `\ndurable scans, ${STATIONS} stations × ${PER_STATION} scans (PostgreSQL with fsync on)\n`,
  );
  console.log('what                       scans/s   × SQLite   p50 ms   p99 ms   errors');
  for (const [what, r] of rows) {
    console.log(
      `${what.padEnd(26)} ${r.scansPerSecond.toFixed(0).padStart(7)}   ${(r.scansPerSecond / base).toFixed(2).padStart(8)}   ${r.p50.toFixed(1).padStart(6)}   ${r.p99.toFixed(1).padStart(6)}   ${String(r.errors).padStart(6)}`,
    );
  }
  const pgOne = rows[1]![1].scansPerSecond / base;
  const twoErrors = rows[2]![1].errors;
  console.log(
    `\ntarget: PostgreSQL ≥ 0.5 × SQLite: ${pgOne >= 0.5 ? 'met' : 'NOT met'} (${pgOne.toFixed(2)}); two processes without error: ${twoErrors === 0 ? 'met' : 'NOT met'}`,
  );
}

await main();
