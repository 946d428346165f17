import type { Kysely } from 'kysely';
import { PreparedQuery, type Param } from '../prepared-query.js';
import type { DB, OrderLineTable, OrderTable } from '../schema.js';
import { orderIsVisible } from './order-visibility.js';

/** An order row with what every order answer needs from other tables. */
export interface OrderRow extends Omit<OrderTable, 'hidden_by_upload'> {
  retailer_name: string;
  retailer_code: string;
  /** The factory's setting, for `stuck` at read time. */
  stuck_after_days: number;
}

export type LineRow = Pick<
  OrderLineTable,
  'order_id' | 'line_no' | 'sku' | 'colour' | 'qty' | 'pieces_per_unit' | 'piece_names'
>;

const LINE_COLUMNS = [
  'order_id',
  'line_no',
  'sku',
  'colour',
  'qty',
  'pieces_per_unit',
  'piece_names',
] as const;

/**
 * Orders joined with their retailer and the factory's settings: one query gives everything an
 * order answer shows apart from lines, pieces and scans. Callers add the factory filter.
 *
 * An order an upload has written but not yet published (`orderIsVisible`) is left out, as if it
 * did not exist, and so every answer built on these rows and every change that finds its order
 * here (a cancel, a label run, a recompute) leaves it alone. No index has the mark: the condition
 * is checked on the rows the caller's conditions find, whichever index finds them.
 */
function selectOrderRows(db: Kysely<DB>) {
  return db
    .selectFrom('orders as o')
    .innerJoin('retailers as r', 'r.id', 'o.retailer_id')
    .innerJoin('settings as s', 's.factory_id', 'o.factory_id')
    .selectAll('o')
    .select(['r.name as retailer_name', 'r.code as retailer_code', 's.stuck_after_days'])
    .where(orderIsVisible('o'));
}

/** One order row of a factory by id: read by every scan (prepared once). */
export const orderRowById = new PreparedQuery(
  (db, p: Param<{ factoryId: string; orderId: string }>) =>
    selectOrderRows(db).where('o.factory_id', '=', p('factoryId')).where('o.id', '=', p('orderId')),
);

/** A factory's order by id (of one retailer when `retailerId` is given); undefined when hidden. */
export function findOrderRowById(
  db: Kysely<DB>,
  factoryId: string,
  orderId: string,
  retailerId?: string,
): Promise<OrderRow | undefined> {
  return selectOrderRows(db)
    .where('o.factory_id', '=', factoryId)
    .$if(retailerId !== undefined, (qb) => qb.where('o.retailer_id', '=', retailerId!))
    .where('o.id', '=', orderId)
    .executeTakeFirst();
}

/** Up to `limit` of a factory's orders with this number (of one retailer when given). */
export function findOrderRowsByNumber(
  db: Kysely<DB>,
  factoryId: string,
  orderNo: string,
  options: { retailerId?: string | undefined; limit: number },
): Promise<OrderRow[]> {
  const { retailerId } = options;
  return selectOrderRows(db)
    .where('o.factory_id', '=', factoryId)
    .$if(retailerId !== undefined, (qb) => qb.where('o.retailer_id', '=', retailerId!))
    .where('o.order_no', '=', orderNo)
    .limit(options.limit)
    .execute();
}

/** Orders by id, newest first (of any factory when `factoryId` is null); hidden ones left out. */
export function orderRowsByIds(
  db: Kysely<DB>,
  factoryId: string | null,
  ids: readonly string[],
): Promise<OrderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectOrderRows(db)
    .$if(factoryId !== null, (qb) => qb.where('o.factory_id', '=', factoryId!))
    .where('o.id', 'in', ids)
    .orderBy('o.id', 'desc')
    .execute();
}

/**
 * The lines of some orders, in line order, grouped by order id. Callers pass the ids of orders
 * they found visible (`findOrderRowById` and the others here), so the lines of a hidden order are never asked for.
 */
export async function loadLines(
  db: Kysely<DB>,
  factoryId: string,
  orderIds: readonly string[],
): Promise<Map<string, LineRow[]>> {
  const byOrder = new Map<string, LineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('order_lines')
    .select(LINE_COLUMNS)
    .where('factory_id', '=', factoryId)
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('line_no')
    .execute();
  for (const row of rows) {
    const list = byOrder.get(row.order_id);
    if (list) list.push(row);
    else byOrder.set(row.order_id, [row]);
  }
  return byOrder;
}

const linesOfOrder = new PreparedQuery((db, p: Param<{ factoryId: string; orderId: string }>) =>
  db
    .selectFrom('order_lines')
    .select(LINE_COLUMNS)
    .where('factory_id', '=', p('factoryId'))
    .where('order_id', '=', p('orderId'))
    .orderBy('line_no'),
);

/** How many orders' lines are kept: the orders being worked on, many times over. */
const LINES_CACHE_SIZE = 4096;

/**
 * The lines of orders, kept in a bounded cache (recently used first). Lines are written once
 * with their order and never change, and order ids are never reused, so a scan's answer shows
 * its order's lines without reading them again. Lines read inside a transaction that is then
 * rolled back belong to an id that no order will ever have. One per database, built with the
 * core context.
 */
export class OrderLines {
  readonly #cache = new Map<string, { factoryId: string; lines: readonly LineRow[] }>();
  readonly #size: number;

  constructor(size = LINES_CACHE_SIZE) {
    this.#size = size;
  }

  /** The lines of one order, in line order (none for an order not of this factory). */
  async of(db: Kysely<DB>, factoryId: string, orderId: string): Promise<readonly LineRow[]> {
    const cache = this.#cache;
    const cached = cache.get(orderId);
    if (cached && cached.factoryId === factoryId) {
      // Map order is insertion order: moving the entry to the end keeps the used ones.
      cache.delete(orderId);
      cache.set(orderId, cached);
      return cached.lines;
    }
    const lines = await linesOfOrder.all(db, { factoryId, orderId });
    if (lines.length === 0) return lines; // not an order of this factory: nothing to keep
    if (cache.size >= this.#size) cache.delete(cache.keys().next().value!);
    cache.set(orderId, { factoryId, lines });
    return lines;
  }

  /** Drops an order's lines from the cache: an amendment changed them. */
  forget(orderId: string): void {
    this.#cache.delete(orderId);
  }
}
