import type { ApiResponse } from '../api/types.js';

/** The statuses in lifecycle order: the domain's lists, one source for every face. */
export { ORDER_STATUSES, PIECE_STATUSES } from '../../../domain/order-status.js';

/** An order in a list, as GET /v1/orders answers it. */
export type OrderListItem = ApiResponse<'/v1/orders', 'get'>['data'][number];
export type OrderStatus = OrderListItem['status'];
export type PieceStatus = OrderListItem['piece_states'][number];

/**
 * Order statuses in the factory's English words, for the board (the staff app and the portal take
 * theirs from their catalogs: `useStaffT`, `usePortalT`).
 */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_production: 'Awaiting production',
  in_production: 'In production',
  produced: 'Produced',
  in_stock: 'In stock',
  partially_dispatched: 'Partially dispatched',
  dispatched: 'Dispatched',
  cancelled: 'Cancelled',
};

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
