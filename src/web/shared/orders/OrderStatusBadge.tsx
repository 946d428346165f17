import { useTranslation } from 'react-i18next';
import type { OrderStatus, PieceStatus } from './order-status.js';

/**
 * An order's status in words, on its colour (never colour alone), in the face's words and
 * language: the staff app passes the factory's (`useStaffT`), the portal the retailer's
 * (`usePortalT`).
 */
export function OrderStatusBadge({
  status,
  words,
}: {
  status: OrderStatus;
  words: Readonly<Record<OrderStatus, string>>;
}) {
  return <span className={`badge status-${status}`}>{words[status]}</span>;
}

/** A piece's status in words, on its colour; with `count`, how many pieces are in it ("3 Made"). */
export function PieceStatusBadge({
  status,
  count,
  words,
}: {
  status: PieceStatus;
  count?: number;
  words: Readonly<Record<PieceStatus, string>>;
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
  const { t } = useTranslation('common');
  return (
    <span className="badge stuck" title={t('orders.stuck_title')}>
      ⚠ {why ? <span className="visually-hidden">{t('orders.stuck')}: </span> : null}
      {why ?? t('orders.stuck')}
    </span>
  );
}
