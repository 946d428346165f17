import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MINUTE } from '../../src/domain/clock.js';
import { newId } from '../../src/domain/ids.js';
import { buildOrderRows } from '../../src/core/orders/order-rows.js';
import { normalizeOrder } from '../../src/core/orders/order-input.js';
import {
  dropStaged,
  publishUpload,
  stageUpload,
  STAGING_LEASE_MS,
} from '../../src/core/orders/upload-staging.js';
import { takeTurns } from '../../src/core/take-turns.js';
import { housekeep } from '../../src/core/jobs/housekeeping.js';
import { transact } from '../../src/core/transaction.js';
import { isUniqueViolation } from '../../src/store/unique-violation.js';
import { insertRows } from '../../src/store/insert-rows.js';
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

const STAGING = ['staged_orders', 'staged_order_lines', 'staged_pieces', 'staged_events'];

async function stagedRows(): Promise<number> {
  let total = 0;
  for (const table of STAGING) total += await count(t, table);
  return total;
}

/** Waits (with a deadline) until nothing is staged: staged rows are deleted after the answer. */
async function stagingEmptied(): Promise<void> {
  const deadline = Date.now() + 20_000;
  while ((await stagedRows()) > 0) {
    if (Date.now() > deadline) throw new Error(`still staged: ${await stagedRows()} rows`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** `n` checked orders of ACME, numbered from `PO-0`: two lines, three pieces each. */
async function orderRows(n: number) {
  const retailer = (await t.sql.prepare('select * from retailers where id = ?').get(acme.id)) as {
    id: string;
    code: string;
    name: string;
  };
  const orders = Array.from({ length: n }, (_, i) => ({
    retailer: retailer as never,
    order: normalizeOrder({
      order_no: `PO-${i}`,
      retailer_id: acme.id,
      lines: [
        { sku: 'SOFA', qty: 1, pieces_per_unit: 2 },
        { sku: 'STOOL', qty: 1, pieces_per_unit: 1 },
      ],
    }),
  }));
  return buildOrderRows(t.factoryId, orders, 'upload', t.clock.now(), { views: false });
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

describe('uploads through staging tables', () => {
  it('publishes with the instants and barcodes of the publishing transaction, and deletes what it staged', async () => {
    const before = await serial();
    const res = await t.request('POST', '/v1/orders/upload', {
      payload: csvOf(3),
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [first] = res.json().orders as { id: string }[];
    const order = (await t.request('GET', `/v1/orders/${first!.id}`)).json();
    expect(order.pieces.map((p: { barcode: string }) => p.barcode)).toEqual([
      `FD ${String(before + 1).padStart(7, '0')}`,
      `FD ${String(before + 2).padStart(7, '0')}`,
    ]);
    expect(await serial()).toBe(before + 6);
    const event = (await t.sql
      .prepare(`select data, created_at from events where type = 'order.created' order by id`)
      .get()) as { data: string; created_at: string };
    const data = JSON.parse(event.data);
    expect(data).toMatchObject({ id: first!.id, created_at: order.created_at });
    expect(data.updated_at).toBe(order.updated_at);
    expect(event.created_at).toBe(order.created_at);
    await stagingEmptied();
  });

  it('leaves nothing visible when publishing fails part way, and the staged rows go', async () => {
    const rows = await orderRows(6_000);
    const turn = takeTurns();
    const staged = await stageUpload(t.core, t.factoryId, rows, t.clock.now(), turn);
    expect(await stagedRows()).toBeGreaterThan(0);
    expect(await count(t, 'orders')).toBe(0);

    // Another request takes the number of the last order: publishing fails on its last range of
    // orders, after the first ranges were copied in the same transaction.
    const taken = await t.request('POST', '/v1/orders', {
      body: {
        order_no: 'PO-5999',
        retailer_id: acme.id,
        lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: 1 }],
      },
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const serialBefore = await serial();
    const failure = await transact(t.core, (tx) => publishUpload(tx, staged, turn)).catch(
      (err: unknown) => err,
    );
    expect(isUniqueViolation(failure), String(failure)).toBe(true);

    expect(await count(t, 'orders')).toBe(1);
    expect(await count(t, 'order_lines')).toBe(1);
    expect(await count(t, 'pieces')).toBe(1);
    expect(await count(t, 'events')).toBe(1);
    expect(await serial()).toBe(serialBefore);
    const list = (await t.request('GET', '/v1/orders?limit=100')).json();
    expect(list.data.map((o: { order_no: string }) => o.order_no)).toEqual(['PO-5999']);

    await dropStaged(t.core, staged);
    expect(await stagedRows()).toBe(0);
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
    expect(await stagedRows()).toBe(0);
  });

  it('never shows what a killed upload left staged, and the next upload deletes it', async () => {
    // What an upload killed while staging leaves: some of its rows, in no transaction.
    const rows = await orderRows(50);
    const id = newId('upload', t.clock.now());
    const staged = <T extends object>(list: readonly T[]) =>
      list.map((row, i) => ({ ...row, upload_id: id, seq: i + 1 }));
    await insertRows(t.store.db, 'staged_orders', staged(rows.orders));
    await insertRows(t.store.db, 'staged_order_lines', staged(rows.lines));
    await insertRows(t.store.db, 'staged_pieces', staged(rows.pieces.slice(0, 70)) as never[]);

    const list = (await t.request('GET', '/v1/orders')).json();
    expect(list.data).toEqual([]);
    expect((await t.request('GET', `/v1/orders/${rows.ids[0]}`)).statusCode).toBe(404);
    expect((await t.request('GET', '/v1/orders/PO-0')).statusCode).toBe(404);
    const counts = (await t.request('GET', '/v1/order-counts')).json();
    expect(counts.statuses.every((s: { count: number }) => s.count === 0)).toBe(true);

    // Its numbers are free: a file with the same orders goes in whole.
    t.clock.advance(STAGING_LEASE_MS + MINUTE);
    const res = await t.request('POST', '/v1/orders/upload', {
      payload: csvOf(50, 'PO'),
      headers: { 'content-type': 'text/csv' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await count(t, 'orders')).toBe(50);
    expect(await count(t, 'pieces')).toBe(100);
    await stagingEmptied();
    const left = (await t.sql
      .prepare('select count(*) as n from staged_pieces where upload_id = ?')
      .get(id)) as { n: number };
    expect(Number(left.n)).toBe(0);
  });

  it('has the hourly housekeeping delete what a killed upload left, and nothing an upload is staging', async () => {
    // An upload of this process, still staging: its rows are not leftovers.
    const live = await stageUpload(
      t.core,
      t.factoryId,
      await orderRows(5),
      t.clock.now(),
      takeTurns(),
    );
    // An upload that died while staging.
    const rows = await orderRows(20);
    const dead = newId('upload', t.clock.now());
    const staged = <T extends object>(list: readonly T[]) =>
      list.map((row, i) => ({ ...row, upload_id: dead, seq: i + 1 }));
    await insertRows(t.store.db, 'staged_orders', staged(rows.orders));
    await insertRows(t.store.db, 'staged_pieces', staged(rows.pieces) as never[]);
    expect(await stagedRows()).toBe(35 + 80);
    t.clock.advance(STAGING_LEASE_MS + MINUTE);

    expect((await housekeep(t.core)).staged_uploads).toBe(1);
    expect(await count(t, 'staged_orders')).toBe(5);
    await dropStaged(t.core, live);
    expect(await stagedRows()).toBe(0);
    expect((await housekeep(t.core)).staged_uploads).toBe(0);
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
    await stagingEmptied();

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
