import type { ApiResponse } from '../api/types.js';

/** The statuses in lifecycle order: the domain's lists, one source for every face. */
export { ORDER_STATUSES, PIECE_STATUSES } from '../../../domain/order-status.js';

/** An order in a list, as GET /v1/orders answers it. */
export type OrderListItem = ApiResponse<'/v1/orders', 'get'>['data'][number];
export type OrderStatus = OrderListItem['status'];
export type PieceStatus = OrderListItem['piece_states'][number];

/**
 * The catalog key of each order status: the staff catalog (staff app, board) and the portal's
 * have one each, under the same keys (docs/languages.md).
 */
export const ORDER_STATUS_KEYS: Record<OrderStatus, string> = {
  awaiting_production: 'order_status.awaiting_production',
  in_production: 'order_status.in_production',
  produced: 'order_status.produced',
  in_stock: 'order_status.in_stock',
  partially_dispatched: 'order_status.partially_dispatched',
  dispatched: 'order_status.dispatched',
  cancelled: 'order_status.cancelled',
};

/** Each of `keys` in the words `t` gives: a face's status words in the page's language. */
export function wordsOf<K extends string>(
  t: (key: string) => string,
  keys: Record<K, string>,
): Record<K, string> {
  return Object.fromEntries(Object.entries<string>(keys).map(([k, key]) => [k, t(key)])) as Record<
    K,
    string
  >;
}

/** True when an order needed by `neededBy` (`YYYY-MM-DD`) is late on `today` and not done. */
export function isOverdue(
  order: Pick<OrderListItem, 'needed_by' | 'status'>,
  today: string,
): boolean {
  return (
    order.needed_by !== null &&
    order.needed_by < today &&
    order.status !== 'dispatched' &&
    order.status !== 'cancelled'
  );
}
