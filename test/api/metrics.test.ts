import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRetailer } from '../../src/core/retailers/retailers.js';
import { createWebhookEndpoint } from '../../src/core/webhooks/endpoints.js';
import { WebhookDispatcher } from '../../src/daemon/webhooks/dispatcher.js';
import { registerServerMetrics } from '../../src/daemon/metrics/server-metrics.js';
import { ManualClock } from '../../src/domain/clock.js';
import { createPrometheusMetrics } from '../../src/runtime/prometheus.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { Receiver } from '../core/webhooks/receiver.js';

/**
 * `/metrics` (DESIGN §18): after a known workload through the API (scans accepted and refused
 * at two stations, webhook deliveries to a receiver that fails some), every counter equals what
 * the database holds, the text passes `promtool check metrics`, and only the metrics token is
 * answered.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
let t: TestApp;
let receiver: Receiver;

beforeAll(async () => {
  const prometheus = createPrometheusMetrics();
  t = await makeTestApp({
    clock: new ManualClock(new Date()),
    metrics: prometheus,
    app: {
      metrics: {
        token: TOKEN,
        scrape: () => prometheus.exposition(),
        contentType: prometheus.contentType,
      },
    },
  });
  registerServerMetrics(prometheus, t.store);
  receiver = await new Receiver().listen();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

async function pair(role: 'produce' | 'dispatch'): Promise<string> {
  const issued = await t.request('POST', '/v1/stations/pairing-codes', {
    body: { name: `${role} station`, role },
  });
  const paired = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: issued.json().code },
  });
  expect(paired.statusCode, paired.body).toBe(200);
  return paired.json().token;
}

/** The samples of one metric family: `labels → value`, labels as `k="v",…` sorted as written. */
function samples(text: string, name: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (match && match[1] === name) found.set(match[2] ?? '', Number(match[3]));
  }
  return found;
}

async function scrape(): Promise<string> {
  const res = await t.request('GET', '/metrics', { token: TOKEN });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

describe('/metrics', () => {
  it('counts what the database holds after a known workload', async () => {
    const hook = await createWebhookEndpoint(t.core, t.factoryId, {
      url: `${receiver.url}/hook`,
      events: ['scan.recorded'],
    });
    receiver.secretFor('/hook', hook.secret);
    // Every third delivery fails: retried later, so the queue is not empty at the end.
    let n = 0;
    receiver.reply = () => ({ status: ++n % 3 === 0 ? 500 : 200 });

    const retailer = await createRetailer(t.core, t.factoryId, { name: 'Shop', code: 'SH' });
    const order = await t.request('POST', '/v1/orders', {
      body: {
        order_no: 'M-1',
        retailer_id: retailer.id,
        lines: [{ sku: 'S', qty: 3, pieces_per_unit: 2, piece_names: ['A', 'B'] }],
      },
    });
    expect(order.statusCode, order.body).toBe(200);
    const barcodes: string[] = order.json().pieces.map((p: { barcode: string }) => p.barcode);
    const produce = await pair('produce');
    const dispatch = await pair('dispatch');
    const scan = (token: string, barcode: string) =>
      t.request('POST', '/v1/scans', { token, body: { barcode } });
    // 6 productions at once (group commit), 2 already produced, 1 unknown barcode; a dispatch
    // accepted, then the same piece again (already dispatched), then one replayed.
    await Promise.all(barcodes.map((b) => scan(produce, b)));
    await scan(produce, barcodes[0]!);
    await scan(produce, barcodes[1]!);
    await scan(produce, 'NOPE-123');
    await scan(dispatch, barcodes[0]!);
    await scan(dispatch, barcodes[0]!);
    // A replay of a scan is not a new scan.
    const once = { barcode: barcodes[2]!, client_scan_id: 'c-1' };
    await t.request('POST', '/v1/scans', { token: dispatch, body: once });
    await t.request('POST', '/v1/scans', { token: dispatch, body: once });

    const dispatcher = new WebhookDispatcher(t.core, { userAgent: 'test', wake: false });
    await dispatcher.runDue();
    await dispatcher.stop(0);

    const text = await scrape();

    const byVerdict = (await t.sql
      .prepare(
        "select event, case when accepted = 1 then 'accepted' else reason end as verdict, count(*) as n from scans group by event, verdict",
      )
      .all()) as { event: string; verdict: string; n: number }[];
    expect(byVerdict.length).toBeGreaterThanOrEqual(4);
    const scans = samples(text, 'factoryd_scans_total');
    expect(scans.size).toBe(byVerdict.length);
    for (const row of byVerdict) {
      expect(scans.get(`role="${row.event}",verdict="${row.verdict}"`), JSON.stringify(row)).toBe(
        Number(row.n),
      );
    }

    const deliveries = (await t.sql
      .prepare(
        'select status, count(*) as n, sum(attempts) as attempts from webhook_deliveries group by status',
      )
      .all()) as { status: string; n: number; attempts: number }[];
    const attempts = samples(text, 'factoryd_webhook_delivery_attempts_total');
    const ok = deliveries.find((d) => d.status === 'succeeded');
    const retrying = deliveries.find((d) => d.status === 'retrying');
    expect(Number(ok?.n)).toBeGreaterThan(0);
    expect(Number(retrying?.n)).toBeGreaterThan(0);
    expect(attempts.get('outcome="succeeded"')).toBe(Number(ok!.n));
    expect(attempts.get('outcome="failed"')).toBe(Number(retrying!.attempts));
    const queued = samples(text, 'factoryd_webhook_deliveries_queued');
    expect(queued.get('status="retrying"')).toBe(Number(retrying!.n));
    expect(queued.get('status="pending"')).toBe(0);

    // Every scan was committed in a batch (the replay too: a unit that wrote nothing).
    const scanRows = byVerdict.reduce((sum, row) => sum + Number(row.n), 0);
    expect(samples(text, 'factoryd_group_commit_batch_size_sum').get('')).toBe(scanRows + 1);
    expect(samples(text, 'factoryd_group_commit_batch_size_count').get('')!).toBeLessThan(scanRows);

    const requests = samples(text, 'factoryd_http_request_duration_seconds_count');
    expect(requests.get('method="POST",route="/v1/scans",status="200"')).toBe(scanRows + 1);
    if (t.store.dialect === 'sqlite') {
      expect(samples(text, 'factoryd_sqlite_wal_bytes').get('')).toBeGreaterThan(0);
    } else {
      expect(
        samples(text, 'factoryd_postgres_pool_connections').get('state="idle"'),
      ).toBeGreaterThan(0);
    }
    expect(samples(text, 'nodejs_eventloop_lag_seconds').has('')).toBe(true);
    expect(samples(text, 'process_resident_memory_bytes').get('')).toBeGreaterThan(0);
  });

  it('passes promtool check metrics', async () => {
    const text = await scrape();
    const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(check.error).toBeUndefined();
    expect(check.stdout + check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('answers only the metrics token', async () => {
    const none = await t.request('GET', '/metrics', { token: null });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('missing_token');
    const wrong = await t.request('GET', '/metrics', { token: `${TOKEN}x` });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_token');
    // An admin API key is not the metrics token.
    const apiKey = await t.request('GET', '/metrics');
    expect(apiKey.statusCode).toBe(401);
    expect(apiKey.body).not.toMatch(/factoryd_scans_total/);
  });
});

describe('/metrics without a token', () => {
  it('is not there', async () => {
    const plain = await makeTestApp();
    try {
      const res = await plain.request('GET', '/metrics', { token: TOKEN });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      expect(res.json().error.message).toMatch(/--metrics-token/);
    } finally {
      await plain.close();
    }
  });
});
