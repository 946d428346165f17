import type { Kysely } from 'kysely';
import {
  noPieces,
  PIECE_STATUSES,
  type PieceCounts,
  type PieceStatus,
} from '../../domain/order-status.js';
import { PreparedQuery, type Param } from '../prepared-query.js';
import type { DB, OrderTable } from '../schema.js';

// The summary an order row keeps of its pieces (status, counters, milestones, stuck), as
// recomputeOrder (core/orders/recompute-order.ts) works it out, and the statements that read the
// pieces' counts and write it.

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

export type CountColumns = Record<(typeof COUNT_COLUMNS)[PieceStatus], number>;

/** The count columns of an order row for these counts. */
export function countColumns(counts: Readonly<PieceCounts>): CountColumns {
  const columns = {} as CountColumns;
  for (const status of PIECE_STATUSES) columns[COUNT_COLUMNS[status]] = counts[status];
  return columns;
}

/** The counts an order row keeps. */
export function countsOf(row: CountColumns): PieceCounts {
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

/** How many of an order's pieces are in each status, and how many were ever scanned. */
export interface CountedPieces {
  counts: PieceCounts;
  scanned: number;
}

/** An order's pieces counted by status (one aggregate query). */
export async function countPieces(db: Kysely<DB>, orderId: string): Promise<CountedPieces> {
  const counts = noPieces();
  let scanned = 0;
  for (const group of await pieceCountsByStatus.all(db, { orderId })) {
    counts[group.status] = Number(group.n);
    scanned += Number(group.scanned ?? 0);
  }
  return { counts, scanned };
}

/** What a recompute writes to an order row. */
export type OrderSummary = Pick<
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

/** The columns an order's summary sets, for a prepared statement with those parameters. */
export function orderSummarySet(p: Param<OrderSummary>) {
  return {
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
  };
}

// Run inside every scan: prepared once.
const writeSummary = new PreparedQuery(
  (db, p: Param<OrderSummary & { factory_id: string; order_id: string }>) =>
    db
      .updateTable('orders')
      .set(orderSummarySet(p))
      .where('factory_id', '=', p('factory_id'))
      .where('id', '=', p('order_id')),
);

/** Writes an order's summary to its row. */
export async function writeOrderSummary(
  db: Kysely<DB>,
  order: { factory_id: string; id: string },
  summary: OrderSummary,
): Promise<void> {
  await writeSummary.execute(db, { ...summary, factory_id: order.factory_id, order_id: order.id });
}
