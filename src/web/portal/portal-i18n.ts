import { useTranslation } from 'react-i18next';
import type { OrderStatus, PieceStatus } from './orders/order-types.js';

/** The catalog's words for each order status, as a retailer's buyer says them. */
const ORDER_STATUS_KEYS: Record<OrderStatus, string> = {
  awaiting_production: 'order_status.awaiting_production',
  in_production: 'order_status.in_production',
  produced: 'order_status.produced',
  in_stock: 'order_status.in_stock',
  partially_dispatched: 'order_status.partially_dispatched',
  dispatched: 'order_status.dispatched',
  cancelled: 'order_status.cancelled',
};

/** The catalog's words for each piece status. */
const PIECE_STATUS_KEYS: Record<PieceStatus, string> = {
  awaiting_production: 'piece_status.awaiting_production',
  produced: 'piece_status.produced',
  in_stock: 'piece_status.in_stock',
  dispatched: 'piece_status.dispatched',
  returned: 'piece_status.returned',
  written_off: 'piece_status.written_off',
  cancelled: 'piece_status.cancelled',
};

/** The portal's `t`, and its status words in the page's language. */
export function usePortalT() {
  const { t } = useTranslation('portal');
  const words = <K extends string>(keys: Record<K, string>) =>
    Object.fromEntries(Object.entries(keys).map(([k, key]) => [k, t(key as string)])) as Record<
      K,
      string
    >;
  return { t, orderStatus: words(ORDER_STATUS_KEYS), pieceStatus: words(PIECE_STATUS_KEYS) };
}
