import type { Kysely } from 'kysely';
import {
  PIECE_STATUSES,
  summarizeOrder,
  type OrderStatus,
  type PieceStatus,
} from '../../domain/order-status.js';
import type { Page, PageParams } from '../../store/pagination.js';
import type { DB } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { listOrders, type OrderFilters } from './list-orders.js';
import { consistently } from '../../store/orders/consistently.js';
import { portalPiecesOf } from '../../store/orders/order-pieces.js';
import { loadLines } from '../../store/orders/order-rows.js';
import { findOrderRow, toOrderListItem, type OrderLine, type OrderListItem } from './order-view.js';

/**
 * What a retailer's user sees of their own orders (docs/portal.md). The factory's internal
 * signals stay inside: no `stuck` flag or its reason, no creator (a staff user's or a key's
 * name), no scans (station names, refused scans), no bays and no
 * label printing on pieces.
 */
export type PortalOrderListItem = Omit<
  OrderListItem,
  'stuck' | 'stuck_reason' | 'created_by' | 'at_risk'
>;

/** How many pieces are in one status. */
export interface PieceCount {
  status: PieceStatus;
  count: number;
}

/** A line of an order with its own progress. */
export interface PortalOrderLine extends OrderLine {
  line_no: number;
  /** The line's status, derived from its pieces by the order's own rule. */
  status: OrderStatus;
  pieces_total: number;
  pieces_scanned: number;
  pieces_in_stock: number;
  pieces_dispatched: number;
  piece_counts: PieceCount[];
}

export interface PortalPiece {
  id: string;
  barcode: string;
  line_no: number;
  unit_no: number;
  piece_no: number;
  piece_name: string | null;
  status: PieceStatus;
  produced_at: string | null;
  in_stock_at: string | null;
  dispatched_at: string | null;
}

export interface PortalOrder extends Omit<PortalOrderListItem, 'lines'> {
  lines: PortalOrderLine[];
  /** Pieces per status, in lifecycle order (only statuses present). */
  piece_counts: PieceCount[];
  pieces: PortalPiece[];
}

/** The filters a retailer may use: never another retailer, never the stuck flag. */
export type PortalOrderFilters = Pick<
  OrderFilters,
  'status' | 'order_no' | 'order_no_contains' | 'updated_since'
>;

/** Who is asking: a retailer of a factory. Every query is scoped by both. */
export interface RetailerScope {
  factoryId: string;
  retailerId: string;
}

export function toPortalListItem(item: OrderListItem): PortalOrderListItem {
  const {
    stuck: _internal,
    stuck_reason: _why,
    created_by: _by,
    at_risk: _risk,
    ...visible
  } = item;
  return visible;
}

/** GET /v1/portal/orders: the retailer's orders, newest first, in keyset pages. */
export async function listPortalOrders(
  ctx: CoreContext,
  scope: RetailerScope,
  params: PageParams & PortalOrderFilters,
): Promise<Page<PortalOrderListItem>> {
  const page = await listOrders(ctx, scope.factoryId, {
    limit: params.limit,
    starting_after: params.starting_after,
    status: params.status,
    order_no: params.order_no,
    order_no_contains: params.order_no_contains,
    updated_since: params.updated_since,
    retailer_id: scope.retailerId,
  });
  return { ...page, data: page.data.map(toPortalListItem) };
}

/** Pieces per status in lifecycle order, from (status, count) pairs. */
function countByStatus(pieces: readonly { status: PieceStatus }[]): PieceCount[] {
  const counts = new Map<PieceStatus, number>();
  for (const { status } of pieces) counts.set(status, (counts.get(status) ?? 0) + 1);
  return PIECE_STATUSES.filter((s) => counts.has(s)).map((status) => ({
    status,
    count: counts.get(status)!,
  }));
}

/**
 * GET /v1/portal/orders/{id}: one of the retailer's orders (by id or order number), with each
 * line's progress and its pieces. Any order that is not this retailer's is 404, exactly as an
 * order that does not exist. Three queries whatever the order's size.
 */
export function getPortalOrder(
  db: Kysely<DB>,
  scope: RetailerScope,
  idOrOrderNo: string,
  now: Date,
): Promise<PortalOrder> {
  return consistently(db, async (conn) => {
    const row = await findOrderRow(conn, scope.factoryId, idOrOrderNo, scope.retailerId);
    const lineRows = (await loadLines(conn, scope.factoryId, [row.id])).get(row.id) ?? [];
    const rows = await portalPiecesOf(conn, scope.factoryId, row.id);

    const byLine = new Map<number, typeof rows>();
    for (const piece of rows) {
      const list = byLine.get(piece.line_no);
      if (list) list.push(piece);
      else byLine.set(piece.line_no, [piece]);
    }
    const order = toPortalListItem(toOrderListItem(row, lineRows, now));
    const cancelled = row.cancelled_at !== null;
    const lines = order.lines.map((line, i): PortalOrderLine => {
      const lineNo = lineRows[i]!.line_no;
      const pieces = (byLine.get(lineNo) ?? []).map((p) => ({
        status: p.status,
        scanned: p.scanned === 1,
      }));
      const summary = summarizeOrder({ cancelled, pieces });
      return {
        ...line,
        line_no: lineNo,
        status: summary.status,
        pieces_total: summary.pieces_total,
        pieces_scanned: summary.pieces_scanned,
        pieces_in_stock: summary.pieces_in_stock,
        pieces_dispatched: summary.pieces_dispatched,
        piece_counts: countByStatus(pieces),
      };
    });
    return {
      ...order,
      lines,
      piece_counts: countByStatus(rows),
      pieces: rows.map(({ scanned: _scanned, ...piece }) => piece),
    };
  });
}
