import type { PieceStatus } from '../../shared/orders/order-status.js';
import { useStaffT } from '../staff-i18n.js';

/** The catalog's words for each piece status, as the factory says them. */
const PIECE_STATUS_KEYS: Record<PieceStatus, string> = {
  awaiting_production: 'orders.piece_status.awaiting_production',
  produced: 'orders.piece_status.produced',
  in_stock: 'orders.piece_status.in_stock',
  dispatched: 'orders.piece_status.dispatched',
  returned: 'orders.piece_status.returned',
  written_off: 'orders.piece_status.written_off',
  cancelled: 'orders.piece_status.cancelled',
};

/** The staff app's `t` with its order and piece status words, in the page's language. */
export function useOrderWords() {
  const { t, orderStatus } = useStaffT();
  const pieceStatus = Object.fromEntries(
    Object.entries(PIECE_STATUS_KEYS).map(([k, key]) => [k, t(key)]),
  ) as Record<PieceStatus, string>;
  return { t, orderStatus, pieceStatus };
}
