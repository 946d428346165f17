/**
 * Stuck recompute over 1,000,000 orders (DESIGN §10: one set-based statement, ≤ 2 s, memory
 * flat). Orders are bulk-inserted straight into a fresh SQLite file, then the job runs three
 * times: the first pass (many orders become stuck at once, each with an event), a pass with
 * nothing to change, and a pass a day later (the orders produced that day cross the threshold).
 *
 *   npx tsx bench/stuck.bench.ts [orders]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCoreContext, type CoreContext } from '../src/core/context.js';
import { createFactory } from '../src/core/factory/setup.js';
import { recomputeStuck } from '../src/core/jobs/stuck-recompute.js';
import { createRetailer } from '../src/core/retailers/retailers.js';
import { createWebhookEndpoint } from '../src/core/webhooks/endpoints.js';
import { DAY, ManualClock } from '../src/domain/clock.js';
import { newId } from '../src/domain/ids.js';
import { openStore } from '../src/store/database.js';

const ORDERS = Number(process.argv[2] ?? 1_000_000);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

function memory(): string {
  const m = process.memoryUsage();
  return `rss ${mb(m.rss)}, heap ${mb(m.heapUsed)}, max rss ${mb(process.resourceUsage().maxRSS * 1024)}`;
}

const dir = mkdtempSync(join(tmpdir(), 'factoryd-bench-stuck-'));
const store = await openStore({ file: join(dir, 'bench.db') });
const start = new Date('2026-03-01T08:00:00.000Z');
const clock = new ManualClock(start);
const core: CoreContext = createCoreContext({ db: store.db, clock });
const { factoryId } = await createFactory(core, { name: 'Bench' });
const retailer = await createRetailer(core, factoryId, { name: 'Retailer', code: 'R1' });
await createWebhookEndpoint(core, factoryId, {
  url: 'http://127.0.0.1:9/stuck',
  events: ['order.stuck'],
});

// Most orders are history (dispatched); the rest spread over the live statuses, produced over
// the last 30 days, so each pass has work at the 7-day boundary.
const STATUSES = [
  ...Array<string>(70).fill('dispatched'),
  ...Array<string>(8).fill('awaiting_production'),
  ...Array<string>(6).fill('in_production'),
  ...Array<string>(6).fill('produced'),
  ...Array<string>(8).fill('in_stock'),
  ...Array<string>(2).fill('partially_dispatched'),
];

const t0 = performance.now();
const insertOrder = store.sqlite
  .prepare(`insert into orders (id, factory_id, retailer_id, order_no, status,
  source, production_date, needed_by, items, pieces_total, pieces_scanned, pieces_in_stock, pieces_dispatched,
  piece_states, produced_at, in_stock_at, dispatched_at, cancelled_at, stuck, stuck_since, created_at, updated_at)
  values (?, ?, ?, ?, ?, 'api', null, null, 'SOFA Grey', 2, 0, 0, 0, '[]', ?, null, null, null, 0, null, ?, ?)`);
const insertLine = store.sqlite
  .prepare(`insert into order_lines (id, factory_id, order_id, line_no, sku, colour,
  qty, pieces_per_unit, piece_names) values (?, ?, ?, 1, 'SOFA', 'Grey', 1, 2, null)`);
const BATCH = 50_000;
for (let done = 0; done < ORDERS; done += BATCH) {
  store.sqlite.transaction(() => {
    for (let i = done; i < Math.min(done + BATCH, ORDERS); i++) {
      const status = STATUSES[i % STATUSES.length]!;
      const produced =
        status === 'awaiting_production' || status === 'in_production'
          ? null
          : new Date(start.getTime() - ((i * 7919) % (30 * DAY))).toISOString();
      const id = newId('order', start);
      const created = start.toISOString();
      insertOrder.run(id, factoryId, retailer.id, `O-${i}`, status, produced, created, created);
      insertLine.run(newId('orderLine', start), factoryId, id);
    }
  })();
}
store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
console.log(
  `inserted ${ORDERS.toLocaleString('en-GB')} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
console.log(`before: ${memory()}`);

async function pass(label: string): Promise<void> {
  const began = performance.now();
  const result = await recomputeStuck(core);
  const ms = performance.now() - began;
  console.log(
    `${label.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms  became_stuck ${result.became_stuck}, cleared ${result.cleared}; ${memory()}`,
  );
}

if (process.env.KEEP_DB) {
  await store.close();
  console.log(`database kept in ${dir} (before any pass)`);
  process.exit(0);
}
await pass('first pass');
await pass('nothing to change');
clock.advance(DAY);
await pass('a day later');
store.sqlite.prepare(`update settings set stuck_after_days = 30`).run();
await pass('stuck_after_days 7 → 30');

const events = store.sqlite
  .prepare(`select count(*) as n from events where type = 'order.stuck'`)
  .get() as { n: number };
const deliveries = store.sqlite.prepare(`select count(*) as n from webhook_deliveries`).get() as {
  n: number;
};
console.log(`order.stuck events: ${events.n}, deliveries queued: ${deliveries.n}`);
await store.close();
if (process.env.KEEP_DB) console.log(`database kept in ${dir}`);
else rmSync(dir, { recursive: true, force: true });
