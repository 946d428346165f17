import { useTranslation } from 'react-i18next';
import type { PrinterState, PrinterStateReason } from '../../contract/enums.js';
import type { OrderStatus } from '../shared/orders/order-status.js';
import type { BoardDevice } from './board-device.js';

/**
 * The board's words (DESIGN §17, docs/languages.md): the `board` section of the staff catalog,
 * with the staff app's own words for order statuses, roles and printers, so the TV says them
 * as the staff app does. Keys are written out in full so the catalog test can see them.
 */
const ORDER_STATUS_KEYS: Record<OrderStatus, string> = {
  awaiting_production: 'order_status.awaiting_production',
  in_production: 'order_status.in_production',
  produced: 'order_status.produced',
  in_stock: 'order_status.in_stock',
  partially_dispatched: 'order_status.partially_dispatched',
  dispatched: 'order_status.dispatched',
  cancelled: 'order_status.cancelled',
};

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

export const PRINTER_STATE_KEYS: Record<PrinterState, string> = {
  ready: 'printers.state.ready',
  printing: 'printers.state.printing',
  paused: 'printers.state.paused',
  offline: 'printers.state.offline',
  error: 'printers.state.error',
};

export const PRINTER_REASON_KEYS: Record<PrinterStateReason, string> = {
  paper_out: 'printers.reason.paper_out',
  ribbon_out: 'printers.reason.ribbon_out',
  head_open: 'printers.reason.head_open',
  paused: 'printers.reason.paused',
  unreachable: 'printers.reason.unreachable',
  not_responding: 'printers.reason.not_responding',
  other: 'printers.reason.other',
};

/** The board's `t` (staff namespace), and the order status words in the page's language. */
export function useBoardT() {
  const { t } = useTranslation('staff');
  const orderStatus = Object.fromEntries(
    Object.entries(ORDER_STATUS_KEYS).map(([k, key]) => [k, t(key)]),
  ) as Record<OrderStatus, string>;
  return { t, orderStatus };
}
