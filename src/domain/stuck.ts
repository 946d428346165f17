import type { OrderStatus } from './order-status.js';

const DAY_MS = 86_400_000;

/**
 * Whether an order needs a person's attention: produced or in stock for longer than
 * `stuck_after_days` since `produced_at`, or partially dispatched (an open return or a split
 * shipment). A day is 24 hours of UTC time, so the answer does not depend on the factory's time
 * zone or on daylight saving changes. Exactly `stuck_after_days` days is not yet stuck.
 *
 * An order that is produced or in stock without a `produced_at` is not stuck: there is nothing to
 * measure from (`advanceMilestones` makes sure this does not happen).
 */
export function isStuck(input: {
  status: OrderStatus;
  produced_at: string | null;
  now: Date;
  stuck_after_days: number;
}): boolean {
  if (input.status === 'partially_dispatched') return true;
  if (input.status !== 'produced' && input.status !== 'in_stock') return false;
  if (input.produced_at === null) return false;
  return input.now.getTime() - Date.parse(input.produced_at) > input.stuck_after_days * DAY_MS;
}

/**
 * The ISO instant (UTC, milliseconds) that a produced or in-stock order's `produced_at` must be
 * strictly before for the order to be stuck at `now`. Stored timestamps share this format, so a
 * set-based recompute can compare them as strings: `produced_at < threshold`. Agrees with
 * `isStuck` for every `produced_at` in that format.
 */
export function stuckThreshold(now: Date, stuckAfterDays: number): string {
  return new Date(now.getTime() - stuckAfterDays * DAY_MS).toISOString();
}

/**
 * Why an order is stuck: `partially_dispatched` (part of it has left, the rest has not — or a
 * return is open), or `waiting_since` (produced or in stock, and not dispatched, for longer than
 * `stuck_after_days` since `produced_at`). It follows from the status alone, so the stored
 * `stuck` flag and the status index answer a filter by reason without a column of its own.
 */
export type StuckReason = 'partially_dispatched' | 'waiting_since';

export const STUCK_REASONS: readonly StuckReason[] = ['partially_dispatched', 'waiting_since'];

/** The reason of an order `isStuck` says is stuck; null when it is not stuck. */
export function stuckReason(status: OrderStatus, stuck: boolean): StuckReason | null {
  if (!stuck) return null;
  return status === 'partially_dispatched' ? 'partially_dispatched' : 'waiting_since';
}
