import { Link } from 'react-router';
import { formatAgo, formatDate } from '../../shared/format.js';
import { isOverdue, type OrderListItem } from '../../shared/orders/order-status.js';
import { OrderProgress } from '../../shared/orders/OrderProgress.js';
import { OrderStatusBadge, StuckBadge } from '../../shared/orders/OrderStatusBadge.js';
import { useOrderWords } from './order-words.js';
import { stuckWords } from './stuck-words.js';

/**
 * The orders of one page. Rows are keyed by order id, so a refresh updates them in place: focus,
 * text selection and scroll stay where they were.
 */
export function OrdersTable({
  orders,
  today,
  now,
}: {
  orders: OrderListItem[];
  today: string;
  now: number;
}) {
  const { t, orderStatus } = useOrderWords();
  return (
    <div className="table-wrap">
      <table className="data-table orders-table">
        <caption className="visually-hidden">{t('orders.table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('orders.table.order')}</th>
            <th scope="col">{t('orders.table.status')}</th>
            <th scope="col">{t('orders.table.retailer')}</th>
            <th scope="col">{t('orders.table.items')}</th>
            <th scope="col">{t('orders.table.pieces')}</th>
            <th scope="col">{t('orders.table.needed_by')}</th>
            <th scope="col">{t('orders.table.updated')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const overdue = isOverdue(order, today);
            return (
              <tr key={order.id} className={overdue ? 'overdue' : undefined}>
                <th scope="row">
                  <Link to={`/orders/${order.id}`}>{order.order_no}</Link>
                </th>
                <td>
                  <span className="status-cell">
                    <OrderStatusBadge status={order.status} words={orderStatus} />
                    {order.stuck && <StuckBadge why={stuckWords(order, now, t)} />}
                  </span>
                </td>
                <td>{order.retailer_name}</td>
                <td className="items-cell">{order.items}</td>
                <td>
                  <OrderProgress order={order} />
                </td>
                <td className={overdue ? 'overdue-date' : undefined}>
                  {formatDate(order.needed_by)}
                  {overdue && <span className="overdue-tag"> {t('orders.overdue')}</span>}
                </td>
                <td className="nowrap">{formatAgo(order.updated_at, now)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
