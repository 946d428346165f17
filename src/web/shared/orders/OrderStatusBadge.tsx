import {
  ORDER_STATUS_LABELS,
  PIECE_STATUS_LABELS,
  type OrderStatus,
  type PieceStatus,
} from './order-status.js';

/** An order's status in words, on its colour (never colour alone). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge status-${status}`}>{ORDER_STATUS_LABELS[status]}</span>;
}

/** A piece's status in words, on its colour. */
export function PieceStatusBadge({ status }: { status: PieceStatus }) {
  return <span className={`badge piece-${status}`}>{PIECE_STATUS_LABELS[status]}</span>;
}

/**
 * The stuck flag: an order that needs a person's attention, with why when the page knows
 * ("Part dispatched", "Produced 9 days ago, not dispatched").
 */
export function StuckBadge({ why }: { why?: string | null }) {
  return (
    <span className="badge stuck" title="Stuck: produced but not moving, or partly dispatched">
      ⚠ {why ? <span className="visually-hidden">Stuck: </span> : null}
      {why ?? 'Stuck'}
    </span>
  );
}
