import { notFound } from '../../domain/errors.js';
import {
  advanceMilestones,
  summarizeCounts,
  type OrderStatus,
  type PieceStatus,
} from '../../domain/order-status.js';
import { isStuck } from '../../domain/stuck.js';
import { orderRowById, type OrderRow } from '../../store/orders/order-rows.js';
import {
  countColumns,
  countPieces,
  countsOf,
  writeOrderSummary as writeSummaryRow,
  type CountedPieces,
  type OrderSummary,
} from '../../store/orders/order-summary.js';
import type { Tx } from '../transaction.js';
import { toOrderListItem, type OrderListItem } from './order-view.js';

/** Writes an order's summary (`summarizeOrder`) to its row. */
export async function writeOrderSummary(
  tx: Pick<Tx, 'trx'>,
  planned: PlannedSummary,
): Promise<void> {
  await writeSummaryRow(tx.trx, planned.row, planned.update);
}

/** One piece a change moved: its status before and after, and whether it was just scanned. */
export interface PieceMove {
  from: PieceStatus;
  to: PieceStatus;
  /** Its first accepted scan: `pieces_scanned` grows by one. */
  firstScan: boolean;
}

export interface RecomputeResult {
  from: OrderStatus;
  to: OrderStatus;
  changed: boolean;
  /** The order after the recompute, in the list shape (scan answers show it). */
  order: OrderListItem;
}

/**
 * Re-derives an order after anything touched its pieces: status, counters, `piece_states`,
 * milestones and the stored `stuck`. The only place an order's status is written; scans,
 * returns, voids and cancels call it inside their transaction.
 *
 * The order keeps how many pieces are in each status. A change that moved one piece (a scan)
 * says so in `moved`, and the counts move with it: no piece is read. Without `moved` the pieces
 * are counted again (one aggregate query), for changes to many pieces (a cancel) or none.
 *
 * Stored `stuck` is made exact at this instant (partially dispatched, or produced/in stock for
 * longer than `stuck_after_days`); the scheduler only has to catch up with the passing of time.
 * When it turns on here, `order.stuck` is emitted here, once, after `order.status_changed`.
 *
 * Moving counts is safe on both databases because write transactions run one at a time: BEGIN
 * IMMEDIATE on a SQLite file, the write advisory lock every transaction takes on PostgreSQL
 * (store/postgres.ts), across every factoryd on the database. No two moves start from the same
 * counts.
 */
export async function recomputeOrder(
  tx: Tx,
  factoryId: string,
  orderId: string,
  moved?: PieceMove,
): Promise<RecomputeResult> {
  const row = await orderRowById.first(tx.trx, { factoryId, orderId });
  if (!row) throw notFound('order', 'id', orderId);
  const counted = (moved && countsAfterMove(row, moved)) ?? (await countPieces(tx.trx, orderId));
  const planned = summarizeOrder(tx, row, counted);
  await writeOrderSummary(tx, planned);
  return announceRecompute(tx, planned);
}

/**
 * The counts of an order once one piece moved, from those its row keeps; undefined when they no
 * longer add up (a row written by hand): the pieces are then counted instead.
 */
export function countsAfterMove(row: OrderRow, moved: PieceMove): CountedPieces | undefined {
  const counts = countsOf(row);
  counts[moved.from]--;
  counts[moved.to]++;
  if (counts[moved.from] < 0) return undefined;
  return { counts, scanned: row.pieces_scanned + (moved.firstScan ? 1 : 0) };
}

/** An order's row and what its recompute will write to it. */
export interface PlannedSummary {
  row: OrderRow;
  update: OrderSummary;
  becameStuck: boolean;
}

/** Works out an order's summary at this instant from its pieces' counts (writes nothing). */
export function summarizeOrder(tx: Tx, row: OrderRow, counted: CountedPieces): PlannedSummary {
  const { counts, scanned } = counted;
  const summary = summarizeCounts({ cancelled: row.cancelled_at !== null, counts, scanned });
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
  const update: OrderSummary = {
    status: summary.status,
    pieces_total: summary.pieces_total,
    pieces_scanned: summary.pieces_scanned,
    ...countColumns(counts),
    piece_states: JSON.stringify(summary.piece_states),
    produced_at: milestones.produced_at,
    in_stock_at: milestones.in_stock_at,
    dispatched_at: milestones.dispatched_at,
    stuck: stuck ? 1 : 0,
    stuck_since: stuck ? (becameStuck ? tx.nowIso : (row.stuck_since ?? tx.nowIso)) : null,
    updated_at: tx.nowIso,
  };
  return { row, update, becameStuck };
}

/**
 * Once the summary is written: the order as answers show it, and its events
 * (`order.status_changed`, then `order.stuck` when it turned on).
 */
export async function announceRecompute(tx: Tx, planned: PlannedSummary): Promise<RecomputeResult> {
  const { row, update, becameStuck } = planned;
  const { factory_id: factoryId, id: orderId } = row;
  const next: OrderRow = { ...row, ...update };
  const order = toOrderListItem(next, await tx.orderLines.of(tx.trx, factoryId, orderId), tx.now);
  const from = row.status;
  const to = update.status;
  const changed = from !== to;
  const about = { order_id: orderId, order_no: row.order_no, retailer_id: row.retailer_id };
  if (changed) tx.emit(factoryId, 'order.status_changed', { ...about, from, to, order });
  if (becameStuck) {
    tx.emit(factoryId, 'order.stuck', { ...about, stuck_since: update.stuck_since, order });
  }
  return { from, to, changed, order };
}
