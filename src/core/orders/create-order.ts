import type { Kysely } from 'kysely';
import { formatBarcode } from '../../domain/barcode.js';
import { AppError, invalid } from '../../domain/errors.js';
import { claimSerials, insertOrders, orderNoTaken } from '../../store/orders/order-writes.js';
import type { DB, RetailerTable } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { findRetailerById, findRetailersByCode } from '../retailers/retailers.js';
import { transact, type Tx } from '../transaction.js';
import { printNewOrders } from '../printers/print-rules.js';
import { normalizeOrder, validateOrder, type CreateOrderInput } from './order-input.js';
import { buildOrderRows, type OrderSource, type OrderToWrite } from './order-rows.js';
import { resolveCreator, type CreatorRef } from './order-creator.js';
import type { OrderCreator, OrderView } from './order-view.js';

export type { CreateOrderInput } from './order-input.js';

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
  options: {
    views: boolean;
    turn?: () => Promise<void> | undefined;
    createdBy?: OrderCreator | null;
  },
): Promise<{ ids: string[]; views: OrderView[] }> {
  const { turn } = options;
  const rows = await buildOrderRows(factoryId, orders, source, tx.now, options);
  const { prefix, before } = await claimSerials(tx.trx, factoryId, rows.pieces.length);
  rows.pieces.forEach((piece, i) => (piece.barcode = formatBarcode(prefix, before + i + 1)));
  let at = 0;
  for (const view of rows.views) {
    for (const piece of view.pieces) piece.barcode = rows.pieces[at++]!.barcode;
  }
  await insertOrders(tx.trx, rows, turn);
  await tx.emitMany(factoryId, 'order.created', rows.items, turn);
  await printNewOrders(tx, factoryId, rows.ids);
  return { ids: rows.ids, views: rows.views };
}

/**
 * Checks and writes one order inside the caller's transaction; throws 400 `validation_failed`
 * (the first problem, naming its field), or 409 `order_exists`. `creator` is kept with the
 * order under its current name.
 */
export async function insertOrder(
  tx: Tx,
  factoryId: string,
  input: CreateOrderInput,
  source: OrderSource,
  creator: CreatorRef | null = null,
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
    createdBy: await resolveCreator(tx.trx, factoryId, creator),
  });
  return views[0]!;
}

/**
 * POST /v1/orders: one order in one transaction; answers the full order. `creator`: the staff
 * user or API key pushing it (null: not recorded).
 */
export function createOrder(
  ctx: CoreContext,
  factoryId: string,
  input: CreateOrderInput,
  source: OrderSource,
  creator: CreatorRef | null = null,
): Promise<OrderView> {
  return transact(ctx, (tx) => insertOrder(tx, factoryId, input, source, creator));
}
