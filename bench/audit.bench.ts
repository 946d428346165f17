// Audit trail (DESIGN §10, §17): a mutating request's p50 grows ≤ 10 % with the audit trail.
// Two processes at once, each a server on its own SQLite file, one with the audit trail and one
// without (buildApp({ audit: false }), what FACTORYD_AUDIT=off gives `factoryd serve`: only for
// this baseline). Separate processes, so that neither warms or collects garbage for the other;
// run together, their requests alternating, so both see the same busy machine. All of it on one
// CPU where `taskset` can pin it: each side's request then runs after the other's, in the same
// caches; spread over two cores, which side shared its core with the parent changed from run to
// run, and so did the ratio (±0.04).
// Run: npx tsx bench/audit.bench.ts [requests per kind, default 2000]
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/api/app.js';
import { createCoreContext } from '../src/core/context.js';
import { createFactory } from '../src/core/factory/setup.js';
import { systemClock } from '../src/domain/clock.js';
import { openStore, type Store } from '../src/store/database.js';

const RUNS = Number(process.argv[2] ?? 2000);
const dir = mkdtempSync(join(tmpdir(), 'factoryd-bench-audit-'));

interface Side {
  name: string;
  app: FastifyInstance;
  store: Store;
  auth: Record<string, string>;
  retailerId: string;
  orderNo: number;
  times: Record<string, number[]>;
}

async function side(name: string, audit: boolean): Promise<Side> {
  const store = await openStore({ file: join(dir, `${name}.db`) });
  const core = createCoreContext({ db: store.db, clock: systemClock });
  const { apiKey } = await createFactory(core, { name: 'Bench' });
  const app = await buildApp({ core, audit });
  await app.ready();
  const auth = { authorization: `Bearer ${apiKey.key}` };
  const res = await app.inject({
    method: 'POST',
    url: '/v1/retailers',
    headers: auth,
    payload: { name: 'Northwind', code: 'NW' },
  });
  return {
    name,
    app,
    store,
    auth,
    retailerId: res.json<{ id: string }>().id,
    orderNo: 0,
    times: { patch: [], order: [] },
  };
}

const REQUESTS = {
  /** The smallest change: one row updated. */
  patch: (s: Side) => ({
    method: 'PATCH' as const,
    url: `/v1/retailers/${s.retailerId}`,
    payload: { name: `Northwind ${s.orderNo++ % 7}` },
  }),
  /** A new order of 4 pieces. */
  order: (s: Side) => ({
    method: 'POST' as const,
    url: '/v1/orders',
    payload: {
      order_no: `B-${s.orderNo++}`,
      retailer_id: s.retailerId,
      lines: [{ sku: 'SOFA', colour: 'Grey', qty: 2, pieces_per_unit: 2 }],
    },
  }),
};

async function once(s: Side, kind: keyof typeof REQUESTS): Promise<void> {
  const start = performance.now();
  const res = await s.app.inject({ ...REQUESTS[kind](s), headers: s.auth });
  s.times[kind]!.push(performance.now() - start);
  if (res.statusCode !== 200) throw new Error(res.body);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const role = process.argv[3];
if (role === 'audited' || role === 'baseline') {
  // A child: one request of the kind the parent names, its time back; the parent alternates
  // between the two children, so both see the same moments of a busy machine.
  const s = await side(role, role === 'audited');
  process.on('message', (message: string) => {
    void (async () => {
      if (message === 'done') {
        const count = await s.store.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        await s.app.close();
        await s.store.close();
        process.send!({ rows: Number(count.n) }, () => process.exit(0));
        return;
      }
      const kind = message as keyof typeof REQUESTS;
      const cpu = process.cpuUsage();
      await once(s, kind);
      const used = process.cpuUsage(cpu);
      process.send!({ ms: s.times[kind]!.at(-1), cpuMs: (used.user + used.system) / 1000 });
    })();
  });
  process.send!('ready');
} else {
  // This process and its threads on the last CPU; the children inherit it.
  const lastCpu = availableParallelism() - 1;
  let pinned = 'not pinned (no taskset)';
  try {
    execFileSync('taskset', ['-a', '-p', '-c', String(lastCpu), String(process.pid)], {
      stdio: 'ignore',
    });
    pinned = `pinned to CPU ${lastCpu}`;
  } catch {
    // Without util-linux's taskset the sides share the machine as the scheduler places them.
  }
  const child = (which: string) => {
    const c = fork(import.meta.filename, [String(RUNS), which], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = new Promise<void>((resolve) => c.once('message', () => resolve()));
    const ask = (message: string) =>
      new Promise<{ ms: number; cpuMs: number; rows: number }>((resolve) => {
        c.once('message', resolve);
        c.send(message);
      });
    return { ready, ask };
  };
  const sides = { audited: child('audited'), baseline: child('baseline') };
  await Promise.all([sides.audited.ready, sides.baseline.ready]);
  const kinds = ['patch', 'order'] as const;
  const times = {
    audited: { patch: [] as number[], order: [] as number[], cpu: [] as number[] },
    baseline: { patch: [] as number[], order: [] as number[], cpu: [] as number[] },
  };
  const WARM = 200;
  for (let i = 0; i < WARM + RUNS; i++) {
    const order =
      i % 2 === 0 ? (['audited', 'baseline'] as const) : (['baseline', 'audited'] as const);
    for (const which of order) {
      for (const k of kinds) {
        const r = await sides[which].ask(k);
        if (i >= WARM) {
          times[which][k].push(r.ms);
          times[which].cpu.push(r.cpuMs);
        }
      }
    }
  }
  const [a, b] = [await sides.audited.ask('done'), await sides.baseline.ask('done')];
  const rows = kinds.map((k) => {
    const [x, y] = [median(times.audited[k]), median(times.baseline[k])];
    return {
      request: k === 'patch' ? 'PATCH /v1/retailers/:id' : 'POST /v1/orders (4 pieces)',
      'p50 with audit': `${x.toFixed(3)} ms`,
      'p50 without': `${y.toFixed(3)} ms`,
      ratio: (x / y).toFixed(3),
      target: '≤ 1.10',
    };
  });
  const cpu = (xs: number[]) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
  rows.push({
    request: 'CPU per request (both kinds)',
    'p50 with audit': `${cpu(times.audited.cpu).toFixed(3)} ms`,
    'p50 without': `${cpu(times.baseline.cpu).toFixed(3)} ms`,
    ratio: (cpu(times.audited.cpu) / cpu(times.baseline.cpu)).toFixed(3),
    target: '(mean)',
  });
  console.table(rows);
  console.log(`audit rows written: ${a.rows} (baseline: ${b.rows}); ${pinned}`);
  rmSync(dir, { recursive: true, force: true });
}
