// Idle memory of `factoryd serve` (DESIGN §10: idle anonymous memory, RssAnon, ≤ 40 MB), for the
// development bundle (dist/factoryd.mjs, on this Node) and the executable (dist/bin/factoryd,
// when built). RssAnon is what the process itself allocated (heaps, stacks, SQLite's cache); the
// rest of RSS is pages of files it maps, the executable's included, which the kernel shares and
// may drop.
//
// Each program starts on a fresh data directory and sits idle (RssAnon "started"); then answers a
// little of everything a floor does (an order pushed, a station paired, scans, an order read, a
// label) and sits idle again ("idle"); then a busier spell (3,000 scans and a 5,000-row upload)
// and idle again ("idle after load"). Each idle spell is IDLE seconds, longer than the label
// thread stays after its last label (LABEL_THREAD_IDLE_MS, 30 s), so the figures are of a server
// that has stopped printing. Each program runs twice:
// started bare, and with the environment the systemd unit gives it (factoryd.service's
// `Environment=` lines, docs/install.md), which is how a factory runs it.
//
// After the last idle spell it says where RssAnon is: the C library's main heap (`[heap]` in
// /proc/<pid>/smaps), the rest of the anonymous mappings (V8's heap pages, the C library's other
// arena, thread stacks), and what V8's heap has committed, from a diagnostic report (the
// programs start with `--report-on-signal` in NODE_OPTIONS; SIGUSR2 writes it into the data
// directory, after the figures are read). And how RssAnon fell through that spell, every 5 s: the
// label and checkpoint threads end 30 s after their last work, the quiet server gives memory
// back 30–31 s after the last request and trims the C library a second later.
//
// Run: npm run build:bundle && npx tsx bench/memory.bench.ts
//   BENCH_IDLE_S (default 40); BENCH_ONLY=bundle|executable (one program); BENCH_UNIT=1 (only
//   the unit's environment); BENCH_ENV='A=1 B=2' (variables added to each run, for trials).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'undici';

const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 40);
const ROOT = join(import.meta.dirname, '..');

// FACTORYD_BUNDLE and FACTORYD_BIN name other builds (an older one, to compare).
const bundle = process.env.FACTORYD_BUNDLE ?? join(ROOT, 'dist', 'factoryd.mjs');
const binary = process.env.FACTORYD_BIN ?? join(ROOT, 'dist', 'bin', 'factoryd');
const programs: { name: string; command: string[] }[] = [];

/** The variables factoryd.service sets (`Environment=A=1 B=2` lines). */
function unitEnvironment(): Record<string, string> {
  const unit = readFileSync(join(ROOT, 'factoryd.service'), 'utf8');
  const env: Record<string, string> = {};
  for (const [, line] of unit.matchAll(/^Environment=(.*)$/gm)) {
    for (const pair of line!.split(/\s+/)) {
      const at = pair.indexOf('=');
      if (at > 0) env[pair.slice(0, at)] = pair.slice(at + 1);
    }
  }
  return env;
}
const environments: { name: string; env: Record<string, string> }[] = [{ name: '', env: {} }];
const fromUnit = unitEnvironment();
if (Object.keys(fromUnit).length > 0) {
  environments.push({
    name: Object.entries(fromUnit)
      .map(([k, v]) => `${k}=${v}`)
      .join(' '),
    env: fromUnit,
  });
}
// The executable's own Node options (scripts/binary/inject.mjs), given to the bundle too.
const { execArgv } = JSON.parse(
  readFileSync(join(ROOT, 'scripts', 'binary', 'node-options.json'), 'utf8'),
) as { execArgv: string[] };
if (existsSync(bundle)) {
  programs.push({
    name: `development bundle (Node ${process.version}, ${execArgv.join(' ')})`,
    command: [process.execPath, ...execArgv, bundle],
  });
}
if (existsSync(binary)) programs.push({ name: `executable (${binary})`, command: [binary] });

/** The fields of /proc/<pid>/status that say where memory goes, in MB. */
function memory(pid: number): { rss: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, anon: kb('RssAnon') / 1024, file: kb('RssFile') / 1024 };
}

/**
 * Where the anonymous memory is, in MB: the C library's main heap (`[heap]`), the other anonymous
 * mappings (smaps), and, from a diagnostic report, V8's heap as committed and its external memory
 * (ArrayBuffers and Buffers, allocated by the C library).
 */
async function breakdown(pid: number, dir: string): Promise<Record<string, string>> {
  let heap = 0;
  let other = 0;
  let inHeap = false;
  let anonymous = false;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      inHeap = head[1] === '[heap]';
      anonymous = head[1] === '' || head[1]!.startsWith('[');
      continue;
    }
    const kb = /^Anonymous:\s+(\d+) kB/.exec(line);
    if (kb && anonymous) {
      if (inHeap) heap += Number(kb[1]) / 1024;
      else other += Number(kb[1]) / 1024;
    }
  }
  const out: Record<string, string> = {
    'C main heap': fmt(heap),
    'other anonymous': fmt(other),
  };
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 10_000;
  let report: string | undefined;
  while (!report && Date.now() < deadline) {
    await sleep(200);
    report = readdirSync(dir).find((f) => f.startsWith('report.') && f.endsWith('.json'));
  }
  if (report) {
    await sleep(500); // written in one go, but give it the time
    const { javascriptHeap: v8 } = JSON.parse(readFileSync(join(dir, report), 'utf8')) as {
      javascriptHeap: {
        totalCommittedMemory: number;
        externalMemory: number;
        heapSpaces: Record<string, { memorySize: number }>;
      };
    };
    const space = (...names: string[]) =>
      names.reduce((sum, n) => sum + (v8.heapSpaces[n]?.memorySize ?? 0), 0) / 1048576;
    out['V8 committed'] = fmt(v8.totalCommittedMemory / 1048576);
    out['old + code'] = fmt(space('old_space', 'code_space', 'trusted_space'));
    out['young'] = fmt(space('new_space'));
    out['large objects'] = fmt(space('large_object_space', 'code_large_object_space'));
    out['external'] = fmt(v8.externalMemory / 1048576);
  }
  return out;
}

async function start(
  command: string[],
  dataDir: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const [cmd, ...args] = command;
  const child = spawn(cmd!, [...args, 'serve', '--port', '0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...env,
      NODE_OPTIONS: `--report-on-signal --report-signal=SIGUSR2 --report-directory=${dataDir}`,
    },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      if (line.includes('factoryd listening')) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`factoryd exited with ${code}:\n${stderr}`)));
  });
  // Keep reading its log (a full pipe would block it); errors are shown.
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.includes('"level":50')) console.error(line.slice(0, 2000));
  });
  return { child, url };
}

const fmt = (mb: number) => `${mb.toFixed(1)} MB`;

async function work(url: string, apiKey: string, scans: number, uploadRows: number): Promise<void> {
  const client = new Client(url);
  const request = async (method: 'GET' | 'POST', path: string, body?: unknown, token = apiKey) => {
    const res = await client.request({
      method,
      path,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined
          ? {}
          : { 'content-type': typeof body === 'string' ? 'text/csv' : 'application/json' }),
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const data = Buffer.from(await res.body.arrayBuffer());
    if (res.statusCode !== 200)
      throw new Error(`${method} ${path}: ${res.statusCode} ${data.toString()}`);
    return res.headers['content-type']?.toString().startsWith('application/json')
      ? (JSON.parse(data.toString()) as Record<string, unknown>)
      : {};
  };
  const code = `R${Math.floor(Math.random() * 1e6)}`;
  await request('POST', '/v1/retailers', { name: 'Memory Retail', code });
  const barcodes: string[] = [];
  let orderId = '';
  for (let n = 0; barcodes.length < Math.max(scans, 1); n++) {
    const order = (await request('POST', '/v1/orders', {
      order_no: `M-${code}-${n}`,
      retailer_code: code,
      lines: [{ sku: 'SOFA', colour: 'Grey', qty: 25, pieces_per_unit: 4 }],
    })) as { id: string; pieces: { barcode: string }[] };
    orderId = order.id;
    for (const piece of order.pieces) barcodes.push(piece.barcode);
  }
  const issued = (await request('POST', '/v1/stations/pairing-codes', {
    name: `S ${code}`,
    role: 'produce',
  })) as { code: string };
  const { token } = (await request('POST', '/v1/stations/pair', { code: issued.code })) as {
    token: string;
  };
  for (let i = 0; i < scans; i++)
    await request('POST', '/v1/scans', { barcode: barcodes[i] }, token);
  await request('GET', `/v1/orders/${orderId}`);
  await request('GET', '/v1/orders?limit=50');
  await request('GET', `/v1/orders/${orderId}/labels?format=pdf&pieces=all`);
  if (uploadRows > 0) {
    const rows = ['order_no,retailer_code,sku,colour,qty,pieces_per_unit'];
    for (let i = 0; i < uploadRows; i++) rows.push(`U-${code}-${i},${code},STOOL,Oak,1,2`);
    await request('POST', '/v1/orders/upload', `${rows.join('\n')}\n`);
  }
  await client.close();
}

const trials = Object.fromEntries(
  (process.env.BENCH_ENV ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
const table: Record<string, string>[] = [];
const where: Record<string, string>[] = [];
const traces: string[] = [];
for (const program of programs.filter(
  (p) => !process.env.BENCH_ONLY || p.name.includes(process.env.BENCH_ONLY),
))
  for (const environment of environments.filter((e) => !process.env.BENCH_UNIT || e.name !== '')) {
    const dir = mkdtempSync(join(tmpdir(), 'factoryd-bench-memory-'));
    const env = { ...environment.env, ...trials };
    const { child, url } = await start(program.command, dir, env);
    try {
      const apiKey = readFileSync(join(dir, 'initial-api-key'), 'utf8').trim();
      await sleep(IDLE_S * 1000);
      const fresh = memory(child.pid!);
      await work(url, apiKey, 20, 0);
      await sleep(IDLE_S * 1000);
      const first = memory(child.pid!);
      await work(url, apiKey, 3_000, 5_000);
      const trace: string[] = [];
      for (let s = 0; s < IDLE_S; s += 5) {
        trace.push(`${s} s ${memory(child.pid!).anon.toFixed(1)}`);
        await sleep(Math.min(5, IDLE_S - s) * 1000);
      }
      const second = memory(child.pid!);
      trace.push(`${IDLE_S} s ${second.anon.toFixed(1)} MB`);
      table.push({
        program: program.name,
        environment: environment.name || '(none)',
        'RssAnon started': fmt(fresh.anon),
        'RssAnon idle': fmt(first.anon),
        'RSS idle (files)': `${fmt(first.rss)} (${fmt(first.file)})`,
        'RssAnon idle after load': fmt(second.anon),
        'RSS after load (files)': `${fmt(second.rss)} (${fmt(second.file)})`,
      });
      const label = `${program.name.split(' (')[0]}, ${environment.name ? 'unit' : 'bare'}`;
      where.push({ run: label, RssAnon: fmt(second.anon), ...(await breakdown(child.pid!, dir)) });
      traces.push(`${label}: ${trace.join(', ')}`);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    }
  }
console.log(`factoryd serve after ${IDLE_S} s idle (target: RssAnon ≤ 40 MB)`);
if (Object.keys(trials).length > 0) console.log('with', trials);
console.table(table);
console.log('Where RssAnon idle after load is (C library heaps, V8 heap pages, stacks):');
console.table(where);
console.log('RssAnon (MB) through the idle spell after load:');
for (const line of traces) console.log(`  ${line}`);
