import { sqliteOf } from '../../helpers/dialect.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOrders, type OrderFilters } from '../../../src/core/orders/list-orders.js';
import { createRetailer } from '../../../src/core/retailers/retailers.js';
import { DAY } from '../../../src/domain/clock.js';
import { newId } from '../../../src/domain/ids.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';

/**
 * listOrders picks the index that reads each page from counts of matches, so a filter takes a
 * different path at a few thousand orders than at a few. At this size every path is taken
 * (counts past the probe, walks that fill the page and walks that give up, the date-by-date
 * read), and every page must be exactly what a plain query returns.
 */
let t: TestApp;
const retailers: string[] = [];
const ORDERS = 9_000;
const start = Date.parse('2024-01-01T00:00:00.000Z');

beforeAll(async () => {
  t = await makeTestApp({});
  t.clock.set(new Date(start + 400 * DAY));
  for (let i = 0; i < 3; i++) {
    retailers.push(
      (await createRetailer(t.core, t.factoryId, { name: `R${i}`, code: `R${i}` })).id,
    );
  }
  const insertOrder = sqliteOf(t.store).prepare(
    `insert into orders (id, factory_id, retailer_id, order_no, status, source, needed_by, items,
       pieces_total, piece_states, stuck, created_at, updated_at)
     values (?, ?, ?, ?, ?, 'api', ?, 'S', 1, '["awaiting_production"]', ?, ?, ?)`,
  );
  const insertLine = sqliteOf(t.store).prepare(
    `insert into order_lines (id, factory_id, order_id, line_no, sku, colour, qty, pieces_per_unit)
     values (?, ?, ?, 1, 'S', null, 1, 1)`,
  );
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  sqliteOf(t.store).transaction(() => {
    for (let i = 0; i < ORDERS; i++) {
      const created = start + i * (400 / ORDERS) * DAY;
      const id = newId('order', new Date(created));
      const old = i < ORDERS * 0.8;
      const status = old
        ? rand() < 0.9
          ? 'dispatched'
          : 'in_stock'
        : ['awaiting_production', 'in_production', 'in_stock'][i % 3]!;
      const neededBy =
        rand() < 0.05
          ? null
          : new Date(created + (5 + rand() * 30) * DAY).toISOString().slice(0, 10);
      const updated = rand() < 0.02 ? start + 399 * DAY : created + rand() * 10 * DAY;
      insertOrder.run(
        id,
        t.factoryId,
        retailers[i % 3],
        `PO-${i % 6001}`,
        status,
        neededBy,
        status === 'in_stock' && rand() < 0.5 ? 1 : 0,
        new Date(created).toISOString(),
        new Date(updated).toISOString(),
      );
      insertLine.run(newId('orderLine', new Date(created)), t.factoryId, id);
    }
  })();
});
afterAll(async () => {
  await t.close();
});

/** The reference: the filters as one plain query, newest first. */
function expected(f: OrderFilters): string[] {
  const where: string[] = ['factory_id = ?'];
  const args: unknown[] = [t.factoryId];
  const add = (sql: string, value: unknown) => {
    where.push(sql);
    args.push(value);
  };
  if (f.status) add('status = ?', f.status);
  if (f.retailer_id) add('retailer_id = ?', f.retailer_id);
  if (f.stuck !== undefined) add('stuck = ?', f.stuck ? 1 : 0);
  if (f.needed_by_before) add('needed_by < ?', f.needed_by_before);
  if (f.updated_since) add('updated_at >= ?', f.updated_since);
  if (f.order_no) add('order_no = ?', f.order_no);
  if (f.order_no_contains) add('instr(lower(order_no), ?) > 0', f.order_no_contains.toLowerCase());
  const rows = sqliteOf(t.store)
    .prepare(`select id from orders where ${where.join(' and ')} order by id desc`)
    .all(...args) as { id: string }[];
  return rows.map((r) => r.id);
}

async function everyPage(f: OrderFilters, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 10; pages++) {
    const page = await listOrders(t.core, t.factoryId, { limit, starting_after: cursor, ...f });
    ids.push(...page.data.map((o) => o.id));
    if (!page.next_cursor) return ids;
    cursor = page.next_cursor;
  }
  return ids;
}

describe('listOrders at a few thousand orders', () => {
  const cases: [string, () => OrderFilters][] = [
    ['no filter', () => ({})],
    ['status, common', () => ({ status: 'dispatched' })],
    ['status, rare', () => ({ status: 'in_production' })],
    ['retailer and status', () => ({ retailer_id: retailers[1], status: 'in_stock' })],
    ['stuck', () => ({ stuck: true })],
    ['order_no used twice', () => ({ order_no: 'PO-17' })],
    ['needed_by_before, recent (dense)', () => ({ needed_by_before: '2025-02-01' })],
    ['needed_by_before, far back (sparse at the top)', () => ({ needed_by_before: '2024-06-01' })],
    ['needed_by_before, the first weeks only', () => ({ needed_by_before: '2024-01-20' })],
    ['needed_by_before + status', () => ({ needed_by_before: '2024-06-01', status: 'in_stock' })],
    [
      'needed_by_before + a status common only in the past',
      () => ({ needed_by_before: '2024-06-01', status: 'dispatched' }),
    ],
    [
      'needed_by_before, past the last page',
      () => ({ needed_by_before: '2024-05-01', status: 'dispatched' }),
    ],
    [
      'needed_by_before + retailer + stuck',
      () => ({ needed_by_before: '2024-09-01', retailer_id: retailers[2], stuck: true }),
    ],
    ['updated_since, lately', () => ({ updated_since: new Date(start + 398 * DAY).toISOString() })],
    [
      'updated_since, long ago',
      () => ({ updated_since: new Date(start + 30 * DAY).toISOString() }),
    ],
    [
      'updated_since + needed_by_before',
      () => ({
        updated_since: new Date(start + 398 * DAY).toISOString(),
        needed_by_before: '2024-08-01',
      }),
    ],
    ['order_no_contains alone', () => ({ order_no_contains: 'o-17' })],
    [
      'order_no_contains + retailer + status',
      () => ({ order_no_contains: '-5', retailer_id: retailers[0], status: 'dispatched' }),
    ],
    [
      'order_no_contains + needed_by_before, far back',
      () => ({ order_no_contains: '9', needed_by_before: '2024-06-01', status: 'dispatched' }),
    ],
    [
      'order_no_contains + updated_since',
      () => ({ order_no_contains: '1', updated_since: new Date(start + 30 * DAY).toISOString() }),
    ],
    [
      'order_no_contains + needed_by_before alone (read date by date)',
      () => ({ order_no_contains: '9', needed_by_before: '2024-06-01' }),
    ],
    ['order_no_contains, nothing matches', () => ({ order_no_contains: 'PO-99999' })],
  ];
  it.each(cases)('%s: the first pages are what a plain query returns', async (_name, filters) => {
    const f = filters();
    const want = expected(f);
    const got = await everyPage(f, 25);
    expect(got).toEqual(want.slice(0, got.length));
    expect(got.length).toBe(Math.min(want.length, 250));
  });
});
