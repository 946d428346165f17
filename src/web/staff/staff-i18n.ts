import { useTranslation } from 'react-i18next';
import type { OrderStatus } from '../shared/orders/order-status.js';

/** The catalog's words for each order status, as the factory says them. */
const ORDER_STATUS_KEYS: Record<OrderStatus, string> = {
  awaiting_production: 'order_status.awaiting_production',
  in_production: 'order_status.in_production',
  produced: 'order_status.produced',
  in_stock: 'order_status.in_stock',
  partially_dispatched: 'order_status.partially_dispatched',
  dispatched: 'order_status.dispatched',
  cancelled: 'order_status.cancelled',
};

/** The staff app's `t`, and its order status words in the page's language. */
export function useStaffT() {
  const { t } = useTranslation('staff');
  const orderStatus = Object.fromEntries(
    Object.entries(ORDER_STATUS_KEYS).map(([k, key]) => [k, t(key)]),
  ) as Record<OrderStatus, string>;
  return { t, orderStatus };
}
