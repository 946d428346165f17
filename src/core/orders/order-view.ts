import type { Kysely } from 'kysely';
import { AppError, notFound } from '../../domain/errors.js';
import { isIdOf } from '../../domain/ids.js';
import type { OrderStatus, PieceStatus } from '../../domain/order-status.js';
import { isStuck, stuckReason, type StuckReason } from '../../domain/stuck.js';
import { consistently } from '../../store/orders/consistently.js';
import { orderPiecesPage, orderScansPage } from '../../store/orders/order-pieces.js';
import {
  findOrderRowById,
  findOrderRowsByNumber,
  loadLines,
  orderRowById,
  type LineRow,
  type OrderRow,
} from '../../store/orders/order-rows.js';
import type { DB } from '../../store/schema.js';
import type { Tx } from '../transaction.js';

export interface OrderLine {
  sku: string;
  colour: string | null;
  qty: number;
  pieces_per_unit: number;
  piece_names: string[] | null;
}

/** An order as lists, events and scan answers show it: everything but pieces and scans. */
export interface OrderListItem {
  id: string;
  object: 'order';
  order_no: string;
  status: OrderStatus;
  source: 'api' | 'upload';
  retailer_id: string;
  retailer_name: string;
  retailer_code: string;
  production_date: string | null;
  needed_by: string | null;
  /** The first line's fields (spec 2.1); `lines` has them all. */
  sku: string;
  colour: string | null;
  qty: number;
  pieces_per_unit: number;
  items: string;
  lines: OrderLine[];
  pieces_total: number;
  pieces_scanned: number;
  pieces_in_stock: number;
  pieces_dispatched: number;
  piece_states: PieceStatus[];
  stuck: boolean;
  /** Why it is stuck (from its status), null when it is not. */
  stuck_reason: StuckReason | null;
  /** Who pushed or uploaded it: null for orders made before this was kept. */
  created_by: OrderCreator | null;
  created_at: string;
  updated_at: string;
  produced_at: string | null;
  in_stock_at: string | null;
  dispatched_at: string | null;
  cancelled_at: string | null;
  /** The dispatch forecast (core/forecast), on the orders list and the order page only. */
  forecast_dispatch_at?: string | null;
  at_risk?: boolean;
}

/** The staff user or API key that created an order, with its name at the time. */
export interface OrderCreator {
  type: 'staff' | 'api_key';
  id: string;
  name: string;
}

export interface PieceView {
  id: string;
  barcode: string;
  line_no: number;
  unit_no: number;
  piece_no: number;
  piece_name: string | null;
  status: PieceStatus;
  location: string | null;
  produced_at: string | null;
  in_stock_at: string | null;
  dispatched_at: string | null;
  label_printed_at: string | null;
}

export interface ScanView {
  id: string;
  event: string;
  accepted: boolean;
  reason: string | null;
  location: string | null;
  /** The station's name when the scan was recorded. */
  station: string;
  station_id: string;
  barcode: string;
  piece_id: string | null;
  /** When the station says it read the barcode (buffered scans), if it said. */
  scanned_at: string | null;
  at: string;
  /** The consignment a dispatch scan loaded into or was refused for (DESIGN §15), else null. */
  consignment_id: string | null;
  /** The handling unit an accepted dispatch scan put the piece on, else null. */
  handling_unit_id: string | null;
  /** The operator signed in at the station when it scanned (DESIGN §17), and their name. */
  operator_id: string | null;
  operator_name: string | null;
}

/** GET /v1/orders/{id}: the order with every piece and its pieces' scan history. */
export interface OrderView extends OrderListItem {
  pieces: PieceView[];
  scans: ScanView[];
}

const toLine = (row: LineRow): OrderLine => ({
  sku: row.sku,
  colour: row.colour,
  qty: row.qty,
  pieces_per_unit: row.pieces_per_unit,
  piece_names: row.piece_names === null ? null : (JSON.parse(row.piece_names) as string[]),
});

/**
 * Maps an order row and its lines (in line order) to the list shape. `stuck` is exact at `now`,
 * whatever the stored column says.
 */
export function toOrderListItem(
  row: OrderRow,
  lines: readonly LineRow[],
  now: Date,
): OrderListItem {
  const first = lines[0];
  if (!first) throw new Error(`order ${row.id} has no lines`);
  const stuck = isStuck({
    status: row.status,
    produced_at: row.produced_at,
    now,
    stuck_after_days: row.stuck_after_days,
  });
  return {
    id: row.id,
    object: 'order',
    order_no: row.order_no,
    status: row.status,
    source: row.source,
    retailer_id: row.retailer_id,
    retailer_name: row.retailer_name,
    retailer_code: row.retailer_code,
    production_date: row.production_date,
    needed_by: row.needed_by,
    sku: first.sku,
    colour: first.colour,
    qty: first.qty,
    pieces_per_unit: first.pieces_per_unit,
    items: row.items,
    lines: lines.map(toLine),
    pieces_total: row.pieces_total,
    pieces_scanned: row.pieces_scanned,
    pieces_in_stock: row.pieces_in_stock,
    pieces_dispatched: row.pieces_dispatched,
    piece_states: JSON.parse(row.piece_states) as PieceStatus[],
    stuck,
    stuck_reason: stuckReason(row.status, stuck),
    created_by: row.created_by === null ? null : (JSON.parse(row.created_by) as OrderCreator),
    created_at: row.created_at,
    updated_at: row.updated_at,
    produced_at: row.produced_at,
    in_stock_at: row.in_stock_at,
    dispatched_at: row.dispatched_at,
    cancelled_at: row.cancelled_at,
  };
}

/**
 * Finds an order by id, or by `order_no` when that number is unique in the factory (or, with
 * `retailerId`, within that retailer). Not found → 404; a number several retailers use → 409
 * `order_no_ambiguous`.
 */
export async function findOrderRow(
  db: Kysely<DB>,
  factoryId: string,
  idOrOrderNo: string,
  retailerId?: string,
): Promise<OrderRow> {
  if (isIdOf('order', idOrOrderNo)) {
    const row = await findOrderRowById(db, factoryId, idOrOrderNo, retailerId);
    if (row) return row;
  }
  const rows = await findOrderRowsByNumber(db, factoryId, idOrOrderNo, { retailerId, limit: 2 });
  if (rows.length > 1) {
    throw new AppError('order_no_ambiguous', {
      param: 'id',
      message: `Several retailers have an order numbered ${idOrOrderNo}; use the order id.`,
    });
  }
  if (!rows[0]) throw notFound('order', 'id', idOrOrderNo, 'id or order number');
  return rows[0];
}

/** One order by id in the list shape, read inside the caller's transaction. */
export async function loadOrderListItem(
  tx: Tx,
  factoryId: string,
  orderId: string,
): Promise<OrderListItem> {
  const row = await orderRowById.first(tx.trx, { factoryId, orderId });
  if (!row) throw notFound('order', 'id', orderId);
  return toOrderListItem(row, await tx.orderLines.of(tx.trx, factoryId, orderId), tx.now);
}

/** Rows read per query of an order's pieces or scans: a few milliseconds of work each. */
const PAGE = 2_000;

/**
 * The full order: list shape plus `pieces` (by unit, then piece) and `scans` (its pieces' scans,
 * oldest first), as one consistent picture. `retailerId` restricts the lookup to that retailer's
 * orders (the retailer portal): any other order is 404. Pieces and scans are read in pages of a
 * few thousand, with `turn` (take-turns.ts) called between them, so a large order is read
 * without holding the process.
 */
export function getOrder(
  db: Kysely<DB>,
  factoryId: string,
  idOrOrderNo: string,
  options: { now: Date; retailerId?: string; turn?: () => Promise<void> | undefined },
): Promise<OrderView> {
  const pause = async () => {
    const wait = options.turn?.();
    if (wait) await wait;
  };
  return consistently(db, async (conn) => {
    const row = await findOrderRow(conn, factoryId, idOrOrderNo, options.retailerId);
    const lines = await loadLines(conn, factoryId, [row.id]);
    const pieces: PieceView[] = [];
    for (;;) {
      const last = pieces.at(-1);
      const page = await orderPiecesPage(conn, factoryId, row.id, last, PAGE);
      pieces.push(...page);
      if (page.length < PAGE) break;
      await pause();
    }
    const scans: ScanView[] = [];
    for (;;) {
      const last = scans.at(-1);
      const page = await orderScansPage(conn, factoryId, row.id, last?.id, PAGE);
      // Rows already have the answer's field names; only `accepted` needs its boolean.
      for (const scan of page) scans.push({ ...scan, accepted: scan.accepted === 1 });
      if (page.length < PAGE) break;
      await pause();
    }
    return {
      ...toOrderListItem(row, lines.get(row.id) ?? [], options.now),
      pieces,
      scans,
    };
  });
}
