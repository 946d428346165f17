import { useTranslation } from 'react-i18next';
import { ORDER_STATUS_KEYS, wordsOf } from '../shared/orders/order-status.js';
import type { BoardDevice } from './board-device.js';

/**
 * The board's words (DESIGN §17, docs/languages.md): the `board` section of the staff catalog,
 * with the staff app's own words for order statuses, roles and printers (shared/orders,
 * shared/printers), so the TV says them as the staff app does. Keys are written out in full so
 * the catalog test can see them.
 */
/** Why an order is stuck (`stuck_reason`), as the board says it. */
export const STUCK_KEYS: Record<string, string> = {
  partially_dispatched: 'board.stuck_reason.partially_dispatched',
  waiting_since: 'board.stuck_reason.waiting_since',
};

export const ROLE_KEYS: Record<BoardDevice['role'], string> = {
  produce: 'stations.role.produce',
  stock: 'stations.role.stock',
  dispatch: 'stations.role.dispatch',
  board: 'stations.role.board',
};

/** The board's `t` (staff namespace), and the order status words in the page's language. */
export function useBoardT() {
  const { t } = useTranslation('staff');
  return { t, orderStatus: wordsOf(t, ORDER_STATUS_KEYS) };
}
