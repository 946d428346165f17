import { newId } from '../../domain/ids.js';
import { noPieces, summarizeOrder } from '../../domain/order-status.js';
import { countColumns } from '../../store/orders/order-summary.js';
import type { OrderLineTable, OrderTable, PieceTable, RetailerTable } from '../../store/schema.js';
import { itemsOf, type NormalizedOrder } from './order-input.js';
import {
  toOrderListItem,
  type OrderCreator,
  type OrderListItem,
  type OrderView,
  type PieceView,
} from './order-view.js';

export type OrderSource = 'api' | 'upload';

/** A checked order and the retailer it is for. */
export interface OrderToWrite {
  retailer: RetailerTable;
  order: NormalizedOrder;
}

/** Orders built between turns: a few thousand rows, a few milliseconds. */
const ORDERS_PER_ROUND = 250;

/**
 * The rows that checked orders for known retailers become, built before anything is written:
 * each order's row, lines, pieces (one per unit and piece, units numbered across the order in
 * line order) and list view (the data of its `order.created` event), all at the instant `now`.
 * Pieces are in the order their serials are handed out, and have no barcode yet: it comes with
 * the serials, claimed when they are written (`withBarcodes`). `views` also builds each order's
 * full view (a push answers it); `turn` (take-turns.ts) gives other requests a turn between
 * rounds of orders.
 */
export interface OrderRows {
  ids: string[];
  orders: OrderTable[];
  lines: OrderLineTable[];
  pieces: PieceTable[];
  items: OrderListItem[];
  /** Each order's full view when asked for; its pieces are `pieces`' views, in the same order. */
  views: OrderView[];
}

export async function buildOrderRows(
  factoryId: string,
  orders: readonly OrderToWrite[],
  source: OrderSource,
  now: Date,
  options: {
    views: boolean;
    turn?: () => Promise<void> | undefined;
    /** Who creates them (one value for all of them); null or left out: not recorded. */
    createdBy?: OrderCreator | null;
  },
): Promise<OrderRows> {
  const nowIso = now.toISOString();
  const createdBy = options.createdBy ? JSON.stringify(options.createdBy) : null;
  // A new order awaits production: its status and counters are those of untouched pieces.
  const summary = summarizeOrder({
    cancelled: false,
    pieces: [{ status: 'awaiting_production', scanned: false }],
  });
  const pieceStates = JSON.stringify(summary.piece_states);
  const rows: OrderRows = { ids: [], orders: [], lines: [], pieces: [], items: [], views: [] };
  for (let n = 0; n < orders.length; n++) {
    if (n % ORDERS_PER_ROUND === ORDERS_PER_ROUND - 1) {
      const wait = options.turn?.();
      if (wait) await wait;
    }
    const { retailer, order } = orders[n]!;
    const orderId = newId('order', now);
    rows.ids.push(orderId);
    const orderRow: OrderTable = {
      id: orderId,
      factory_id: factoryId,
      retailer_id: retailer.id,
      order_no: order.order_no,
      status: summary.status,
      source,
      production_date: order.production_date,
      needed_by: order.needed_by,
      items: itemsOf(order.lines),
      pieces_total: order.pieces_total,
      pieces_scanned: 0,
      ...countColumns({ ...noPieces(), awaiting_production: order.pieces_total }),
      piece_states: pieceStates,
      produced_at: null,
      in_stock_at: null,
      dispatched_at: null,
      cancelled_at: null,
      stuck: 0,
      stuck_since: null,
      created_by: createdBy,
      created_at: nowIso,
      updated_at: nowIso,
      hidden_by_upload: null,
    };
    rows.orders.push(orderRow);
    const lines: OrderLineTable[] = order.lines.map((line, i) => ({
      id: newId('orderLine', now),
      factory_id: factoryId,
      order_id: orderId,
      line_no: i + 1,
      sku: line.sku,
      colour: line.colour,
      qty: line.qty,
      pieces_per_unit: line.pieces_per_unit,
      piece_names: line.piece_names === null ? null : JSON.stringify(line.piece_names),
    }));
    rows.lines.push(...lines);

    const pieces: PieceView[] = [];
    let unitNo = 0;
    order.lines.forEach((line, i) => {
      for (let u = 0; u < line.qty; u++) {
        unitNo++;
        for (let p = 1; p <= line.pieces_per_unit; p++) {
          const row: PieceTable = {
            id: newId('piece', now),
            factory_id: factoryId,
            order_id: orderId,
            line_no: i + 1,
            unit_no: unitNo,
            piece_no: p,
            piece_name: line.piece_names ? line.piece_names[p - 1]! : null,
            barcode: '',
            status: 'awaiting_production',
            location: null,
            scanned: 0,
            produced_at: null,
            in_stock_at: null,
            dispatched_at: null,
            label_printed_at: null,
            updated_at: nowIso,
          };
          rows.pieces.push(row);
          if (options.views) pieces.push(pieceView(row));
        }
      }
    });
    // A new order awaits production, which is never stuck whatever the setting.
    const item = toOrderListItem(
      {
        ...orderRow,
        retailer_name: retailer.name,
        retailer_code: retailer.code,
        stuck_after_days: 1,
      },
      lines,
      now,
    );
    rows.items.push(item);
    if (options.views) rows.views.push({ ...item, pieces, scans: [] });
  }
  return rows;
}

function pieceView(row: PieceTable): PieceView {
  return {
    id: row.id,
    barcode: row.barcode,
    line_no: row.line_no,
    unit_no: row.unit_no,
    piece_no: row.piece_no,
    piece_name: row.piece_name,
    status: 'awaiting_production',
    location: null,
    produced_at: null,
    in_stock_at: null,
    dispatched_at: null,
    label_printed_at: null,
  };
}
