import type { Kysely } from 'kysely';
import { formatBarcode } from '../../domain/barcode.js';
import { AppError, invalid } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import { noPieces, summarizeOrder, type PieceStatus } from '../../domain/order-status.js';
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

/** Orders written per round of statements: a few thousand rows, a few milliseconds each. */
const ORDERS_PER_ROUND = 250;

/**
 * Writes checked orders for known retailers inside the caller's transaction, in one pass: the
 * barcode serials of all of them claimed in one statement, then, a round of orders at a time,
 * their rows, lines, pieces (one per unit and piece, units numbered across the order in line
 * order) and `order.created` events in multi-row statements. `turn` (take-turns.ts) lets other
 * requests run between statements. Answers each order's full view when `views` is set (a push
 * shows its pieces), else only ids; the views are built from what is written, as reading 10,000
 * pieces back would cost more.
 */
export async function writeOrders(
  tx: Tx,
  factoryId: string,
  orders: readonly OrderToWrite[],
  source: OrderSource,
  options: { views: boolean; turn?: () => Promise<void> | undefined },
): Promise<{ ids: string[]; views: OrderView[] }> {
  const { turn } = options;
  const total = orders.reduce((sum, o) => sum + o.order.pieces_total, 0);
  // One statement claims the serials: a serial is never handed out twice, even if voided.
  const counter = await tx.trx
    .updateTable('factories')
    .set((eb) => ({ barcode_serial: eb('barcode_serial', '+', total) }))
    .where('id', '=', factoryId)
    .returning(['barcode_serial', 'label_prefix'])
    .executeTakeFirstOrThrow();
  let serial = counter.barcode_serial - total;
  const { now, nowIso } = tx;
  // A new order awaits production: its status and counters are those of untouched pieces.
  const summary = summarizeOrder({
    cancelled: false,
    pieces: [{ status: 'awaiting_production' as PieceStatus, scanned: false }],
  });
  const pieceStates = JSON.stringify(summary.piece_states);

  const ids: string[] = [];
  const views: OrderView[] = [];
  for (let from = 0; from < orders.length; from += ORDERS_PER_ROUND) {
    const round = orders.slice(from, from + ORDERS_PER_ROUND);
    const orderRows: OrderTable[] = [];
    const lineRows: OrderLineTable[] = [];
    const pieceRows: PieceTable[] = [];
    const items: OrderListItem[] = [];
    for (const { retailer, order } of round) {
      const orderId = newId('order', now);
      ids.push(orderId);
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
      orderRows.push(orderRow);
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
      lineRows.push(...lines);

      const pieces: PieceView[] = [];
      let unitNo = 0;
      order.lines.forEach((line, i) => {
        for (let u = 0; u < line.qty; u++) {
          unitNo++;
          for (let p = 1; p <= line.pieces_per_unit; p++) {
            serial++;
            const piece: PieceView = {
              id: newId('piece', now),
              barcode: formatBarcode(counter.label_prefix, serial),
              line_no: i + 1,
              unit_no: unitNo,
              piece_no: p,
              piece_name: line.piece_names ? line.piece_names[p - 1]! : null,
              status: 'awaiting_production',
              location: null,
              produced_at: null,
              in_stock_at: null,
              dispatched_at: null,
              label_printed_at: null,
            };
            if (options.views) pieces.push(piece);
            pieceRows.push({
              ...piece,
              factory_id: factoryId,
              order_id: orderId,
              scanned: 0,
              updated_at: nowIso,
            });
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
      items.push(item);
      if (options.views) views.push({ ...item, pieces, scans: [] });
    }
    await insertRows(tx.trx, 'orders', orderRows, turn);
    await insertRows(tx.trx, 'order_lines', lineRows, turn);
    await insertRows(tx.trx, 'pieces', pieceRows, turn);
    await tx.emitMany(factoryId, 'order.created', items, turn);
  }
  return { ids, views };
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
