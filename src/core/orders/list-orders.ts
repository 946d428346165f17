import { withForecasts } from '../forecast/forecast.js';
import type { OrderStatus } from '../../domain/order-status.js';
import type { StuckReason } from '../../domain/stuck.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import { invalid, notFound } from '../../domain/errors.js';
import type { CoreContext } from '../context.js';
import { findRetailerById, requireRetailer } from '../retailers/retailers.js';
import { orderPageIds, type Filter } from '../../store/orders/order-page-ids.js';
import { loadLines, orderRowsByIds } from '../../store/orders/order-rows.js';
import { toOrderListItem, type OrderListItem } from './order-view.js';

export interface OrderFilters {
  status?: OrderStatus | undefined;
  retailer_id?: string | undefined;
  /** The stored flag: exact when an order last changed, kept current by the scheduler. */
  stuck?: boolean | undefined;
  /**
   * Stuck orders (the stored flag) stuck for this reason, which follows from the status:
   * `partially_dispatched` is that status, `waiting_since` any other (produced or in stock).
   */
  stuck_reason?: StuckReason | undefined;
  /** `YYYY-MM-DD`: orders needed strictly before that day (orders without a date never match). */
  needed_by_before?: string | undefined;
  /** Any ISO 8601 instant: orders changed at or after it. */
  updated_since?: string | undefined;
  order_no?: string | undefined;
  /**
   * Part of the order number, letters A-Z in either case. No index serves it: it is checked row
   * by row along the page's driving index, so pair it with a selective filter (the portal always
   * has its retailer).
   */
  order_no_contains?: string | undefined;
}

/**
 * GET /v1/orders as the factory's staff and integrations call it. A retailer filter must name a
 * retailer of the factory — `retailer` by id or code, `retailer_id` by id — or the answer is 404:
 * an empty page never stands for a mistyped retailer (an export would quietly export nothing).
 */
export async function listFactoryOrders(
  ctx: CoreContext,
  factoryId: string,
  params: PageParams & OrderFilters & { retailer?: string | undefined },
): Promise<Page<OrderListItem>> {
  const { retailer, ...filters } = params;
  if (retailer !== undefined && filters.retailer_id !== undefined) {
    throw invalid('retailer', 'Give retailer (an id or a code) or retailer_id, not both.');
  }
  if (retailer !== undefined) {
    filters.retailer_id = (await requireRetailer(ctx.db, factoryId, retailer, 'retailer')).id;
  } else if (
    filters.retailer_id !== undefined &&
    !(await findRetailerById(ctx.db, factoryId, filters.retailer_id))
  ) {
    throw notFound('retailer', 'retailer_id', filters.retailer_id, 'id');
  }
  const page = await listOrders(ctx, factoryId, filters);
  return { ...page, data: await withForecasts(ctx, factoryId, page.data) };
}

/**
 * GET /v1/orders: newest first, keyset pages on the id. Items are the list shape (no pieces, no
 * scans) with `stuck` exact at the clock's now.
 *
 * Every filter has an index ending with the id. The page's ids are read first, from the orders
 * table alone, through one index chosen here rather than by the query planner (which, without
 * statistics, readily sorts half the table for a date range): each filter's matches are counted
 * up to PROBE_LIMIT from its index alone, and the filter with the fewest drives the page. An
 * equality filter's index is walked in id order; a date range's index is read whole (at most
 * PROBE_LIMIT ids) and sorted. When every filter matches more than that, the least common
 * equality filter's index (or the table) is walked in id order, where matches are usually dense;
 * with a date range among the filters that walk stops WALK_LIMIT rows deep (the range's matches
 * may all be far back); then an equality filter with at most FULL_WALK_LIMIT matches is walked to
 * its end, or else the range is read from its index: `needed_by` date by date (`readByDay`),
 * `updated_at` whole. The other filters are checked row by row. Then the page's
 * rows are read with their retailers.
 *
 * The reads are the store's (store/orders/order-page-ids.ts), which leaves out orders an upload
 * still hides.
 */
export async function listOrders(
  ctx: CoreContext,
  factoryId: string,
  params: PageParams & OrderFilters,
): Promise<Page<OrderListItem>> {
  const filters: Filter[] = [];
  const add = (column: Filter['column'], op: Filter['op'], value: string | number | undefined) => {
    if (value === undefined) return;
    filters.push({ column, op, value, kind: op === '=' ? 'equality' : 'range' });
  };
  if (params.stuck_reason !== undefined && params.stuck === false) {
    throw invalid('stuck_reason', 'stuck_reason lists stuck orders; leave out stuck=false.');
  }
  const stuck = params.stuck ?? (params.stuck_reason === undefined ? undefined : true);
  add('order_no', '=', params.order_no);
  add('retailer_id', '=', params.retailer_id);
  add('status', '=', params.status);
  add('stuck', '=', stuck === undefined ? undefined : stuck ? 1 : 0);
  add('needed_by', '<', params.needed_by_before);
  add(
    'updated_at',
    '>=',
    params.updated_since === undefined ? undefined : new Date(params.updated_since).toISOString(),
  );

  const page = { startingAfter: params.starting_after, contains: params.order_no_contains };
  const ids = await pageIdsByReason(
    (withFilters) => orderPageIds(ctx.db, factoryId, page, withFilters, params.limit + 1),
    filters,
    params.stuck_reason,
    params.limit + 1,
  );
  if (ids.length === 0) return toPage([], params);

  const rows = await orderRowsByIds(ctx.db, factoryId, ids);
  const lines = await loadLines(ctx.db, factoryId, ids.slice(0, params.limit));
  const now = ctx.clock.now();
  return toPage(rows, params, (row) => toOrderListItem(row, lines.get(row.id) ?? [], now));
}

/**
 * The page's ids with the stuck-reason filter, which the status gives (domain/stuck.ts): a part-
 * dispatched order is stuck for that reason, any other stuck order (produced or in stock) is
 * waiting. So each reason is the stored flag plus equality on an indexed status, and waiting
 * orders are the newest of two such reads, one per status, merged: every read stays one an
 * index answers in id order, as the list's other filters are.
 */
async function pageIdsByReason(
  pageIds: (filters: readonly Filter[]) => Promise<string[]>,
  filters: readonly Filter[],
  reason: StuckReason | undefined,
  limit: number,
): Promise<string[]> {
  if (reason === undefined) return pageIds(filters);
  const withStatus = (status: OrderStatus): Filter[] => [
    ...filters,
    { column: 'status', op: '=', value: status, kind: 'equality' },
  ];
  if (reason === 'partially_dispatched') {
    return pageIds(withStatus('partially_dispatched'));
  }
  const produced = await pageIds(withStatus('produced'));
  const inStock = await pageIds(withStatus('in_stock'));
  return [...produced, ...inStock].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)).slice(0, limit);
}
