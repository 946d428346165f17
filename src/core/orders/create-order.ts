import type { Kysely } from 'kysely';
import { formatBarcode } from '../../domain/barcode.js';
import { AppError, invalid } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import { summarizeOrder, type PieceStatus } from '../../domain/order-status.js';
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
import { insertPieces } from './insert-pieces.js';
import {
  itemsOf,
  normalizeOrder,
  validateOrder,
  type CreateOrderInput,
  type NormalizedOrder,
} from './order-input.js';
import { toOrderListItem, type OrderView, type PieceView } from './order-view.js';

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

/**
 * Writes a checked order for a known retailer inside the caller's transaction: the order, its
 * lines, one piece per unit and piece (units numbered across the order in line order) with
 * barcodes from the factory's serial counter, and `order.created`. The CSV upload calls this
 * once per order so that one upload is one transaction.
 */
export async function writeOrder(
  tx: Tx,
  factoryId: string,
  retailer: RetailerTable,
  order: NormalizedOrder,
  source: OrderSource,
): Promise<OrderView> {
  const total = order.pieces_total;
  // One statement claims the serials: a serial is never handed out twice, even if voided.
  const counter = await tx.trx
    .updateTable('factories')
    .set((eb) => ({ barcode_serial: eb('barcode_serial', '+', total) }))
    .where('id', '=', factoryId)
    .returning(['barcode_serial', 'label_prefix'])
    .executeTakeFirstOrThrow();
  let serial = counter.barcode_serial - total;

  const orderId = newId('order', tx.now);
  const summary = summarizeOrder({
    cancelled: false,
    pieces: [{ status: 'awaiting_production' as PieceStatus, scanned: false }],
  });
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
    pieces_total: total,
    pieces_scanned: 0,
    pieces_in_stock: 0,
    pieces_dispatched: 0,
    piece_states: JSON.stringify(summary.piece_states),
    produced_at: null,
    in_stock_at: null,
    dispatched_at: null,
    cancelled_at: null,
    stuck: 0,
    stuck_since: null,
    created_at: tx.nowIso,
    updated_at: tx.nowIso,
  };
  await tx.trx.insertInto('orders').values(orderRow).execute();

  const lineRows: OrderLineTable[] = order.lines.map((line, i) => ({
    id: newId('orderLine', tx.now),
    factory_id: factoryId,
    order_id: orderId,
    line_no: i + 1,
    sku: line.sku,
    colour: line.colour,
    qty: line.qty,
    pieces_per_unit: line.pieces_per_unit,
    piece_names: line.piece_names === null ? null : JSON.stringify(line.piece_names),
  }));
  await tx.trx.insertInto('order_lines').values(lineRows).execute();

  // The answer is built from what is written: reading 10,000 pieces back would cost more.
  const pieces: PieceView[] = [];
  const rows: PieceTable[] = [];
  let unitNo = 0;
  for (const line of lineRows) {
    const names = order.lines[line.line_no - 1]!.piece_names;
    for (let u = 0; u < line.qty; u++) {
      unitNo++;
      for (let p = 1; p <= line.pieces_per_unit; p++) {
        serial++;
        const piece: PieceView = {
          id: newId('piece', tx.now),
          barcode: formatBarcode(counter.label_prefix, serial),
          line_no: line.line_no,
          unit_no: unitNo,
          piece_no: p,
          piece_name: names ? names[p - 1]! : null,
          status: 'awaiting_production',
          location: null,
          produced_at: null,
          in_stock_at: null,
          dispatched_at: null,
          label_printed_at: null,
        };
        pieces.push(piece);
        rows.push({
          ...piece,
          factory_id: factoryId,
          order_id: orderId,
          scanned: 0,
          updated_at: tx.nowIso,
        });
      }
    }
  }
  await insertPieces(tx.trx, rows);

  // A new order awaits production, which is never stuck whatever the setting.
  const item = toOrderListItem(
    {
      ...orderRow,
      retailer_name: retailer.name,
      retailer_code: retailer.code,
      stuck_after_days: 1,
    },
    lineRows,
    tx.now,
  );
  await tx.emit(factoryId, 'order.created', item);
  return { ...item, pieces, scans: [] };
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
  return writeOrder(tx, factoryId, retailer, order, source);
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
