import type { ApiResponse } from '../api/types.js';

/** An order in a list, as GET /v1/orders answers it. */
export type OrderListItem = ApiResponse<'/v1/orders', 'get'>['data'][number];
export type OrderStatus = OrderListItem['status'];
export type PieceStatus = OrderListItem['piece_states'][number];

/** Order statuses in lifecycle order, with the words people read. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_production: 'Awaiting production',
  in_production: 'In production',
  produced: 'Produced',
  in_stock: 'In stock',
  partially_dispatched: 'Partially dispatched',
  dispatched: 'Dispatched',
  cancelled: 'Cancelled',
};

export const ORDER_STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];

export const PIECE_STATUS_LABELS: Record<PieceStatus, string> = {
  awaiting_production: 'Awaiting production',
  produced: 'Produced',
  in_stock: 'In stock',
  dispatched: 'Dispatched',
  returned: 'Returned',
  written_off: 'Written off',
  cancelled: 'Cancelled',
};

export const PIECE_STATUSES = Object.keys(PIECE_STATUS_LABELS) as PieceStatus[];

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
