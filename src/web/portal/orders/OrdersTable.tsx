import { Link } from 'react-router';
import { OrderStatusBadge } from '../../shared/orders/OrderStatusBadge.js';
import { PiecesProgress } from '../ui/PieceProgress.js';
import { formatDate, formatDay } from '../../shared/format.js';
import { RETAILER_ORDER_STATUS, type PortalOrderItem } from './order-types.js';

/**
 * The retailer's orders, one row each. On a phone each row becomes a card: the cells carry
 * their column's name (data-label) for that layout.
 */
export function OrdersTable({ orders, search }: { orders: PortalOrderItem[]; search: string }) {
  return (
    <div className="table-wrap">
      <table className="data-table orders-table">
        <caption className="visually-hidden">Your orders, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Status</th>
            <th scope="col">Progress</th>
            <th scope="col">Needed by</th>
            <th scope="col">Dispatched on</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row" data-label="Order">
                <Link to={`/orders/${order.id}`} state={{ listSearch: search }}>
                  {order.order_no}
                </Link>
                <span className="order-items">{order.items}</span>
              </th>
              <td data-label="Status">
                <OrderStatusBadge status={order.status} words={RETAILER_ORDER_STATUS} />
              </td>
              <td data-label="Progress">
                <PiecesProgress of={order} />
              </td>
              <td data-label="Needed by">{formatDate(order.needed_by)}</td>
              <td data-label="Dispatched on">{formatDay(order.dispatched_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
