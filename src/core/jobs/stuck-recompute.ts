import { flipStuckOrders } from '../../store/orders/stuck-flips.js';
import type { CoreContext } from '../context.js';
import { subscribes } from '../events.js';
import { toOrderListItem } from '../orders/order-view.js';
import { transact } from '../transaction.js';

export interface StuckRecomputeResult {
  /** Orders that became stuck: each got one `order.stuck` event. */
  became_stuck: number;
  /** Orders that stopped being stuck. */
  cleared: number;
}

/**
 * Most flips one transaction makes. A pass normally flips a handful of orders; the first pass
 * over a large history, or a big change of `stuck_after_days`, is cut into transactions of this
 * size, so the write lock is never held for long and requests are served in between.
 */
export const STUCK_FLIPS_PER_TRANSACTION = 2_000;

/**
 * Stored `stuck` of every order, made true to the clock with set-based statements (memory stays
 * flat however many orders there are), in one transaction per (at most)
 * STUCK_FLIPS_PER_TRANSACTION flips each way:
 *
 * 1. the orders to flip are collected in a temporary table: stuck now but stored as not stuck
 *    (each given an event id), and stored as stuck but not stuck any more;
 * 2. each new episode gets an `order.stuck` event — the payload `recomputeOrder` emits, built in
 *    SQL — and a pending delivery for every enabled endpoint subscribed to `order.stuck`;
 * 3. one UPDATE flips them, setting `stuck_since` (or clearing it).
 *
 * Stuck (DESIGN §5): partially dispatched, or produced / in stock with `produced_at` before
 * `stuckThreshold(now, stuck_after_days)` of the order's factory.
 *
 * Episodes: `order.stuck` is emitted exactly when an order's stored `stuck` goes from 0 to 1,
 * in the transaction that flips it — here when time (or a smaller `stuck_after_days`) makes an
 * order stuck, in `recomputeOrder` when a change to its pieces does. Whoever flips it emits, so
 * each episode gets one event; flipping back to 0 ends the episode, and the next flip to 1 is a
 * new one.
 */
export async function recomputeStuck(
  ctx: CoreContext,
  options: { flipsPerTransaction?: number } = {},
): Promise<StuckRecomputeResult> {
  const limit = options.flipsPerTransaction ?? STUCK_FLIPS_PER_TRANSACTION;
  const total: StuckRecomputeResult = { became_stuck: 0, cleared: 0 };
  for (;;) {
    const pass = await flipSome(ctx, limit);
    total.became_stuck += pass.became_stuck;
    total.cleared += pass.cleared;
    if (pass.became_stuck > 0) ctx.signals.eventsAppended();
    if (pass.became_stuck < limit && pass.cleared < limit) {
      return total;
    }
    // Let waiting requests in before the next transaction.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function flipSome(ctx: CoreContext, limit: number): Promise<StuckRecomputeResult> {
  return transact(ctx, (tx) =>
    flipStuckOrders(tx.trx, {
      now: tx.now,
      nowIso: tx.nowIso,
      limit,
      subscribed: (events) => subscribes(events, 'order.stuck'),
      // The payload recomputeOrder emits: the order as lists show it, after the flip.
      stuckEventData: (row, lines) => ({
        order_id: row.id,
        order_no: row.order_no,
        retailer_id: row.retailer_id,
        stuck_since: tx.nowIso,
        order: toOrderListItem(
          { ...row, stuck: 1, stuck_since: tx.nowIso, updated_at: tx.nowIso },
          lines,
          tx.now,
        ),
      }),
    }),
  );
}
