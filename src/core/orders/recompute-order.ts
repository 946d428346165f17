import { notFound } from '../../domain/errors.js';
import {
  advanceMilestones,
  summarizeOrder,
  type OrderStatus,
  type PieceStatus,
} from '../../domain/order-status.js';
import { isStuck } from '../../domain/stuck.js';
import { PreparedQuery, type Param } from '../../store/prepared-query.js';
import type { OrderTable } from '../../store/schema.js';
import type { Tx } from '../transaction.js';
import { orderLines, orderRowById, type OrderRow } from './order-queries.js';
import { toOrderListItem, type OrderListItem } from './order-view.js';

// Run inside every scan: prepared once.

const pieceCountsByStatus = new PreparedQuery((db, p: Param<{ orderId: string }>) =>
  db
    .selectFrom('pieces')
    .select((eb) => [
      'status',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('scanned').as('scanned'),
    ])
    .where('order_id', '=', p('orderId'))
    .groupBy('status'),
);

type Summary = Pick<
  OrderTable,
  | 'status'
  | 'pieces_total'
  | 'pieces_scanned'
  | 'pieces_in_stock'
  | 'pieces_dispatched'
  | 'piece_states'
  | 'produced_at'
  | 'in_stock_at'
  | 'dispatched_at'
  | 'stuck'
  | 'stuck_since'
  | 'updated_at'
>;

const writeSummary = new PreparedQuery(
  (db, p: Param<Summary & { factoryId: string; orderId: string }>) =>
    db
      .updateTable('orders')
      .set({
        status: p('status'),
        pieces_total: p('pieces_total'),
        pieces_scanned: p('pieces_scanned'),
        pieces_in_stock: p('pieces_in_stock'),
        pieces_dispatched: p('pieces_dispatched'),
        piece_states: p('piece_states'),
        produced_at: p('produced_at'),
        in_stock_at: p('in_stock_at'),
        dispatched_at: p('dispatched_at'),
        stuck: p('stuck'),
        stuck_since: p('stuck_since'),
        updated_at: p('updated_at'),
      })
      .where('factory_id', '=', p('factoryId'))
      .where('id', '=', p('orderId')),
);

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
  const row = await orderRowById.first(tx.trx, { factoryId, orderId });
  if (!row) throw notFound('order', 'id', orderId);

  const groups = await pieceCountsByStatus.all(tx.trx, { orderId });

  const pieces = groups.flatMap((g) => {
    const status = g.status as PieceStatus;
    const scanned = Number(g.scanned ?? 0);
    return [
      { status, scanned: true, count: scanned },
      { status, scanned: false, count: Number(g.n) - scanned },
    ];
  });
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

  const update: Summary = {
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
  await writeSummary.execute(tx.trx, { ...update, factoryId, orderId });

  const next: OrderRow = { ...row, ...update };
  const order = toOrderListItem(next, await orderLines(tx.trx, factoryId, orderId), tx.now);
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
