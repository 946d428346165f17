import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MINUTE } from '../../src/domain/clock.js';
import { buildOrderRows } from '../../src/core/orders/order-rows.js';
import { normalizeOrder } from '../../src/core/orders/order-input.js';
import { releaseEvents } from '../../src/core/uploads/upload-events.js';
import { clearMarks } from '../../src/core/uploads/upload-clearing.js';
import {
  deleteLeftovers,
  dropUpload,
  STAGING_LEASE_MS,
} from '../../src/core/uploads/upload-leftovers.js';
import {
  publishUpload,
  stageUpload,
  type StagedUpload,
} from '../../src/core/uploads/upload-staging.js';
import { takeTurns } from '../../src/core/take-turns.js';
import { housekeep } from '../../src/core/jobs/housekeeping.js';
import { transact } from '../../src/core/transaction.js';
import { startScheduler } from '../../src/daemon/scheduler.js';
import { isUniqueViolation } from '../../src/store/unique-violation.js';
import { reopenStore, rawSql } from '../helpers/dialect.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { addRetailer, count } from '../core/orders/fixtures.js';

let t: TestApp;
let acme: { id: string; code: string; name: string };
beforeEach(async () => {
  t = await makeTestApp();
  acme = await addRetailer(t, 'ACME');
});
afterEach(async () => {
  await t.close();
});

/** Rows of uploads still under way: hidden orders, staged events, `uploads` rows. */
async function underWay(): Promise<{ hidden: number; staged: number; uploads: number }> {
  const hidden = (await t.sql
    .prepare('select count(*) as n from orders where hidden_by_upload is not null')
    .get()) as { n: number };
  return {
    hidden: Number(hidden.n),
    staged: await count(t, 'staged_events'),
    uploads: await count(t, 'uploads'),
  };
}

const NOTHING_UNDER_WAY = { hidden: 0, staged: 0, uploads: 0 };

/** Waits (with a deadline) until no upload is under way: events are released after the answer. */
async function settled(): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const now = await underWay();
    if (now.hidden + now.staged + now.uploads === 0) return;
    if (Date.now() > deadline) throw new Error(`still under way: ${JSON.stringify(now)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `n` checked orders of ACME, numbered from `PO-0` (or another prefix): three pieces each. */
async function orderRows(n: number, prefix = 'PO') {
  const retailer = (await t.sql.prepare('select * from retailers where id = ?').get(acme.id)) as {
    id: string;
    code: string;
    name: string;
  };
  const orders = Array.from({ length: n }, (_, i) => ({
    retailer: retailer as never,
    order: normalizeOrder({
      order_no: `${prefix}-${i}`,
      retailer_id: acme.id,
      lines: [
        { sku: 'SOFA', qty: 1, pieces_per_unit: 2 },
        { sku: 'STOOL', qty: 1, pieces_per_unit: 1 },
      ],
    }),
  }));
  return buildOrderRows(t.factoryId, orders, 'upload', t.clock.now(), { views: false });
}

/** Stages `n` orders as an upload does; `dead` makes it one this process is not running. */
async function staged(
  n: number,
  options: { dead?: boolean; prefix?: string } = {},
): Promise<StagedUpload> {
  const upload = await stageUpload(
    t.core,
    t.factoryId,
    await orderRows(n, options.prefix),
    t.clock.now(),
    takeTurns(),
  );
  if (options.dead) t.core.stagingUploads.delete(upload.id);
  return upload;
}

const serial = async () =>
  (
    (await t.sql
      .prepare('select barcode_serial as s from factories where id = ?')
      .get(t.factoryId)) as { s: number }
  ).s;

const csvOf = (orders: number, prefix = 'UP') =>
  [
    'order_no,retailer_code,sku,qty,pieces_per_unit',
    ...Array.from({ length: orders }, (_, i) => `${prefix}-${i},ACME,SOFA,1,2`),
  ].join('\n');

/** What an API reader sees of the factory's orders. */
async function visible(): Promise<{ listed: string[]; counted: number }> {
  const list = (await t.request('GET', '/v1/orders?limit=100')).json();
  const counts = (await t.request('GET', '/v1/order-counts')).json();
  return {
    listed: list.data.map((o: { order_no: string }) => o.order_no),
    counted: counts.statuses.reduce((n: number, s: { count: number }) => n + s.count, 0),
  };
}

describe('uploads written hidden, then published', () => {
  it('publishes with the instants and barcodes of the upload, releases its events after, and leaves nothing under way', async () => {
    const endpoint = await t.request('POST', '/v1/webhooks', {
      body: { url: 'http://127.0.0.1:9/hook', events: ['order.created'] },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(200);
    const before = await serial();
    const res = await t.request('POST', '/v1/orders/upload', {
      payload: csvOf(3),
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Its orders' marks are cleared before the answer; its events released after.
    expect((await underWay()).hidden).toBe(0);
    const [first] = res.json().orders as { id: string }[];
    const order = (await t.request('GET', `/v1/orders/${first!.id}`)).json();
    expect(order.pieces.map((p: { barcode: string }) => p.barcode)).toEqual([
      `FD ${String(before + 1).padStart(7, '0')}`,
      `FD ${String(before + 2).padStart(7, '0')}`,
    ]);
    expect(await serial()).toBe(before + 6);
    await settled();
    const events = (await t.sql
      .prepare(`select id, data, created_at from events where type = 'order.created' order by id`)
      .all()) as { id: string; data: string; created_at: string }[];
    expect(events).toHaveLength(3);
    const data = JSON.parse(events[0]!.data);
    expect(data).toMatchObject({ id: first!.id, created_at: order.created_at });
    expect(data.updated_at).toBe(order.updated_at);
    expect(events[0]!.created_at).toBe(order.created_at);
    // Each released event has its delivery.
    expect(await count(t, 'webhook_deliveries')).toBe(3);
  });

  it('shows nothing of an upload while it stages, everything once its one transaction publishes it, and stamps its orders as their marks are cleared', async () => {
    await t.request('POST', '/v1/orders', {
      body: {
        order_no: 'PUSHED',
        retailer_id: acme.id,
        lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: 1 }],
      },
    });
    const upload = await staged(40);
    expect(await underWay()).toEqual({ hidden: 40, staged: 40, uploads: 1 });
    expect(await visible()).toEqual({ listed: ['PUSHED'], counted: 1 });

    t.clock.advance(1_000);
    await transact(t.core, (tx) => publishUpload(tx, upload));
    const publishedAt = t.clock.now().toISOString();
    // All of it at once, its marks still on.
    const shown = await visible();
    expect(shown.listed).toHaveLength(41);
    expect(shown.counted).toBe(41);
    expect(await underWay()).toEqual({ hidden: 40, staged: 40, uploads: 1 });

    t.clock.advance(1_000);
    await clearMarks(t.core, upload.id);
    expect(await underWay()).toEqual({ hidden: 0, staged: 40, uploads: 1 });
    // Created at the publishing instant, updated at the clearing, which `updated_since` finds.
    const changed = (
      await t.request('GET', `/v1/orders?limit=100&updated_since=${publishedAt}`)
    ).json();
    expect(changed.data).toHaveLength(40);
    for (const order of changed.data) {
      expect(order).toMatchObject({
        created_at: publishedAt,
        updated_at: t.clock.now().toISOString(),
      });
    }
    // Its events are not out yet: they are released after the answer.
    expect(await count(t, 'events')).toBe(1);
    await releaseEvents(t.core, upload.id);
    expect(await count(t, 'events')).toBe(41);
    expect(await underWay()).toEqual(NOTHING_UNDER_WAY);
  });

  it('never publishes a torn staging', async () => {
    const torn = await staged(30, { dead: true });
    // Orders gone from under it, as a sweep of another process would take them.
    await t.sql
      .prepare(
        `delete from pieces where order_id in
           (select id from orders where hidden_by_upload = ? order by id limit 1)`,
      )
      .run(torn.id);
    await t.sql
      .prepare(
        `delete from order_lines where order_id in
           (select id from orders where hidden_by_upload = ? order by id limit 1)`,
      )
      .run(torn.id);
    await t.sql
      .prepare(
        `delete from orders where id in
           (select id from orders where hidden_by_upload = ? order by id limit 1)`,
      )
      .run(torn.id);
    await expect(transact(t.core, (tx) => publishUpload(tx, torn))).rejects.toThrow(
      /29 of 30 orders/,
    );
    expect(await visible()).toEqual({ listed: [], counted: 0 });

    // Nor one deleted whole.
    const gone = await staged(10, { dead: true, prefix: 'GONE' });
    await dropUpload(t.core, gone.id);
    await expect(transact(t.core, (tx) => publishUpload(tx, gone))).rejects.toThrow();
    expect(await visible()).toEqual({ listed: [], counted: 0 });
  });

  it('after a crash between publishing and clearing, shows the upload, and the next sweep clears its marks, stamped after the publishing', async () => {
    const upload = await staged(6_000, { dead: true });
    // Another upload still staging in this process: it stays hidden throughout.
    const live = await staged(5, { prefix: 'LIVE' });
    t.clock.advance(1_000);
    await transact(t.core, (tx) => publishUpload(tx, upload));
    const publishedAt = t.clock.now().toISOString();
    expect(await count(t, 'orders')).toBe(6_005);
    expect((await visible()).counted).toBe(6_000);
    expect(await underWay()).toEqual({ hidden: 6_005, staged: 6_005, uploads: 2 });

    t.clock.advance(1_000);
    await deleteLeftovers(t.core);
    expect(await underWay()).toEqual({ hidden: 5, staged: 5, uploads: 1 });
    expect((await visible()).counted).toBe(6_000);
    const stamps = (await t.sql
      .prepare(
        `select min(created_at) as first_created, max(created_at) as last_created,
           min(updated_at) as first_updated from orders where order_no like 'PO-%'`,
      )
      .get()) as Record<string, string>;
    expect(stamps).toEqual({
      first_created: publishedAt,
      last_created: publishedAt,
      first_updated: t.clock.now().toISOString(),
    });
    expect(await count(t, 'events')).toBe(6_000);
    await dropUpload(t.core, live.id);
    expect(await underWay()).toEqual(NOTHING_UNDER_WAY);
  });

  it('keeps the row of a published upload while any of its orders is marked, and never stamps one before the publishing', async () => {
    const upload = await staged(20, { dead: true });
    await transact(t.core, (tx) => publishUpload(tx, upload));
    const publishedAt = t.clock.now().toISOString();
    // Its events released before its marks are cleared (another process's sweep, say): the row
    // stays, so that the marks are still found.
    await releaseEvents(t.core, upload.id);
    expect(await underWay()).toEqual({ hidden: 20, staged: 0, uploads: 1 });
    expect(await count(t, 'events')).toBe(20);

    // The clock stepped back meanwhile: the clearing stamps the publishing instant, not earlier.
    t.clock.set(new Date(Date.parse(publishedAt) - MINUTE));
    await housekeep(t.core);
    expect(await underWay()).toEqual(NOTHING_UNDER_WAY);
    const earliest = (await t.sql.prepare('select min(updated_at) as at from orders').get()) as {
      at: string;
    };
    expect(earliest.at).toBe(publishedAt);
  });

  it('deletes what it staged when an order number is taken meanwhile, and says which row', async () => {
    const taken = await t.request('POST', '/v1/orders', {
      body: {
        order_no: 'PO-5999',
        retailer_id: acme.id,
        lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: 1 }],
      },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    // The rows were checked before the number was taken: staging meets it on the unique index,
    // after the first thousands of orders were written.
    const failure = await staged(6_000).catch((err: unknown) => err);
    expect(isUniqueViolation(failure), String(failure)).toBe(true);
    expect(await underWay()).toEqual(NOTHING_UNDER_WAY);
    expect(await count(t, 'orders')).toBe(1);
    expect(await count(t, 'order_lines')).toBe(1);
    expect(await count(t, 'pieces')).toBe(1);
    expect(await count(t, 'events')).toBe(1);

    // Through the API the same file is refused by its check, naming the row.
    const csv = ['order_no,retailer_code,sku,qty,pieces_per_unit', 'PO-5999,ACME,SOFA,1,2'].join(
      '\n',
    );
    const res = await t.request('POST', '/v1/orders/upload', {
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.errors).toEqual([
      expect.objectContaining({ row: 2, column: 'order_no', code: 'order_exists' }),
    ]);
  });

  it('through the API, refuses the whole file when its last row is bad, staging nothing', async () => {
    const csv = `${csvOf(4_000)}\nUP-LAST,ACME,SOFA,0,2`;
    const res = await t.request('POST', '/v1/orders/upload', {
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.errors).toEqual([
      expect.objectContaining({ row: 4002, column: 'qty' }),
    ]);
    expect(await count(t, 'orders')).toBe(0);
    expect(await count(t, 'pieces')).toBe(0);
    expect(await count(t, 'events')).toBe(0);
    expect(await underWay()).toEqual(NOTHING_UNDER_WAY);
  });

  it('never shows what a killed upload left, and the next upload deletes it', async () => {
    const dead = await staged(50, { dead: true });
    expect((await underWay()).hidden).toBe(50);
    expect(await visible()).toEqual({ listed: [], counted: 0 });
    const hiddenId = (
      (await t.sql.prepare('select id from orders where hidden_by_upload = ?').get(dead.id)) as {
        id: string;
      }
    ).id;
    expect((await t.request('GET', `/v1/orders/${hiddenId}`)).statusCode).toBe(404);

    // Its numbers are free: a file with the same orders goes in whole.
    t.clock.advance(STAGING_LEASE_MS + MINUTE);
    const res = await t.request('POST', '/v1/orders/upload', {
      payload: csvOf(50, 'PO'),
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await settled();
    expect(await count(t, 'orders')).toBe(50);
    expect(await count(t, 'pieces')).toBe(100);
    expect(await count(t, 'events')).toBe(50);
  });

  it('has the hourly housekeeping delete what a killed upload left, and nothing an upload is staging', async () => {
    const live = await staged(5);
    await staged(20, { dead: true, prefix: 'DEAD' });
    expect(await underWay()).toEqual({ hidden: 25, staged: 25, uploads: 2 });
    t.clock.advance(STAGING_LEASE_MS + MINUTE);

    expect((await housekeep(t.core)).staged_uploads).toBe(1);
    expect(await underWay()).toEqual({ hidden: 5, staged: 5, uploads: 1 });
    expect(await count(t, 'pieces')).toBe(15);
    await dropUpload(t.core, live.id);
    expect(await underWay()).toEqual(NOTHING_UNDER_WAY);
    expect(await count(t, 'orders')).toBe(0);
    expect((await housekeep(t.core)).staged_uploads).toBe(0);
  });

  it('releases the events of an upload whose process died after publishing, once each', async () => {
    const upload = await staged(4_500, { dead: true });
    await transact(t.core, (tx) => publishUpload(tx, upload));
    expect(await count(t, 'events')).toBe(0);
    // Two at once (the housekeeping and the next upload, say): each event is released once.
    await Promise.all([housekeep(t.core), releaseEvents(t.core, upload.id)]);
    expect(await count(t, 'events')).toBe(4_500);
    expect(await underWay()).toEqual(NOTHING_UNDER_WAY);

    // One published is never deleted, whoever asks: its events are released instead.
    const second = await staged(10, { dead: true, prefix: 'SECOND' });
    await transact(t.core, (tx) => publishUpload(tx, second));
    await dropUpload(t.core, second.id);
    expect(await count(t, 'orders')).toBe(4_510);
    expect(await count(t, 'events')).toBe(4_510);
    expect(await underWay()).toEqual(NOTHING_UNDER_WAY);
  });

  it('a server that starts settles what uploads cut short left: finishes the published, deletes the rest', async () => {
    const published = await staged(30, { dead: true });
    await transact(t.core, (tx) => publishUpload(tx, published));
    await staged(20, { dead: true, prefix: 'CUT' });
    t.clock.advance(STAGING_LEASE_MS + MINUTE);
    expect(await underWay()).toEqual({ hidden: 50, staged: 50, uploads: 2 });
    expect((await visible()).counted).toBe(30);
    const scheduler = startScheduler({
      core: t.core,
      store: t.store,
      log: pino({ level: 'silent' }),
      deliveries: false,
    });
    try {
      await settled();
    } finally {
      await scheduler.stop();
    }
    expect(await count(t, 'events')).toBe(30);
    expect(await count(t, 'orders')).toBe(30);
  });

  it('accepts scans sent while a large upload runs, and keeps every one', async () => {
    const issued = await t.request('POST', '/v1/stations/pairing-codes', {
      body: { name: 'Line 1', role: 'produce' },
    });
    const station = (
      await t.request('POST', '/v1/stations/pair', {
        token: null,
        body: { code: issued.json().code },
      })
    ).json() as { token: string };
    const pushed = await t.request('POST', '/v1/orders', {
      body: {
        order_no: 'SCAN-ME',
        retailer_id: acme.id,
        lines: [{ sku: 'SOFA', qty: 200, pieces_per_unit: 2 }],
      },
    });
    const barcodes = (pushed.json().pieces as { barcode: string }[]).map((p) => p.barcode);

    let uploading = true;
    const upload = t
      .request('POST', '/v1/orders/upload', {
        payload: csvOf(5_000),
        headers: { 'content-type': 'text/csv' },
      })
      .finally(() => (uploading = false));
    const answered: string[] = [];
    while (uploading && answered.length < barcodes.length) {
      const barcode = barcodes[answered.length]!;
      const res = await t.request('POST', '/v1/scans', {
        token: station.token,
        body: { barcode },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().accepted).toBe(true);
      answered.push(barcode);
    }
    const done = await upload;
    expect(done.statusCode, done.body).toBe(200);
    expect(answered.length).toBeGreaterThan(0);
    await settled();

    // What was answered is in the database as another process opening it finds it.
    const other = await reopenStore(t.store);
    try {
      const sql = rawSql(other);
      const scans = (await sql
        .prepare('select count(*) as n from scans where accepted = 1')
        .get()) as { n: number };
      expect(Number(scans.n)).toBe(answered.length);
      const orders = (await sql.prepare('select count(*) as n from orders').get()) as {
        n: number;
      };
      expect(Number(orders.n)).toBe(5_001);
    } finally {
      await other.close();
    }
  });
});
