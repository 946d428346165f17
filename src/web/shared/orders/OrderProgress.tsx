import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format.js';
import type { OrderListItem } from './order-status.js';

type Counts = Pick<
  OrderListItem,
  'pieces_total' | 'pieces_scanned' | 'pieces_in_stock' | 'pieces_dispatched'
>;

/**
 * Pieces produced, in stock and dispatched as one compact bar, with the numbers in words beside
 * it (and as its accessible name). A piece in stock or dispatched was produced first, so the
 * produced segment is what has not moved on yet.
 */
export function OrderProgress({ order }: { order: Counts }) {
  const { t } = useTranslation('common');
  const total = Math.max(order.pieces_total, 1);
  const dispatched = order.pieces_dispatched;
  const inStock = order.pieces_in_stock;
  const producedOnly = Math.max(0, order.pieces_scanned - inStock - dispatched);
  const pct = (n: number) => `${(100 * n) / total}%`;
  const words = t('orders.progress', {
    produced: formatNumber(order.pieces_scanned),
    total: formatNumber(order.pieces_total),
    stock: formatNumber(inStock),
    dispatched: formatNumber(dispatched),
  });
  return (
    <div className="progress" role="img" aria-label={words} title={words}>
      <div className="progress-bar" aria-hidden="true">
        <span className="progress-dispatched" style={{ width: pct(dispatched) }} />
        <span className="progress-in-stock" style={{ width: pct(inStock) }} />
        <span className="progress-produced" style={{ width: pct(producedOnly) }} />
      </div>
      <span className="progress-text" aria-hidden="true">
        {formatNumber(order.pieces_scanned)}/{formatNumber(order.pieces_total)}
        {inStock > 0 && <> · {t('orders.progress_stock', { count: inStock })}</>}
        {dispatched > 0 && <> · {t('orders.progress_sent', { count: dispatched })}</>}
      </span>
    </div>
  );
}
