import { notFound } from '../../domain/errors.js';
import {
  advanceMilestones,
  summarizeOrder,
  type OrderStatus,
  type PieceStatus,
} from '../../domain/order-status.js';
import { isStuck } from '../../domain/stuck.js';
import type { Tx } from '../transaction.js';
import { loadLines, selectOrderRows, type OrderRow } from './order-queries.js';
import { toOrderListItem, type OrderListItem } from './order-view.js';

export interface RecomputeResult {
  from: OrderStatus;
  to: OrderStatus;
  changed: boolean;
  /** The order after the recompute, in the list shape (scan answers show it). */
  order: OrderListItem;
}

/**
 * Re-derives an order from its pieces after anything touched them: status, counters,
 * `piece_states`, milestones and the stored `stuck`. The only place an order's status is
 * written; scans, returns, voids and cancels call it inside their transaction.
 *
 * The pieces are read as one aggregate (count and scanned count per status, from a covering
 * index), not piece by piece, so it stays cheap inside every scan.
 *
 * Stored `stuck` is made exact at this instant (partially dispatched, or produced/in stock for
 * longer than `stuck_after_days`); the scheduler only has to catch up with the passing of time.
 * When it turns on here, `order.stuck` is emitted here, once, after `order.status_changed`.
 */
export async function recomputeOrder(
  tx: Tx,
  factoryId: string,
  orderId: string,
): Promise<RecomputeResult> {
  const row = await selectOrderRows(tx.trx)
    .where('o.factory_id', '=', factoryId)
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  if (!row) throw notFound('order', 'id');

  const groups = await tx.trx
    .selectFrom('pieces')
    .select((eb) => [
      'status',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('scanned').as('scanned'),
    ])
    .where('order_id', '=', orderId)
    .groupBy('status')
    .execute();

  // summarizeOrder counts pieces one by one; pieces of a group share one object.
  const pieces: { status: PieceStatus; scanned: boolean }[] = [];
  for (const g of groups) {
    const status = g.status as PieceStatus;
    const scanned = Number(g.scanned ?? 0);
    const total = Number(g.n);
    const yes = { status, scanned: true };
    const no = { status, scanned: false };
    for (let i = 0; i < scanned; i++) pieces.push(yes);
    for (let i = scanned; i < total; i++) pieces.push(no);
  }
  const summary = summarizeOrder({ cancelled: row.cancelled_at !== null, pieces });
  const milestones = advanceMilestones(
    {
      produced_at: row.produced_at,
      in_stock_at: row.in_stock_at,
      dispatched_at: row.dispatched_at,
    },
    summary.status,
    tx.nowIso,
  );
  const stuck = isStuck({
    status: summary.status,
    produced_at: milestones.produced_at,
    now: tx.now,
    stuck_after_days: row.stuck_after_days,
  });
  const becameStuck = stuck && row.stuck === 0;

  const update = {
    status: summary.status,
    pieces_total: summary.pieces_total,
    pieces_scanned: summary.pieces_scanned,
    pieces_in_stock: summary.pieces_in_stock,
    pieces_dispatched: summary.pieces_dispatched,
    piece_states: JSON.stringify(summary.piece_states),
    produced_at: milestones.produced_at,
    in_stock_at: milestones.in_stock_at,
    dispatched_at: milestones.dispatched_at,
    stuck: stuck ? 1 : 0,
    stuck_since: stuck ? (becameStuck ? tx.nowIso : (row.stuck_since ?? tx.nowIso)) : null,
    updated_at: tx.nowIso,
  };
  await tx.trx
    .updateTable('orders')
    .set(update)
    .where('factory_id', '=', factoryId)
    .where('id', '=', orderId)
    .execute();

  const next: OrderRow = { ...row, ...update };
  const lines = await loadLines(tx.trx, factoryId, [orderId]);
  const order = toOrderListItem(next, lines.get(orderId) ?? [], tx.now);
  const from = row.status as OrderStatus;
  const to = summary.status;
  const changed = from !== to;
  const about = { order_id: orderId, order_no: row.order_no, retailer_id: row.retailer_id };
  if (changed) await tx.emit(factoryId, 'order.status_changed', { ...about, from, to, order });
  if (becameStuck) {
    await tx.emit(factoryId, 'order.stuck', { ...about, stuck_since: update.stuck_since, order });
  }
  return { from, to, changed, order };
}
