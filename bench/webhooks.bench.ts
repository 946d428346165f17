/**
 * Webhook delivery throughput and memory (DESIGN §10: ≥ 1,000 deliveries/s to a local receiver;
 * 100,000 due deliveries drained with flat memory).
 *
 * 100,000 due deliveries (25,000 events × 4 endpoints) are written straight into a fresh SQLite
 * file; the dispatcher then drains them to a receiver running in another process on 127.0.0.1
 * (answers 204 at once), with the production limits: 16 requests in flight, 4 per endpoint, results
 * recorded durably (each commit synced before it is answered). RSS and heap are sampled during the drain.
 *
 *   node --expose-gc --import tsx bench/webhooks.bench.ts [deliveries]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { request } from 'undici';
import { createCoreContext, type CoreContext } from '../src/core/context.js';
import { createFactory } from '../src/core/factory/setup.js';
import { WebhookDispatcher } from '../src/daemon/webhooks/dispatcher.js';
import { createWebhookEndpoint } from '../src/core/webhooks/endpoints.js';
import { systemClock } from '../src/domain/clock.js';
import { newId } from '../src/domain/ids.js';
import { openStore } from '../src/store/database.js';

const DELIVERIES = Number(process.argv[2] ?? 100_000);
const ENDPOINTS = 4;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

// The receiver: another process, so its work does not share this event loop.
const receiverSource = `
  const http = require('node:http');
  let count = 0;
  const server = http.createServer((req, res) => {
    if (req.method === 'GET') { res.end(String(count)); return; }
    req.resume();
    req.on('end', () => { count++; res.writeHead(204); res.end(); });
  });
  server.keepAliveTimeout = 10000;
  server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;
const receiver = spawn(process.execPath, ['-e', receiverSource], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const port = await new Promise<number>((resolve) =>
  createInterface({ input: receiver.stdout! }).once('line', (line) => resolve(Number(line))),
);

const dir = mkdtempSync(join(tmpdir(), 'factoryd-bench-webhooks-'));
const store = await openStore({ file: join(dir, 'bench.db') });
const core: CoreContext = createCoreContext({ db: store.db, clock: systemClock });
const { factoryId } = await createFactory(core, { name: 'Bench' });
const endpoints: string[] = [];
for (let i = 0; i < ENDPOINTS; i++) {
  const e = await createWebhookEndpoint(core, factoryId, {
    url: `http://127.0.0.1:${port}/e${i}`,
    events: ['*'],
  });
  endpoints.push(e.id);
}

// A payload of the size a scan event has (~1.5 KB).
const data = JSON.stringify({
  id: 'scn_01HZZZZZZZZZZZZZZZZZZZZZZZ',
  object: 'scan',
  accepted: true,
  barcode: 'FD 0000042',
  order: {
    id: 'ord_01HZZZZZZZZZZZZZZZZZZZZZZZ',
    items: 'SOFA-3S Grey'.repeat(40),
    status: 'in_production',
  },
});
const t0 = performance.now();
const now = new Date();
const at = now.toISOString();
const insertEvent = store.sqlite.prepare(
  `insert into events (id, factory_id, type, data, created_at) values (?, ?, 'scan.recorded', ?, ?)`,
);
const insertDelivery = store.sqlite
  .prepare(`insert into webhook_deliveries (id, factory_id, endpoint_id, event_id,
  event_type, status, attempts, next_attempt_at, created_at, updated_at)
  values (?, ?, ?, ?, 'scan.recorded', 'pending', 0, ?, ?, ?)`);
store.sqlite.transaction(() => {
  for (let i = 0; i < DELIVERIES / ENDPOINTS; i++) {
    const eventId = newId('event', now);
    insertEvent.run(eventId, factoryId, data, at);
    for (const endpoint of endpoints)
      insertDelivery.run(newId('delivery', now), factoryId, endpoint, eventId, at, at, at);
  }
})();
store.sqlite.pragma('wal_checkpoint(TRUNCATE)');
console.log(
  `queued ${DELIVERIES.toLocaleString('en-GB')} deliveries in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

global.gc?.();
const samples: { rss: number; heap: number }[] = [];
const sample = () => {
  const m = process.memoryUsage();
  samples.push({ rss: m.rss, heap: m.heapUsed });
};
sample();
const sampler = setInterval(sample, 250);

const dispatcher = new WebhookDispatcher(core, {
  userAgent: 'factoryd-webhooks/bench',
  wake: false,
});
const started = performance.now();
let lastReport = started;
let lastCount = 0;
const liveHeap: number[] = [];
const progress = setInterval(() => {
  const done = dispatcher.stats.attempts;
  const t = performance.now();
  // With --expose-gc, the heap after a full collection: what is really kept.
  global.gc?.();
  const m = process.memoryUsage();
  if (global.gc) liveHeap.push(m.heapUsed);
  console.log(
    `  ${done.toString().padStart(7)} sent, ${(((done - lastCount) * 1000) / (t - lastReport)).toFixed(0).padStart(5)}/s, rss ${mb(m.rss)}, heap ${mb(m.heapUsed)}`,
  );
  lastReport = t;
  lastCount = done;
}, 5_000);
const stats = await dispatcher.runDue();
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
clearInterval(progress);
sample();
await dispatcher.stop(0);

const received = Number(await (await request(`http://127.0.0.1:${port}/count`)).body.text());
const left = store.sqlite
  .prepare(`select count(*) as n from webhook_deliveries where status <> 'succeeded'`)
  .get() as { n: number };
const rss = samples.map((s) => s.rss);
const heap = samples.map((s) => s.heap);
const tenth = Math.max(1, Math.floor(samples.length / 10));
const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(
  `drained ${stats.succeeded.toLocaleString('en-GB')} deliveries in ${seconds.toFixed(1)} s: ` +
    `${(stats.succeeded / seconds).toFixed(0)} deliveries/s (receiver counted ${received}, not succeeded: ${left.n})`,
);
console.log(
  `memory over the drain (${samples.length} samples): rss ${mb(Math.min(...rss))}–${mb(Math.max(...rss))}, ` +
    `heap ${mb(Math.min(...heap))}–${mb(Math.max(...heap))}; ` +
    `heap first tenth ${mb(avg(heap.slice(0, tenth)))}, last tenth ${mb(avg(heap.slice(-tenth)))}`,
);

if (liveHeap.length > 0) {
  console.log(`live heap after each 5 s (after gc): ${liveHeap.map((h) => mb(h)).join(', ')}`);
}

receiver.kill();
await store.close();
rmSync(dir, { recursive: true, force: true });
