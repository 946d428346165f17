// Durable scans on PostgreSQL next to SQLite, in the same run (DESIGN §10, §13): 50 stations
// scanning at once over HTTP against the built `factoryd serve` (dist/factoryd.mjs)
//   1. on its SQLite file (synchronous=FULL),
//   2. on PostgreSQL, one process,
//   3. on PostgreSQL, two processes on one database, the stations split between them,
//   4. on PostgreSQL, one process, over TCP loopback instead of the Unix socket.
// PostgreSQL is a throwaway cluster started here (initdb + pg_ctl, as the tests do) with its
// durable defaults: fsync on, synchronous_commit on. Target: PostgreSQL ≥ 0.5 × the SQLite
// figure; two processes serve the same load with no error.
//
// Run: npm run build:bundle && npx tsx bench/postgres.bench.ts
// (BENCH_STATIONS, BENCH_SCANS_PER_STATION change the load; BENCH_QUICK=1 stops after the first
// PostgreSQL row.)
// Each row also says where the CPU went, per scan: the factoryd processes, and PostgreSQL's
// (every process of the cluster), so a figure short of the target shows what it waits on.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
      // e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to see where a server's CPU goes
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
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

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The processes of the PostgreSQL cluster in `dir`: the postmaster and its children. */
function clusterPids(dir: string | undefined): number[] {
  if (!dir) return [];
  const postmaster = Number(
    readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** CPU used so far by the factoryd servers and by the cluster (when there is one). */
function cpuNow(servers: Server[], clusterDir: string | undefined) {
  const sum = (pids: number[]) => pids.reduce((total, pid) => total + cpuSeconds(pid), 0);
  const pg = new Map(clusterPids(clusterDir).map((pid) => [pid, cpuSeconds(pid)]));
  return { factoryd: sum(servers.map((s) => s.child.pid!)), pg };
}

/**
 * What one statement costs on this machine, on its own: a scan on PostgreSQL is a series of
 * them (each a round trip), where on SQLite it is a function call.
 */
async function measureRoundTrip(dir: string, port: number) {
  const client = new pg.Client({ host: dir, port, user: 'factoryd', database: 'postgres' });
  await client.connect();
  const backend = Number(
    (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid,
  );
  const query = { name: 'probe', text: 'select $1::int as n', values: [1] };
  for (let i = 0; i < 200; i++) await client.query(query);
  const count = 3000;
  const client0 = process.cpuUsage();
  const server0 = cpuSeconds(backend);
  const started = performance.now();
  for (let i = 0; i < count; i++) await client.query(query);
  const wallUs = ((performance.now() - started) / count) * 1000;
  const client1 = process.cpuUsage(client0);
  const serverCpuUs = ((cpuSeconds(backend) - server0) / count) * 1e6;
  await client.end();
  return { wallUs, clientCpuUs: (client1.user + client1.system) / count, serverCpuUs };
}

async function load(servers: Server[], key: string, clusterDir?: string) {
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
              // As the station page sends every scan: with the id that makes a resend harmless.
              body: JSON.stringify({ barcode, client_scan_id: randomUUID() }),
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
  const cpuBefore = cpuNow(servers, clusterDir);
  const started = performance.now();
  await run(PER_STATION, true);
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuNow(servers, clusterDir);
  let pgCpu = 0;
  for (const [pid, after] of cpuAfter.pg) pgCpu += after - (cpuBefore.pg.get(pid) ?? 0);
  latencies.sort((x, y) => x - y);
  return {
    scansPerSecond: latencies.length / seconds,
    p50: latencies[Math.floor(latencies.length * 0.5)]!,
    p99: latencies[Math.floor(latencies.length * 0.99)]!,
    errors,
    /** CPU per scan, µs. */
    factorydCpu: ((cpuAfter.factoryd - cpuBefore.factoryd) / latencies.length) * 1e6,
    pgCpu: (pgCpu / latencies.length) * 1e6,
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
  let roundTrip: Awaited<ReturnType<typeof measureRoundTrip>> | undefined;
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

    // On one machine factoryd reaches PostgreSQL through its Unix socket (as a local install
    // does: Debian's default host=/var/run/postgresql); the last row is the same over TCP
    // loopback, for comparison (each statement a TCP round trip through the kernel's stack).
    const runs = [
      { processes: 1, socket: true },
      { processes: 2, socket: true },
      { processes: 1, socket: false },
    ].slice(0, process.env.BENCH_QUICK ? 1 : 3);
    for (const [n, { processes, socket }] of runs.entries()) {
      const name = `bench_${n}`;
      await admin.query(`create database ${name}`);
      const url = socket
        ? `postgres://factoryd@/${name}?host=${cluster.dir}&port=${cluster.port}`
        : cluster.url(name);
      const servers = [await serve(url)];
      for (let i = 1; i < processes; i++) servers.push(await serve(url));
      try {
        const key = readFileSync(join(servers[0]!.dataDir, 'initial-api-key'), 'utf8').trim();
        const what = `PostgreSQL, ${processes} process${processes > 1 ? 'es' : ''}`;
        rows.push([socket ? what : `${what}, TCP`, await load(servers, key, cluster.dir)]);
      } finally {
        for (const s of servers) await stop(s);
      }
    }
    roundTrip = await measureRoundTrip(cluster.dir, cluster.port);
    await admin.end();
  } finally {
    cluster.stop();
  }

  const base = rows[0]![1].scansPerSecond;
  console.log(
    `\ndurable scans, ${STATIONS} stations × ${PER_STATION} scans (PostgreSQL with fsync on)\n`,
  );
  console.log(
    'what                       scans/s   × SQLite   p50 ms   p99 ms   errors   CPU µs/scan: factoryd   PostgreSQL',
  );
  for (const [what, r] of rows) {
    console.log(
      `${what.padEnd(26)} ${r.scansPerSecond.toFixed(0).padStart(7)}   ${(r.scansPerSecond / base).toFixed(2).padStart(8)}   ${r.p50.toFixed(1).padStart(6)}   ${r.p99.toFixed(1).padStart(6)}   ${String(r.errors).padStart(6)}   ${r.factorydCpu.toFixed(0).padStart(21)}   ${r.pgCpu.toFixed(0).padStart(10)}`,
    );
  }
  if (roundTrip) {
    console.log(
      `\none statement round trip on this machine (a prepared one-row select, Unix socket): ${roundTrip.wallUs.toFixed(0)} µs; CPU ${roundTrip.clientCpuUs.toFixed(0)} µs in the client, ${roundTrip.serverCpuUs.toFixed(0)} µs in PostgreSQL`,
    );
  }
  const pgOne = rows[1]![1].scansPerSecond / base;
  const twoErrors = rows[2]?.[1].errors ?? 0;
  console.log(
    `\ntarget: PostgreSQL ≥ 0.5 × SQLite: ${pgOne >= 0.5 ? 'met' : 'NOT met'} (${pgOne.toFixed(2)}); two processes without error: ${twoErrors === 0 ? 'met' : 'NOT met'}`,
  );
}

await main();
