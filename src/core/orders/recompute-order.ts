import { notFound } from '../../domain/errors.js';
import {
  advanceMilestones,
  noPieces,
  PIECE_STATUSES,
  summarizeCounts,
  type OrderStatus,
  type PieceCounts,
  type PieceStatus,
} from '../../domain/order-status.js';
import { isStuck } from '../../domain/stuck.js';
import { PreparedQuery, type Param } from '../../store/prepared-query.js';
import type { OrderTable } from '../../store/schema.js';
import type { Tx } from '../transaction.js';
import { orderRowById, type OrderRow } from './order-queries.js';
import { toOrderListItem, type OrderListItem } from './order-view.js';

/** The order column that counts the pieces in each status. */
export const COUNT_COLUMNS = {
  awaiting_production: 'pieces_awaiting_production',
  produced: 'pieces_produced',
  in_stock: 'pieces_in_stock',
  dispatched: 'pieces_dispatched',
  returned: 'pieces_returned',
  written_off: 'pieces_written_off',
  cancelled: 'pieces_cancelled',
} as const satisfies Record<PieceStatus, keyof OrderTable>;

type CountColumns = Record<(typeof COUNT_COLUMNS)[PieceStatus], number>;

/** The count columns of an order row for these counts. */
export function countColumns(counts: Readonly<PieceCounts>): CountColumns {
  const columns = {} as CountColumns;
  for (const status of PIECE_STATUSES) columns[COUNT_COLUMNS[status]] = counts[status];
  return columns;
}

function countsOf(row: CountColumns): PieceCounts {
  const counts = noPieces();
  for (const status of PIECE_STATUSES) counts[status] = row[COUNT_COLUMNS[status]];
  return counts;
}

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
  | 'piece_states'
  | 'produced_at'
  | 'in_stock_at'
  | 'dispatched_at'
  | 'stuck'
  | 'stuck_since'
  | 'updated_at'
> &
  CountColumns;

// Run inside every scan: prepared once.
const writeSummary = new PreparedQuery(
  (db, p: Param<Summary & { factoryId: string; orderId: string }>) =>
    db
      .updateTable('orders')
      .set({
        status: p('status'),
        pieces_total: p('pieces_total'),
        pieces_scanned: p('pieces_scanned'),
        pieces_awaiting_production: p('pieces_awaiting_production'),
        pieces_produced: p('pieces_produced'),
        pieces_in_stock: p('pieces_in_stock'),
        pieces_dispatched: p('pieces_dispatched'),
        pieces_returned: p('pieces_returned'),
        pieces_written_off: p('pieces_written_off'),
        pieces_cancelled: p('pieces_cancelled'),
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
  /** The order's row as read earlier in this transaction, when nothing has written it since. */
  read?: OrderRow,
): Promise<RecomputeResult> {
  const row = read ?? (await orderRowById.first(tx.trx, { factoryId, orderId }));
  if (!row) throw notFound('order', 'id', orderId);

  let counts: PieceCounts | undefined;
  let scanned = row.pieces_scanned;
  if (moved) {
    counts = countsOf(row);
    counts[moved.from]--;
    counts[moved.to]++;
    if (moved.firstScan) scanned++;
    // Counts that no longer add up (a row written by hand): count the pieces instead.
    if (counts[moved.from] < 0) counts = undefined;
  }
  if (!counts) {
    counts = noPieces();
    scanned = 0;
    for (const group of await pieceCountsByStatus.all(tx.trx, { orderId })) {
      counts[group.status] = Number(group.n);
      scanned += Number(group.scanned ?? 0);
    }
  }
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

  const update: Summary = {
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
  await writeSummary.execute(tx.trx, { ...update, factoryId, orderId });

  const next: OrderRow = { ...row, ...update };
  const order = toOrderListItem(next, await tx.orderLines.of(tx.trx, factoryId, orderId), tx.now);
  const from = row.status;
  const to = summary.status;
  const changed = from !== to;
  const about = { order_id: orderId, order_no: row.order_no, retailer_id: row.retailer_id };
  if (changed) tx.emit(factoryId, 'order.status_changed', { ...about, from, to, order });
  if (becameStuck) {
    tx.emit(factoryId, 'order.stuck', { ...about, stuck_since: update.stuck_since, order });
  }
  return { from, to, changed, order };
}
