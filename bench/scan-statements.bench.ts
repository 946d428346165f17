// Statements per scan (DESIGN §10, §13): how many SQL statements a durable scan costs on SQLite,
// and how many round trips to the server on PostgreSQL, the token lookup, BEGIN and COMMIT
// included. Counted, not timed, so the figure does not move with the machine's load.
//
// STATIONS stations scan at once through the real app (Fastify's inject), each one scan after
// another, as in scans.bench.ts: the group committer puts concurrent scans in shared
// transactions. Every scan is of a new piece (accepted: it moves a piece and its order); a
// second pass sends each scan with a client_scan_id, as the station web app does. The factory
// has one webhook endpoint, so each scan's event has a delivery.
//
// Run: npx tsx bench/scan-statements.bench.ts
// (BENCH_STATIONS, BENCH_SCANS_PER_STATION change the load; PostgreSQL is skipped when it is not
// installed, or with BENCH_SQLITE_ONLY=1.) Each figure also gives this process's CPU per scan
// (the app through inject, no HTTP; on SQLite the database's work too): a rough figure, since
// the counting itself costs a little.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { findPostgresBin, startPostgresCluster } from '../test/helpers/postgres-cluster.js';

const STATIONS = Number(process.env.BENCH_STATIONS ?? 20);
const PER_STATION = Number(process.env.BENCH_SCANS_PER_STATION ?? 20);

let statements = 0;
let transactions = 0;

/** Counts every statement better-sqlite3 runs, and every query `pg` sends (one round trip each). */
function countStatements(): void {
  const probe = new Database(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  probe.close();
  for (const method of ['run', 'all', 'get', 'iterate'] as const) {
    const original = statement[method]!;
    statement[method] = function (this: { source: string }, ...args: unknown[]) {
      statements++;
      if (/^\s*commit/i.test(this.source)) transactions++;
      return original.apply(this, args);
    };
  }
  const exec = Database.prototype.exec;
  Database.prototype.exec = function (this: Database.Database, source: string) {
    statements++;
    if (/^\s*commit/i.test(source)) transactions++;
    return exec.call(this, source);
  };
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    const config = args[0];
    const text = typeof config === 'string' ? config : (config as { text?: string }).text;
    if (text !== undefined && /^\s*commit/i.test(text)) transactions++;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

interface Count {
  perScan: number;
  scansPerTransaction: number;
  /** This process's CPU per scan (the app, and SQLite's work; not PostgreSQL's). */
  cpuUs: number;
}

async function countOn(url: string | undefined): Promise<{ plain: Count; withId: Count }> {
  const { openStore } = await import('../src/store/database.js');
  const { buildApp } = await import('../src/api/app.js');
  const { createCoreContext } = await import('../src/core/context.js');
  const { systemClock } = await import('../src/domain/clock.js');
  const { createFactory } = await import('../src/core/factory/setup.js');
  const { createRetailer } = await import('../src/core/retailers/retailers.js');
  const { createOrder } = await import('../src/core/orders/create-order.js');

  const dir = mkdtempSync(join(tmpdir(), 'factoryd-bench-statements-'));
  const store = await openStore(url ? { url } : { file: join(dir, 'factoryd.db') });
  try {
    const core = createCoreContext({ db: store.db, clock: systemClock });
    const { factoryId, apiKey } = await createFactory(core, { name: 'Bench Factory' });
    const retailer = await createRetailer(core, factoryId, { name: 'Bench Retail', code: 'BR' });
    const app = await buildApp({ core });
    const call = async (path: string, body: unknown, token: string | null = apiKey.key) => {
      const res = await app.inject({
        method: 'POST',
        url: path,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: body as Record<string, unknown>,
      });
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      return res.json() as Record<string, unknown>;
    };
    await call('/v1/webhooks', { url: 'https://hooks.example.com/factoryd', events: ['*'] });
    const tokens: string[] = [];
    for (let s = 0; s < STATIONS; s++) {
      const issued = await call('/v1/stations/pairing-codes', {
        name: `Line ${s + 1}`,
        role: 'produce',
      });
      tokens.push((await call('/v1/stations/pair', { code: issued.code }, null)).token as string);
    }
    const barcodes: string[] = [];
    for (let n = 0; barcodes.length < 2 * STATIONS * PER_STATION; n++) {
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

    let next = 0;
    const pass = async (withId: boolean): Promise<Count> => {
      statements = 0;
      transactions = 0;
      const cpu = process.cpuUsage();
      await Promise.all(
        tokens.map(async (token, s) => {
          for (let i = 0; i < PER_STATION; i++) {
            const body = {
              barcode: barcodes[next++],
              location: 'Cell 1',
              ...(withId ? { client_scan_id: `s${s}-${i}` } : {}),
            };
            const answer = await call('/v1/scans', body, token);
            if (answer.accepted !== true) throw new Error(`refused: ${JSON.stringify(answer)}`);
          }
        }),
      );
      const scans = STATIONS * PER_STATION;
      const { user, system } = process.cpuUsage(cpu);
      return {
        perScan: statements / scans,
        scansPerTransaction: scans / transactions,
        cpuUs: (user + system) / scans,
      };
    };
    const plain = await pass(false);
    const withId = await pass(true);
    await app.close();
    return { plain, withId };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  countStatements();
  const rows: Array<[string, { plain: Count; withId: Count }]> = [];
  rows.push(['SQLite: statements per scan', await countOn(undefined)]);
  const bin = process.env.BENCH_SQLITE_ONLY ? null : findPostgresBin();
  if (bin) {
    const cluster = await startPostgresCluster(bin);
    try {
      const admin = new pg.Client({ connectionString: cluster.url('postgres') });
      await admin.connect();
      await admin.query('create database bench');
      await admin.end();
      rows.push(['PostgreSQL: round trips per scan', await countOn(cluster.url('bench'))]);
    } finally {
      cluster.stop();
    }
  } else {
    console.log('PostgreSQL not found (no initdb/pg_ctl): its row is skipped');
  }
  console.log(`${STATIONS} concurrent stations, ${PER_STATION} accepted scans each, one endpoint`);
  const fmt = (c: Count) =>
    `${c.perScan.toFixed(2).padStart(5)} (${c.scansPerTransaction.toFixed(1)} per commit, ` +
    `CPU ${c.cpuUs.toFixed(0)} µs)`;
  for (const [name, { plain, withId }] of rows) {
    console.log(`${name.padEnd(34)} ${fmt(plain)}   with client_scan_id ${fmt(withId)}`);
  }
}

await main();
