// The live floor (DESIGN §10, §16), one run:
// 1. 50 stream clients while 50 stations scan: how long until each scan is seen by every client
//    (p50, p95; target p95 ≤ 500 ms), and the server's CPU per scan with and without the clients
//    (target: grows ≤ 20 %). The server (the real app on a real SQLite file) runs in a child
//    process; this process drives the stations (undici, one connection each) and the clients.
// 2. The reports over 1,000,000 scans (target ≤ 300 ms each).
//
// Run: npx tsx bench/live.bench.ts   (BENCH_STATIONS, BENCH_CLIENTS, BENCH_SCANS_PER_STATION,
// BENCH_REPORT_SCANS change the load)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client } from 'undici';
import {
  answerCpu,
  pairStations,
  serveScanApp,
  serverCpu,
  startServer,
  type Ready,
} from './scan-floor.js';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 50);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const PER_STATION = Number(process.env.BENCH_SCANS_PER_STATION ?? 60);
const REPORT_SCANS = Number(process.env.BENCH_REPORT_SCANS ?? 1_000_000);

function serve(dir: string): Promise<Ready> {
  return serveScanApp(dir, STATIONS * (PER_STATION * 2 + 20), {
    piecesPerOrder: 100,
    orderPrefix: 'L',
  });
}

/** A stream client: when it saw each barcode's scan event. */
function streamClient(url: string, apiKey: string, seen: Map<string, number[]>) {
  const abort = new AbortController();
  const ready = (async () => {
    const res = await fetch(`${url}/v1/events/stream?types=scan.recorded`, {
      headers: { authorization: `Bearer ${apiKey}` },
      signal: abort.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = frame.split('\n').find((l) => l.startsWith('data: '));
            if (!data) continue;
            const barcode = (JSON.parse(data.slice(6)) as { data: { barcode: string } }).data
              .barcode;
            const at = performance.now();
            const list = seen.get(barcode);
            if (list) list.push(at);
            else seen.set(barcode, [at]);
          }
        }
      } catch {
        // closed
      }
    })();
  })();
  return { ready, close: () => abort.abort() };
}

/** STATIONS stations each scanning `perStation` barcodes one after another; send time of each. */
async function scanRound(url: string, tokens: string[], barcodes: string[], perStation: number) {
  const sent = new Map<string, number>();
  let next = 0;
  const pool = tokens.map(() => new Client(url, { pipelining: 1 }));
  const started = performance.now();
  await Promise.all(
    pool.map(async (client, s) => {
      for (let i = 0; i < perStation; i++) {
        const barcode = barcodes[next++]!;
        sent.set(barcode, performance.now());
        const res = await client.request({
          method: 'POST',
          path: '/v1/scans',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[s]}` },
          body: JSON.stringify({ barcode }),
        });
        await res.body.json();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(pool.map((c) => c.close()));
  return { sent, seconds };
}

const pct = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function liveFloor(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'factoryd-live-bench-'));
  const { child, ready } = await startServer(fileURLToPath(import.meta.url), [dir]);
  try {
    const tokens = await pairStations(ready, STATIONS);
    const barcodes = ready.barcodes!;
    // Warm-up.
    await scanRound(ready.url, tokens, barcodes.slice(0, STATIONS * 10), 10);
    let from = STATIONS * 10;

    // Without clients.
    const cpu0 = await serverCpu(child);
    const alone = await scanRound(ready.url, tokens, barcodes.slice(from), PER_STATION);
    const cpuAlone = ((await serverCpu(child)) - cpu0) / (STATIONS * PER_STATION);
    from += STATIONS * PER_STATION;

    // With CLIENTS stream clients.
    const seen = new Map<string, number[]>();
    const clients = Array.from({ length: CLIENTS }, () =>
      streamClient(ready.url, ready.apiKey!, seen),
    );
    await Promise.all(clients.map((c) => c.ready));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const cpu1 = await serverCpu(child);
    const withClients = await scanRound(ready.url, tokens, barcodes.slice(from), PER_STATION);
    const cpuWith = ((await serverCpu(child)) - cpu1) / (STATIONS * PER_STATION);
    // Let the last events arrive.
    const deadline = Date.now() + 10_000;
    while (
      Date.now() < deadline &&
      [...withClients.sent.keys()].some((b) => (seen.get(b)?.length ?? 0) < CLIENTS)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const c of clients) c.close();

    const delays: number[] = [];
    let missing = 0;
    for (const [barcode, at] of withClients.sent) {
      const times = seen.get(barcode) ?? [];
      missing += CLIENTS - times.length;
      for (const t of times) delays.push(t - at);
    }
    delays.sort((a, b) => a - b);
    const scans = STATIONS * PER_STATION;
    console.log(`${STATIONS} stations × ${PER_STATION} scans, ${CLIENTS} stream clients (SQLite)`);
    console.log(
      `  scans/s without clients ${(scans / alone.seconds).toFixed(0)}, with ${(scans / withClients.seconds).toFixed(0)}`,
    );
    console.log(
      `  server CPU per scan: without clients ${cpuAlone.toFixed(0)} µs, with ${cpuWith.toFixed(0)} µs (${((cpuWith / cpuAlone - 1) * 100).toFixed(0)} %; target ≤ +20 %)`,
    );
    console.log(
      `  scan sent → seen by a client: p50 ${pct(delays, 0.5).toFixed(1)} ms, p95 ${pct(delays, 0.95).toFixed(1)} ms, max ${delays.at(-1)!.toFixed(1)} ms (target p95 ≤ 500 ms); deliveries missing: ${missing}`,
    );
  } finally {
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

async function reports(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'factoryd-reports-bench-'));
  try {
    const { openStore } = await import('../src/store/database.js');
    const { createCoreContext } = await import('../src/core/context.js');
    const { systemClock } = await import('../src/domain/clock.js');
    const { createFactory } = await import('../src/core/factory/setup.js');
    const { throughputReport, cycleTimesReport } = await import('../src/core/reports/reports.js');
    const { sqliteOf } = await import('../test/helpers/dialect.js');
    const store = await openStore({ file: join(dir, 'factoryd.db') });
    const core = createCoreContext({ db: store.db, clock: systemClock });
    const { factoryId } = await createFactory(core, { name: 'Bench Factory' });
    const sqlite = sqliteOf(store);
    // A month of scans over 20 stations, 3 scans per piece; pieces with their milestones.
    const start = Date.parse('2026-10-01T00:00:00.000Z');
    const span = 30 * 86_400_000;
    const pieces = Math.floor(REPORT_SCANS / 3);
    // The pieces belong to one order of one retailer (per-retailer roll-ups need its retailer).
    const { createRetailer } = await import('../src/core/retailers/retailers.js');
    const { createOrder } = await import('../src/core/orders/create-order.js');
    const retailer = await createRetailer(core, factoryId, { name: 'R', code: 'R' });
    const order = await createOrder(
      core,
      factoryId,
      {
        order_no: 'R-1',
        retailer_id: retailer.id,
        lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: 1 }],
      },
      'api',
    );
    const t0 = performance.now();
    const insertScan = sqlite.prepare(
      `insert into scans (id, factory_id, station_id, station_name, event, barcode, piece_id, order_id, accepted, reason, location, test_label, client_scan_id, scanned_at, at)
       values (?, ?, ?, ?, ?, ?, null, null, ?, null, null, 0, null, null, ?)`,
    );
    const insertPiece = sqlite.prepare(
      `insert into pieces (id, factory_id, order_id, line_no, unit_no, piece_no, piece_name, barcode, status, location, scanned, produced_at, in_stock_at, dispatched_at, label_printed_at, updated_at)
       values (?, ?, ?, 1, ?, 1, null, ?, 'dispatched', null, 1, ?, ?, ?, null, ?)`,
    );
    const roles = ['produce', 'stock', 'dispatch'] as const;
    sqlite.pragma('foreign_keys = OFF');
    sqlite.transaction(() => {
      for (let p = 0; p < pieces; p++) {
        const produced = start + Math.floor((p / pieces) * span);
        const times = [
          produced,
          produced + 3_600_000 * (1 + (p % 7)),
          produced + 3_600_000 * (8 + (p % 13)),
        ];
        const iso = times.map((t) => new Date(t).toISOString());
        insertPiece.run(
          `pce_${p}`,
          factoryId,
          order.id,
          p,
          `B ${p}`,
          iso[0],
          iso[1],
          iso[2],
          iso[2],
        );
        for (let r = 0; r < 3; r++) {
          const station = `stn_${r}_${p % 7}`;
          insertScan.run(
            `scn_${p}_${r}`,
            factoryId,
            station,
            `Station ${r}-${p % 7}`,
            roles[r],
            `B ${p}`,
            p % 50 === 0 ? 0 : 1,
            iso[r],
          );
        }
      }
    })();
    sqlite.pragma('foreign_keys = ON');
    console.log(
      `\nreports over ${pieces * 3} scans, ${pieces} pieces (SQLite; written in ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
    );
    const time = async (name: string, run: () => Promise<unknown>) => {
      await run();
      const runs: number[] = [];
      for (let i = 0; i < 3; i++) {
        const a = performance.now();
        await run();
        runs.push(performance.now() - a);
      }
      runs.sort((a, b) => a - b);
      console.log(`  ${name}: ${runs[1]!.toFixed(1)} ms (median of 3; target ≤ 300 ms)`);
    };
    const month = { from: '2026-10-01T00:00:00.000Z', to: '2026-10-31T00:00:00.000Z' };
    // Before: the same reports read straight from the scans and pieces (as they were before the
    // roll-ups of migration 0830), in UTC.
    const direct = (bucketLength: number, group: string) =>
      sqlite
        .prepare(
          `select substr(at, 1, ${bucketLength}) as bucket_start, ${group} as g,
            sum(case when accepted = 1 and event = 'produce' then 1 else 0 end) as produce,
            sum(case when accepted = 1 and event = 'stock' then 1 else 0 end) as stock,
            sum(case when accepted = 1 and event = 'dispatch' then 1 else 0 end) as dispatch,
            sum(case when accepted = 0 then 1 else 0 end) as refused
          from scans where factory_id = ? and at >= ? and at < ? and test_label = 0
          group by 1, 2 order by 1, 2`,
        )
        .all(factoryId, month.from, month.to);
    const directCycle = () =>
      sqlite
        .prepare(
          `with d as (${[
            ['produce_to_stock', 'produced_at', 'in_stock_at'],
            ['stock_to_dispatch', 'in_stock_at', 'dispatched_at'],
            ['produce_to_dispatch', 'produced_at', 'dispatched_at'],
          ]
            .map(
              ([stage, a, b]) =>
                `select '${stage}' as stage, (julianday(${b}) - julianday(${a})) * 86400.0 as d
                from pieces where factory_id = @f and ${b} >= @from and ${b} < @to and ${a} is not null`,
            )
            .join(' union all ')}),
          r as (select stage, d, row_number() over (partition by stage order by d) as rn,
            count(*) over (partition by stage) as n from d)
          select stage, max(n) as n, min(case when rn * 2 >= n then d end) as p50,
            min(case when rn * 10 >= n * 9 then d end) as p90 from r group by stage`,
        )
        .all({ f: factoryId, from: month.from, to: month.to });
    const cases: [string, () => unknown, () => Promise<unknown>][] = [
      [
        'throughput, a month by day and station',
        () => direct(10, 'station_id'),
        () => throughputReport(core, factoryId, { ...month, bucket: 'day', group_by: 'station' }),
      ],
      [
        'throughput, a month by hour and role',
        () => direct(13, 'event'),
        () => throughputReport(core, factoryId, { ...month, bucket: 'hour', group_by: 'role' }),
      ],
      [
        'cycle times per piece, a month',
        directCycle,
        () => cycleTimesReport(core, factoryId, { ...month, per: 'piece' }),
      ],
    ];
    for (const [name, before, after] of cases) {
      await time(`${name}, from the scans (before)`, async () => before());
      await time(`${name}, from the roll-ups (after)`, after);
    }
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') {
  const ready = await serve(process.argv[3]!);
  process.send!(ready);
  answerCpu();
  process.on('SIGTERM', () => process.exit(0));
} else {
  // BENCH_ONLY=stream or BENCH_ONLY=reports runs one half.
  if (process.env.BENCH_ONLY !== 'reports') await liveFloor();
  if (process.env.BENCH_ONLY !== 'stream') await reports();
  process.exit(0);
}
