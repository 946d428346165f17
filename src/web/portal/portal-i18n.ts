import { useTranslation } from 'react-i18next';
import { ORDER_STATUS_KEYS, wordsOf } from '../shared/orders/order-status.js';
import type { PieceStatus } from './orders/order-types.js';

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
  return {
    t,
    orderStatus: wordsOf(t, ORDER_STATUS_KEYS),
    pieceStatus: wordsOf(t, PIECE_STATUS_KEYS),
  };
}
