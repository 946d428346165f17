import { Link } from 'react-router';
import { OrderStatusBadge } from '../../shared/orders/OrderStatusBadge.js';
import { PiecesProgress } from '../ui/PieceProgress.js';
import { formatDate, formatDay } from '../../shared/format.js';
import type { PortalOrderItem } from './order-types.js';
import { usePortalT } from '../portal-i18n.js';

/**
 * The retailer's orders, one row each. On a phone each row becomes a card: the cells carry
 * their column's name (data-label) for that layout.
 */
export function OrdersTable({ orders, search }: { orders: PortalOrderItem[]; search: string }) {
  const { t, orderStatus } = usePortalT();
  return (
    <div className="table-wrap">
      <table className="data-table orders-table">
        <caption className="visually-hidden">{t('orders.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orders.order')}</th>
            <th scope="col">{t('orders.status')}</th>
            <th scope="col">{t('orders.progress')}</th>
            <th scope="col">{t('orders.needed_by')}</th>
            <th scope="col">{t('orders.dispatched_on')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row" data-label={t('orders.order')}>
                <Link to={`/orders/${order.id}`} state={{ listSearch: search }}>
                  {order.order_no}
                </Link>
                <span className="order-items">{order.items}</span>
              </th>
              <td data-label={t('orders.status')}>
                <OrderStatusBadge status={order.status} words={orderStatus} />
              </td>
              <td data-label={t('orders.progress')}>
                <PiecesProgress of={order} />
              </td>
              <td data-label={t('orders.needed_by')}>{formatDate(order.needed_by)}</td>
              <td data-label={t('orders.dispatched_on')}>{formatDay(order.dispatched_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
