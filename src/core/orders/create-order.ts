import type { Kysely } from 'kysely';
import { formatBarcode } from '../../domain/barcode.js';
import { AppError, invalid } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import { noPieces, summarizeOrder } from '../../domain/order-status.js';
import type {
  DB,
  OrderLineTable,
  OrderTable,
  PieceTable,
  RetailerTable,
} from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { findRetailerById, findRetailersByCode } from '../retailers/retailers.js';
import { transact, type Tx } from '../transaction.js';
import { insertRows } from '../../store/insert-rows.js';
import { countColumns } from './recompute-order.js';
import {
  itemsOf,
  normalizeOrder,
  validateOrder,
  type CreateOrderInput,
  type NormalizedOrder,
} from './order-input.js';
import {
  toOrderListItem,
  type OrderListItem,
  type OrderView,
  type PieceView,
} from './order-view.js';

export type { CreateOrderInput } from './order-input.js';
export type OrderSource = 'api' | 'upload';

/** The retailer an order names by id or by code (exactly one); unknown → 400 naming the field. */
export async function resolveRetailer(
  db: Kysely<DB>,
  factoryId: string,
  input: Pick<CreateOrderInput, 'retailer_id' | 'retailer_code'>,
): Promise<RetailerTable> {
  const byId = input.retailer_id !== undefined;
  const byCode = input.retailer_code !== undefined;
  if (byId === byCode) {
    throw invalid('retailer_id', 'Give exactly one of retailer_id and retailer_code.');
  }
  if (byId) {
    const row = await findRetailerById(db, factoryId, input.retailer_id!);
    if (!row) throw invalid('retailer_id', `No retailer has the id ${input.retailer_id}.`);
    return row;
  }
  const found = await findRetailersByCode(db, factoryId, [input.retailer_code!]);
  const row = found.values().next().value;
  if (!row) throw invalid('retailer_code', `No retailer has the code ${input.retailer_code}.`);
  return row;
}

/** True when the retailer already has an order with that number. */
export async function orderNoTaken(
  db: Kysely<DB>,
  factoryId: string,
  retailerId: string,
  orderNo: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('factory_id', '=', factoryId)
    .where('retailer_id', '=', retailerId)
    .where('order_no', '=', orderNo)
    .executeTakeFirst();
  return row !== undefined;
}

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
  options: { views: boolean; turn?: () => Promise<void> | undefined },
): Promise<OrderRows> {
  const nowIso = now.toISOString();
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
      created_at: nowIso,
      updated_at: nowIso,
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

/**
 * Claims `count` barcode serials of the factory in one statement (a serial is never handed out
 * twice, even if its label is voided later): the label prefix, and the serial before the first.
 */
export async function claimSerials(
  tx: Tx,
  factoryId: string,
  count: number,
): Promise<{ prefix: string; before: number }> {
  const counter = await tx.trx
    .updateTable('factories')
    .set((eb) => ({ barcode_serial: eb('barcode_serial', '+', count) }))
    .where('id', '=', factoryId)
    .returning(['barcode_serial', 'label_prefix'])
    .executeTakeFirstOrThrow();
  return { prefix: counter.label_prefix, before: counter.barcode_serial - count };
}

/**
 * Writes checked orders for known retailers inside the caller's transaction: their rows
 * (buildOrderRows), the barcode serials of all of them claimed in one statement, then the rows,
 * lines, pieces and `order.created` events in multi-row statements. Answers each order's full
 * view when `views` is set (a push shows its pieces), built from what is written, as reading
 * 10,000 pieces back would cost more.
 */
export async function writeOrders(
  tx: Tx,
  factoryId: string,
  orders: readonly OrderToWrite[],
  source: OrderSource,
  options: { views: boolean; turn?: () => Promise<void> | undefined },
): Promise<{ ids: string[]; views: OrderView[] }> {
  const { turn } = options;
  const rows = await buildOrderRows(factoryId, orders, source, tx.now, options);
  const { prefix, before } = await claimSerials(tx, factoryId, rows.pieces.length);
  rows.pieces.forEach((piece, i) => (piece.barcode = formatBarcode(prefix, before + i + 1)));
  let at = 0;
  for (const view of rows.views) {
    for (const piece of view.pieces) piece.barcode = rows.pieces[at++]!.barcode;
  }
  await insertRows(tx.trx, 'orders', rows.orders, turn);
  await insertRows(tx.trx, 'order_lines', rows.lines, turn);
  await insertRows(tx.trx, 'pieces', rows.pieces, turn);
  await tx.emitMany(factoryId, 'order.created', rows.items, turn);
  return { ids: rows.ids, views: rows.views };
}

/**
 * Checks and writes one order inside the caller's transaction; throws 400 `validation_failed`
 * (the first problem, naming its field), or 409 `order_exists`.
 */
export async function insertOrder(
  tx: Tx,
  factoryId: string,
  input: CreateOrderInput,
  source: OrderSource,
): Promise<OrderView> {
  const order = normalizeOrder(input);
  const issue = validateOrder(order)[0];
  if (issue) throw invalid(issue.param, issue.message);
  const retailer = await resolveRetailer(tx.trx, factoryId, input);
  if (await orderNoTaken(tx.trx, factoryId, retailer.id, order.order_no)) {
    throw new AppError('order_exists', {
      param: 'order_no',
      message: `Retailer ${retailer.code} already has an order numbered ${order.order_no}.`,
    });
  }
  const { views } = await writeOrders(tx, factoryId, [{ retailer, order }], source, {
    views: true,
  });
  return views[0]!;
}

/** POST /v1/orders: one order in one transaction; answers the full order. */
export function createOrder(
  ctx: CoreContext,
  factoryId: string,
  input: CreateOrderInput,
  source: OrderSource,
): Promise<OrderView> {
  return transact(ctx, (tx) => insertOrder(tx, factoryId, input, source));
}
