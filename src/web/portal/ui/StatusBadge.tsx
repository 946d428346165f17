import {
  RETAILER_ORDER_STATUS,
  RETAILER_PIECE_STATUS,
  type OrderStatus,
  type PieceStatus,
} from '../orders/order-types.js';

/** An order's status in the retailer's words, on its colour (never colour alone). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge status-${status}`}>{RETAILER_ORDER_STATUS[status]}</span>;
}

/** "3 Made": how many pieces are in one status, in the retailer's words. */
export function PieceCountBadge({ status, count }: { status: PieceStatus; count: number }) {
  return (
    <span className={`badge piece-${status}`}>
      {count} {RETAILER_PIECE_STATUS[status]}
    </span>
  );
}
