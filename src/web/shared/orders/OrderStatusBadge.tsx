import {
  ORDER_STATUS_LABELS,
  PIECE_STATUS_LABELS,
  type OrderStatus,
  type PieceStatus,
} from './order-status.js';

/**
 * An order's status in words, on its colour (never colour alone). The factory's words unless a
 * face speaks to someone else (the portal passes the retailer's words).
 */
export function OrderStatusBadge({
  status,
  words = ORDER_STATUS_LABELS,
}: {
  status: OrderStatus;
  words?: Readonly<Record<OrderStatus, string>>;
}) {
  return <span className={`badge status-${status}`}>{words[status]}</span>;
}

/** A piece's status in words, on its colour; with `count`, how many pieces are in it ("3 Made"). */
export function PieceStatusBadge({
  status,
  count,
  words = PIECE_STATUS_LABELS,
}: {
  status: PieceStatus;
  count?: number;
  words?: Readonly<Record<PieceStatus, string>>;
}) {
  if (count === undefined) return <span className={`badge piece-${status}`}>{words[status]}</span>;
  return (
    <span className={`badge piece-${status}`}>
      {count} {words[status]}
    </span>
  );
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
