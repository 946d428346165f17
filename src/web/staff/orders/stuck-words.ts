import type { TFunction } from 'i18next';
import type { OrderListItem } from '../../shared/orders/order-status.js';

export type StuckReason = NonNullable<OrderListItem['stuck_reason']>;

const DAY_MS = 86_400_000;

/** The reasons as the Stuck tile and the filter name them: the catalog's keys. */
export const STUCK_REASON_KEYS: Record<StuckReason, string> = {
  partially_dispatched: 'orders.stuck_reason.partially_dispatched',
  waiting_since: 'orders.stuck_reason.waiting_since',
};

export const STUCK_REASONS = Object.keys(STUCK_REASON_KEYS) as StuckReason[];

/**
 * Why an order is stuck, in the words the board and the order page show: "Part dispatched", or
 * "Produced 9 days ago, not dispatched" — whole days since `produced_at`, which is what
 * `stuck_after_days` is measured from. Null for an order that is not stuck.
 */
export function stuckWords(
  order: Pick<OrderListItem, 'stuck' | 'stuck_reason' | 'produced_at'>,
  now: number,
  t: TFunction<'staff'>,
): string | null {
  if (!order.stuck) return null;
  if (order.stuck_reason === 'partially_dispatched') {
    return t('orders.stuck_reason.partially_dispatched');
  }
  if (order.produced_at === null) return t('orders.stuck_reason.waiting_since');
  const days = Math.max(0, Math.floor((now - Date.parse(order.produced_at)) / DAY_MS));
  return days === 0 ? t('orders.stuck_why.today') : t('orders.stuck_why.days', { count: days });
}

/**
 * Who created an order, for "Created … by Dana (staff)" or "by key “ERP sync”" (quoted: a key's
 * name is whatever its maker typed); null when it was not recorded.
 */
export function creatorWords(
  createdBy: OrderListItem['created_by'],
  t: TFunction<'staff'>,
): string | null {
  if (createdBy === null) return null;
  return createdBy.type === 'staff'
    ? t('orders.creator.staff', { name: createdBy.name })
    : t('orders.creator.key', { name: createdBy.name });
}
