import { ORDER_STATUSES, type OrderStatus } from '../../domain/order-status.js';
import { cappedOrderCounts } from '../../store/orders/order-counts.js';
import type { CoreContext } from '../context.js';

/** Counting stops here: a count this high reads "10,000 or more" and costs no more to make. */
export const ORDER_COUNT_LIMIT = 10_000;

/** A count that may have stopped at the limit: `exact: false` means at least `count`. */
export interface BoundedCount {
  count: number;
  exact: boolean;
}

export interface OrderCounts {
  object: 'order_counts';
  limit: number;
  /** Every status, in lifecycle order, zero ones included. */
  statuses: Array<{ status: OrderStatus } & BoundedCount>;
  /** Orders whose stored stuck flag is set: what `GET /v1/orders?stuck=true` lists. */
  stuck: BoundedCount;
}

/**
 * GET /v1/order-counts: how many of the factory's orders are in each status, and how many are
 * stuck, for a dashboard's tabs. Each count reads at most ORDER_COUNT_LIMIT + 1 entries of the
 * (factory, status) or (factory, stuck) index, so the answer costs the same on a million orders
 * as on a thousand; past the limit a count says so (`exact: false`). One statement, so the
 * counts agree with each other. Orders an upload still hides are not counted, as no list shows
 * them: the mark is in no index, so each entry's row is checked, and the few hidden entries are
 * read past.
 */
export async function countOrders(ctx: CoreContext, factoryId: string): Promise<OrderCounts> {
  const counts = await cappedOrderCounts(ctx.db, factoryId, ORDER_COUNT_LIMIT);
  const bounded = (n: number): BoundedCount => {
    return n > ORDER_COUNT_LIMIT
      ? { count: ORDER_COUNT_LIMIT, exact: false }
      : { count: n, exact: true };
  };
  return {
    object: 'order_counts',
    limit: ORDER_COUNT_LIMIT,
    statuses: ORDER_STATUSES.map((status) => ({ status, ...bounded(counts.statuses[status]) })),
    stuck: bounded(counts.stuck),
  };
}
