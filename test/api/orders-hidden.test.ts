import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recomputeStuck } from '../../src/core/jobs/stuck-recompute.js';
import { normalizeOrder } from '../../src/core/orders/order-input.js';
import { buildOrderRows } from '../../src/core/orders/order-rows.js';
import { formatBarcode } from '../../src/domain/barcode.js';
import { DAY } from '../../src/domain/clock.js';
import { newId } from '../../src/domain/ids.js';
import { insertRows } from '../../src/store/insert-rows.js';
import type { OrderTable, RetailerTable } from '../../src/store/schema.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { addRetailer, pushOrder } from '../core/orders/fixtures.js';

// Orders an upload has written into the real tables, marked with it (`hidden_by_upload`): no read
// may show them, their lines or their pieces while the upload's `uploads` row says unpublished,
// and every read shows them from the moment it says published, their marks cleared or not. A mark
// whose row is gone hides nothing.

let t: TestApp;
let acme: { id: string; code: string; name: string };
/** When the test's orders had not been written yet: every order is updated since. */
let since: string;
let visible: { id: string };
let uploadId: string;
let hidden: Written;

interface Written {
  id: string;
  orderNo: string;
  barcodes: string[];
  pieceIds: string[];
}

beforeEach(async () => {
  t = await makeTestApp();
  acme = await addRetailer(t, 'ACME');
  since = t.clock.now().toISOString();
  t.clock.advance(1);
  const pushed = await pushOrder(t, {
    order_no: 'PO-1',
    retailer_id: acme.id,
    needed_by: '2026-03-01',
  });
  visible = { id: pushed.id };
  uploadId = newId('upload', t.clock.now());
  await t.sql
    .prepare('insert into uploads (id, factory_id, built_at, published_at) values (?, ?, ?, null)')
    .run(uploadId, t.factoryId, t.clock.now().toISOString());
  // Newer than the visible order: it would come first in every list.
  hidden = (await writeOrders(['PO-2'], { hiddenBy: uploadId, neededBy: '2026-03-01' }))[0]!;
});
afterEach(async () => {
  await t.close();
});

/**
 * Orders of ACME written straight into the tables, as an upload writes them: the rows
 * buildOrderRows makes (one line of `pieces` pieces each), barcodes from serials claimed past the
 * factory's counter, `hidden_by_upload` set for a hidden one, and `row` changed on the order rows
 * (states no request makes for an order that is not yet visible). Each call is a millisecond
 * after the last, so its ids sort after those of earlier calls.
 */
async function writeOrders(
  orderNos: readonly string[],
  options: {
    hiddenBy?: string | null;
    neededBy?: string | null;
    pieces?: number;
    row?: Partial<OrderTable>;
  } = {},
): Promise<Written[]> {
  t.clock.advance(1);
  const retailer = (await t.sql
    .prepare('select * from retailers where id = ?')
    .get(acme.id)) as RetailerTable;
  const rows = await buildOrderRows(
    t.factoryId,
    orderNos.map((orderNo) => ({
      retailer,
      order: normalizeOrder({
        order_no: orderNo,
        retailer_id: acme.id,
        needed_by: options.neededBy ?? null,
        lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: options.pieces ?? 2 }],
      }),
    })),
    'upload',
    t.clock.now(),
    { views: false },
  );
  const factory = (await t.sql
    .prepare('select label_prefix, barcode_serial from factories where id = ?')
    .get(t.factoryId)) as { label_prefix: string; barcode_serial: number | string };
  const serial = Number(factory.barcode_serial);
  rows.pieces.forEach(
    (piece, i) => (piece.barcode = formatBarcode(factory.label_prefix, serial + i + 1)),
  );
  await t.sql
    .prepare('update factories set barcode_serial = ? where id = ?')
    .run(serial + rows.pieces.length, t.factoryId);
  for (const order of rows.orders) {
    Object.assign(order, { hidden_by_upload: options.hiddenBy ?? null }, options.row);
  }
  await insertRows(t.core.db, 'orders', rows.orders);
  await insertRows(t.core.db, 'order_lines', rows.lines);
  await insertRows(t.core.db, 'pieces', rows.pieces);
  return rows.orders.map((order) => {
    const pieces = rows.pieces.filter((p) => p.order_id === order.id);
    return {
      id: order.id,
      orderNo: order.order_no,
      barcodes: pieces.map((p) => p.barcode),
      pieceIds: pieces.map((p) => p.id),
    };
  });
}

/** How many rows a `count(*) as n` query finds (PostgreSQL answers a count as text). */
async function countOf(query: string): Promise<number> {
  return Number(((await t.sql.prepare(query).get()) as { n: number | string }).n);
}

/** Publishes the test's upload as the upload does: its row says so; its marks stay. */
async function publish(): Promise<void> {
  await t.sql
    .prepare('update uploads set published_at = ? where id = ?')
    .run(t.clock.now().toISOString(), uploadId);
}

/** Orders still carrying a mark. */
const marked = () => countOf('select count(*) as n from orders where hidden_by_upload is not null');

/** Clears the marks of the test's upload, as the upload does once it is published. */
async function clearMarks(): Promise<void> {
  await t.sql
    .prepare('update orders set hidden_by_upload = null where hidden_by_upload = ?')
    .run(uploadId);
}

/**
 * The states in which the upload's orders must show, each reached from the unpublished upload of
 * `beforeEach`: how, and whether its orders are then still marked.
 */
const SHOWN: Array<{ state: string; reach: () => Promise<void>; marked: boolean }> = [
  // Between the publishing and the clearing, or after a crash there.
  { state: 'published, its marks not yet cleared', reach: publish, marked: true },
  {
    state: 'published, its marks cleared',
    reach: async () => {
      await publish();
      await clearMarks();
    },
    marked: false,
  },
  // No code path deletes the row while its marks remain; should one, nothing is hidden.
  {
    state: 'marked by an upload whose row is gone',
    reach: () => t.sql.prepare('delete from uploads where id = ?').run(uploadId),
    marked: true,
  },
];

/** The ids a list answers, after checking it answered 200. */
async function listed(url: string, token?: string): Promise<string[]> {
  const res = await t.request('GET', url, token === undefined ? {} : { token });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data.map((o: { id: string }) => o.id);
}

/**
 * A 404's error with the value asked for blanked out of its message (and the request id): what
 * is left must be the same for a hidden record as for one that never existed.
 */
function notFoundShape(res: LightMyRequestResponse, asked: string) {
  expect(res.statusCode, res.body).toBe(404);
  const error = res.json().error as { message: string };
  expect(error.message).toContain(asked);
  return { ...error, message: error.message.replace(asked, '…'), request_id: '' };
}

/** The hidden order's row and its pieces' rows as stored: nothing may change them. */
async function storedRows(orderId: string) {
  return {
    order: await t.sql.prepare('select * from orders where id = ?').get(orderId),
    pieces: await t.sql
      .prepare(
        `select id, barcode, status, scanned, location, label_printed_at, updated_at
         from pieces where order_id = ? order by id`,
      )
      .all(orderId),
  };
}

const UNKNOWN_ORDER = 'ord_01KE6JQ3000000000000000000';
const UNKNOWN_PIECE = 'pce_01KE6JQ3000000000000000000';
const UNKNOWN_BARCODE = 'FD 7777777';

/**
 * Orders of the test's upload in three states an upload never writes, so that a stuck pass
 * would flip each if it saw it: produced long ago and not yet flagged, partially dispatched and
 * not yet flagged, and flagged but no longer stuck (one per statement of the pass that finds
 * orders).
 */
async function writeStuckStates(): Promise<Record<'due' | 'partly' | 'flagged', Written>> {
  const [due] = await writeOrders(['PO-3'], {
    hiddenBy: uploadId,
    row: {
      status: 'produced',
      produced_at: new Date(t.clock.now().getTime() - 30 * DAY).toISOString(),
    },
  });
  const [partly] = await writeOrders(['PO-4'], {
    hiddenBy: uploadId,
    row: { status: 'partially_dispatched' },
  });
  const [flagged] = await writeOrders(['PO-5'], {
    hiddenBy: uploadId,
    row: { stuck: 1, stuck_since: t.clock.now().toISOString() },
  });
  return { due: due!, partly: partly!, flagged: flagged! };
}

/** A stuck pass flips the three orders of writeStuckStates, and the lists follow. */
async function expectStuckPassSees(orders: Record<'due' | 'partly' | 'flagged', Written>) {
  expect(await recomputeStuck(t.core)).toEqual({ became_stuck: 2, cleared: 1 });
  const events = (await t.sql
    .prepare("select data from events where type = 'order.stuck'")
    .all()) as { data: string }[];
  const stuck = [orders.due.id, orders.partly.id].sort().reverse();
  expect(
    events
      .map((e) => JSON.parse(e.data).order_id as string)
      .sort()
      .reverse(),
  ).toEqual(stuck);
  expect(await listed('/v1/orders?stuck=true')).toEqual(stuck);
  expect((await t.request('GET', `/v1/orders/${orders.flagged.id}`)).json()).toMatchObject({
    stuck: false,
  });
}

/** A portal session of a buyer of ACME. */
async function portalToken(): Promise<string> {
  const user = await t.request('POST', `/v1/retailers/${acme.id}/users`, {
    body: { email: 'bea@acme.test', name: 'Bea', role: 'buyer', password: 'portal password 1' },
  });
  expect(user.statusCode, user.body).toBe(200);
  const login = await t.request('POST', '/v1/portal/auth/login', {
    token: null,
    body: { email: 'bea@acme.test', password: 'portal password 1' },
  });
  expect(login.statusCode, login.body).toBe(200);
  return login.json().token as string;
}

async function pairStation(role: 'produce' | 'stock' | 'dispatch'): Promise<string> {
  const issued = await t.request('POST', '/v1/stations/pairing-codes', {
    body: { name: `${role} station`, role },
  });
  const paired = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: issued.json().code },
  });
  expect(paired.statusCode, paired.body).toBe(200);
  return paired.json().token as string;
}

/** A scan by the station with this token, a millisecond after the last change: its answer. */
async function scanAs(token: string, barcode: string) {
  t.clock.advance(1);
  const res = await t.request('POST', '/v1/scans', { token, body: { barcode } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** List filters each order of the tests passes, alone and together. */
const filterQueries = () => [
  '',
  '?status=awaiting_production',
  '?retailer=ACME',
  `?retailer_id=${acme.id}`,
  '?stuck=false',
  '?needed_by_before=2026-04-01',
  `?updated_since=${since}`,
  // Several filters: the driving index is chosen by counts, the others checked on the rows.
  `?status=awaiting_production&retailer=ACME&needed_by_before=2026-04-01&updated_since=${since}`,
];

describe('an order an upload still hides', () => {
  it('is in no list of orders, whatever the filters, nor counted', async () => {
    for (const query of [...filterQueries(), '?limit=1', '?order_no=PO-1']) {
      expect(await listed(`/v1/orders${query}`), query).toEqual([visible.id]);
    }
    expect(await listed('/v1/orders?order_no=PO-2')).toEqual([]);
    const page = (await t.request('GET', '/v1/orders?limit=1')).json();
    expect(page).toMatchObject({ has_more: false, next_cursor: null });

    const counts = (await t.request('GET', '/v1/order-counts')).json();
    expect(counts.statuses).toContainEqual({
      status: 'awaiting_production',
      count: 1,
      exact: true,
    });
    expect(counts.stuck).toEqual({ count: 0, exact: true });
  });

  it('is not found by id or number, exactly as an order that does not exist', async () => {
    const before = await storedRows(hidden.id);
    const cases: [method: 'GET' | 'POST', path: (id: string) => string][] = [
      ['GET', (id) => `/v1/orders/${id}`],
      ['GET', (id) => `/v1/orders/${id}/labels?format=zpl`],
      ['GET', (id) => `/v1/orders/${id}/voided-labels`],
      ['POST', (id) => `/v1/orders/${id}/cancel`],
    ];
    for (const [method, path] of cases) {
      const unknown = notFoundShape(await t.request(method, path(UNKNOWN_ORDER)), UNKNOWN_ORDER);
      for (const asked of [hidden.id, hidden.orderNo]) {
        const res = await t.request(method, path(asked));
        expect(notFoundShape(res, asked), `${method} ${path(asked)}`).toEqual(unknown);
      }
    }
    const label = (barcode: string) =>
      t.request('GET', `/v1/items/${encodeURIComponent(barcode)}/label?format=zpl`);
    expect(notFoundShape(await label(hidden.barcodes[0]!), hidden.barcodes[0]!)).toEqual(
      notFoundShape(await label(UNKNOWN_BARCODE), UNKNOWN_BARCODE),
    );
    // Nothing was printed, cancelled or recomputed.
    expect(await storedRows(hidden.id)).toEqual(before);
    // The number is taken all the same: the upload holds it.
    const taken = await t.request('POST', '/v1/orders', {
      body: {
        order_no: 'PO-2',
        retailer_id: acme.id,
        lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: 1 }],
      },
    });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().error.code).toBe('order_exists');
  });

  it('refuses a scan of its piece as an unknown barcode, and nothing moves', async () => {
    const produce = await pairStation('produce');
    const before = await storedRows(hidden.id);
    const visibleBefore = (await t.request('GET', `/v1/orders/${visible.id}`)).json();
    expect(await scanAs(produce, hidden.barcodes[0]!)).toMatchObject({
      accepted: false,
      reason: 'unknown_barcode',
      barcode: hidden.barcodes[0],
      piece: null,
      order: null,
      message: `Refused: unknown barcode ${hidden.barcodes[0]}`,
    });
    expect(
      await t.sql
        .prepare('select piece_id, order_id, accepted, reason from scans where barcode = ?')
        .all(hidden.barcodes[0]),
    ).toEqual([{ piece_id: null, order_id: null, accepted: 0, reason: 'unknown_barcode' }]);
    expect(await storedRows(hidden.id)).toEqual(before);
    expect((await t.request('GET', `/v1/orders/${visible.id}`)).json()).toEqual(visibleBefore);
  });

  it('cannot have a label voided or a piece returned: refused as for a piece that does not exist', async () => {
    const before = await storedRows(hidden.id);
    const serial = () =>
      t.sql.prepare('select barcode_serial from factories where id = ?').get(t.factoryId);
    const serialBefore = await serial();

    const voidLabel = (barcode: string) =>
      t.request('POST', `/v1/items/${encodeURIComponent(barcode)}/void`, { body: {} });
    expect(notFoundShape(await voidLabel(hidden.barcodes[0]!), hidden.barcodes[0]!)).toEqual(
      notFoundShape(await voidLabel(UNKNOWN_BARCODE), UNKNOWN_BARCODE),
    );

    const returnOf = (body: Record<string, string>) =>
      t.request('POST', '/v1/returns', { body: { ...body, reason: 'torn' } });
    expect(
      notFoundShape(await returnOf({ barcode: hidden.barcodes[0]! }), hidden.barcodes[0]!),
    ).toEqual(notFoundShape(await returnOf({ barcode: UNKNOWN_BARCODE }), UNKNOWN_BARCODE));
    expect(
      notFoundShape(await returnOf({ piece_id: hidden.pieceIds[0]! }), hidden.pieceIds[0]!),
    ).toEqual(notFoundShape(await returnOf({ piece_id: UNKNOWN_PIECE }), UNKNOWN_PIECE));

    expect(await storedRows(hidden.id)).toEqual(before);
    expect(await serial()).toEqual(serialBefore);
    expect(await countOf('select count(*) as n from voided_labels')).toBe(0);
    expect(await countOf('select count(*) as n from returns')).toBe(0);
  });

  it('is not on the retailer portal', async () => {
    const token = await portalToken();

    for (const query of [
      '',
      '?status=awaiting_production',
      '?order_no_contains=po',
      `?updated_since=${since}`,
      '?order_no=PO-1',
    ]) {
      expect(await listed(`/v1/portal/orders${query}`, token), query).toEqual([visible.id]);
    }
    expect(await listed('/v1/portal/orders?order_no=PO-2', token)).toEqual([]);

    const unknown = notFoundShape(
      await t.request('GET', `/v1/portal/orders/${UNKNOWN_ORDER}`, { token }),
      UNKNOWN_ORDER,
    );
    for (const asked of [hidden.id, hidden.orderNo]) {
      const res = await t.request('GET', `/v1/portal/orders/${asked}`, { token });
      expect(notFoundShape(res, asked)).toEqual(unknown);
    }

    const csv = await t.request('GET', '/v1/portal/orders.csv', { token });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain(visible.id);
    expect(csv.body).not.toContain(hidden.id);
  });

  it('is left alone by the stuck recompute until it is published', async () => {
    const { due, partly, flagged } = await writeStuckStates();
    const before = await Promise.all([due, partly, flagged].map((o) => storedRows(o.id)));
    t.clock.advance(DAY);

    expect(await recomputeStuck(t.core)).toEqual({ became_stuck: 0, cleared: 0 });
    expect(await Promise.all([due, partly, flagged].map((o) => storedRows(o.id)))).toEqual(before);
    expect(await countOf("select count(*) as n from events where type = 'order.stuck'")).toBe(0);
    expect(await listed('/v1/orders?stuck=true')).toEqual([]);
    expect((await t.request('GET', '/v1/order-counts')).json().stuck).toEqual({
      count: 0,
      exact: true,
    });

    // Published, the next pass makes all three right.
    await publish();
    await expectStuckPassSees({ due, partly, flagged });
  });
});

describe.each(SHOWN)('an order of an upload $state', ({ reach, marked: stillMarked }) => {
  beforeEach(async () => {
    await reach();
  });

  it('is in every list of orders, whatever the filters, and counted', async () => {
    const both = [hidden.id, visible.id];
    for (const query of filterQueries()) {
      expect(await listed(`/v1/orders${query}`), query).toEqual(both);
    }
    expect(await listed('/v1/orders?order_no=PO-2')).toEqual([hidden.id]);
    expect(await listed('/v1/orders?order_no=PO-1')).toEqual([visible.id]);
    const page = (await t.request('GET', '/v1/orders?limit=1')).json();
    expect(page.data.map((o: { id: string }) => o.id)).toEqual([hidden.id]);
    expect(page).toMatchObject({ has_more: true, next_cursor: hidden.id });

    const counts = (await t.request('GET', '/v1/order-counts')).json();
    expect(counts.statuses).toContainEqual({
      status: 'awaiting_production',
      count: 2,
      exact: true,
    });
    // Reading changed nothing: the state is still the one under test.
    expect(await marked()).toBe(stillMarked ? 1 : 0);
  });

  it('is found by id and number: its answer, labels and voided labels; it can be cancelled', async () => {
    for (const asked of [hidden.id, hidden.orderNo]) {
      const order = await t.request('GET', `/v1/orders/${asked}`);
      expect(order.statusCode, order.body).toBe(200);
      expect(order.json()).toMatchObject({ id: hidden.id, order_no: 'PO-2', retailer_id: acme.id });
      expect(order.json().pieces.map((p: { barcode: string }) => p.barcode)).toEqual(
        hidden.barcodes,
      );
      const labels = await t.request('GET', `/v1/orders/${asked}/labels?format=zpl`);
      expect(labels.statusCode, labels.body).toBe(200);
      expect(labels.headers['x-label-count']).toBe(String(hidden.barcodes.length));
      const voided = await t.request('GET', `/v1/orders/${asked}/voided-labels`);
      expect(voided.statusCode, voided.body).toBe(200);
      expect(voided.json().data).toEqual([]);
    }
    const label = await t.request(
      'GET',
      `/v1/items/${encodeURIComponent(hidden.barcodes[0]!)}/label?format=zpl`,
    );
    expect(label.statusCode, label.body).toBe(200);

    const cancelled = await t.request('POST', `/v1/orders/${hidden.orderNo}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: hidden.id, status: 'cancelled' });
  });

  it('has its barcodes scanned', async () => {
    const produce = await pairStation('produce');
    expect(await scanAs(produce, hidden.barcodes[0]!)).toMatchObject({
      accepted: true,
      piece: { barcode: hidden.barcodes[0], status: 'produced' },
      order: { order_no: 'PO-2' },
    });
    // A station is shown the order's number only; the order itself moved on.
    const order = (await t.sql
      .prepare('select status from orders where id = ?')
      .get(hidden.id)) as { status: string };
    expect(order.status).toBe('in_production');
  });

  it('can have a label voided and a dispatched piece returned', async () => {
    const voided = await t.request(
      'POST',
      `/v1/items/${encodeURIComponent(hidden.barcodes[0]!)}/void`,
      { body: {} },
    );
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().order_id).toBe(hidden.id);

    // Dispatched as a station would have it (the scans are another test's subject).
    await t.sql
      .prepare("update pieces set status = 'dispatched' where id = ?")
      .run(hidden.pieceIds[1]);
    const returned = await t.request('POST', '/v1/returns', {
      body: { barcode: hidden.barcodes[1], reason: 'torn' },
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({ order_id: hidden.id, order_no: 'PO-2' });
    const listedReturns = (await t.request('GET', '/v1/returns')).json();
    expect(listedReturns.data.map((r: { order_no: string }) => r.order_no)).toEqual(['PO-2']);
  });

  it('is on the retailer portal', async () => {
    const token = await portalToken();
    for (const query of ['', '?status=awaiting_production', '?order_no_contains=po']) {
      expect(await listed(`/v1/portal/orders${query}`, token), query).toEqual([
        hidden.id,
        visible.id,
      ]);
    }
    expect(await listed('/v1/portal/orders?order_no=PO-2', token)).toEqual([hidden.id]);
    for (const asked of [hidden.id, hidden.orderNo]) {
      const res = await t.request('GET', `/v1/portal/orders/${asked}`, { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().id).toBe(hidden.id);
    }
    const csv = await t.request('GET', '/v1/portal/orders.csv', { token });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain(hidden.id);
  });

  it('is seen by the stuck recompute', async () => {
    const orders = await writeStuckStates();
    // Written after the state was reached: bring them to it too.
    await reach();
    await expectStuckPassSees(orders);
  });
});

describe("a list by needed_by date with an upload's orders on some dates", () => {
  /**
   * Enough matches that no filter's index is read whole (more than 2,000), and a newest thousand
   * orders without a date, so the page is read date by date (list-orders.ts, readByDay). The
   * newest orders needed before April are the upload's, all on one date of their own; the next
   * two dates have one order each.
   */
  async function writeDates() {
    const older = await writeOrders(
      Array.from({ length: 2_100 }, (_, i) => `OLD-${i}`),
      { neededBy: '2026-03-01', pieces: 1 },
    );
    const [third] = await writeOrders(['D-3'], { neededBy: '2026-03-02', pieces: 1 });
    const [second] = await writeOrders(['D-2'], { neededBy: '2026-03-03', pieces: 1 });
    const uploaded = await writeOrders(['D-1A', 'D-1B'], {
      neededBy: '2026-03-04',
      hiddenBy: uploadId,
      pieces: 1,
    });
    await writeOrders(
      Array.from({ length: 1_000 }, (_, i) => `NEW-${i}`),
      { neededBy: null, pieces: 1 },
    );
    const newestFirst = (orders: readonly Written[]) =>
      orders
        .map((o) => o.id)
        .sort()
        .reverse();
    return {
      older: newestFirst(older),
      third: third!.id,
      second: second!.id,
      uploaded: newestFirst(uploaded),
    };
  }

  /** Two pages of two orders needed before April. */
  async function twoPages() {
    const url = '/v1/orders?needed_by_before=2026-04-01&limit=2';
    const first = (await t.request('GET', url)).json();
    const next = (await t.request('GET', `${url}&starting_after=${first.next_cursor}`)).json();
    expect([first.has_more, next.has_more]).toEqual([true, true]);
    return [first, next].map((page) => page.data.map((o: { id: string }) => o.id));
  }

  it('pages the visible orders of the other dates, newest first, as if the hidden ones did not exist', async () => {
    const dates = await writeDates();
    expect(await twoPages()).toEqual([[dates.second, dates.third], dates.older.slice(0, 2)]);
  });

  it('pages the orders of a published upload whose marks are not yet cleared like any other', async () => {
    const dates = await writeDates();
    await publish();
    expect(await twoPages()).toEqual([dates.uploaded, [dates.second, dates.third]]);
  });
});
