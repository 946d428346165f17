import type { OrderListItem } from '../../shared/orders/order-status.js';

export type StuckReason = NonNullable<OrderListItem['stuck_reason']>;

const DAY_MS = 86_400_000;

/** The reasons as the Stuck tile and the filter name them. */
export const STUCK_REASON_LABELS: Record<StuckReason, string> = {
  partially_dispatched: 'Part dispatched',
  waiting_since: 'Produced, not dispatched',
};

export const STUCK_REASONS = Object.keys(STUCK_REASON_LABELS) as StuckReason[];

/**
 * Why an order is stuck, in the words the board and the order page show: "Part dispatched", or
 * "Produced 9 days ago, not dispatched" — whole days since `produced_at`, which is what
 * `stuck_after_days` is measured from. Null for an order that is not stuck.
 */
export function stuckWords(
  order: Pick<OrderListItem, 'stuck' | 'stuck_reason' | 'produced_at'>,
  now: number,
): string | null {
  if (!order.stuck) return null;
  if (order.stuck_reason === 'partially_dispatched') return 'Part dispatched';
  if (order.produced_at === null) return 'Produced, not dispatched';
  const days = Math.max(0, Math.floor((now - Date.parse(order.produced_at)) / DAY_MS));
  const ago = days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`;
  return `Produced ${ago}, not dispatched`;
}

/**
 * Who created an order, for "Created … by Dana (staff)" or "by key “ERP sync”" (quoted: a key's
 * name is whatever its maker typed); null when it was not recorded.
 */
export function creatorWords(createdBy: OrderListItem['created_by']): string | null {
  if (createdBy === null) return null;
  return createdBy.type === 'staff' ? `${createdBy.name} (staff)` : `key “${createdBy.name}”`;
}
