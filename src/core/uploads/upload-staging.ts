import { formatBarcode } from '../../domain/barcode.js';
import { newId } from '../../domain/ids.js';
import { insertRows, rowsPerStatement } from '../../store/insert-rows.js';
import { insertUpload, publishUploadRow } from '../../store/orders/uploads.js';
import type { EventTable, Staged } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { eventRows } from '../events.js';
import { transact, type Tx } from '../transaction.js';
import { claimSerials } from '../../store/orders/order-writes.js';
import { dropUpload } from './upload-leftovers.js';
import type { OrderRows } from '../orders/order-rows.js';

/**
 * How a large upload is written without holding the one writer (docs/orders.md, "How an upload
 * is written"):
 * 1. staged: its `uploads` row, unpublished; its orders, lines and pieces in the real tables, each
 *    order marked with the upload (`hidden_by_upload`), and its `order.created` events in
 *    `staged_events`, in many short statements that other writers' transactions run between;
 * 2. published: one short transaction sets the row's `published_at` — the only write of the
 *    upload other writers wait for more than a few milliseconds;
 * 3. cleared (upload-clearing.ts): the marks are cleared and the orders restamped, in short
 *    transactions, before the answer;
 * 4. its events released (upload-events.ts): copied into the outbox with their deliveries in
 *    short transactions after the answer; the `uploads` row goes with the last of them.
 *
 * What holds at every instant, whichever process stops where (upload-leftovers.ts settles what
 * one that died left, at start, before each upload and hourly):
 * - An order is hidden exactly while it carries the mark of an upload whose `uploads` row exists
 *   unpublished (orderIsVisible); lines and pieces are reached through their order.
 * - The row is committed before any order is marked with it, so no staged order is ever seen.
 * - `published_at` is set once, never cleared, by a transaction that finds exactly the orders
 *   staged carrying the mark: the whole upload turns visible at that commit, or none of it. A
 *   torn staging (a statement lost, or a sweep that took some of it) is never published.
 * - An unpublished upload is either published whole or deleted: its orders (with their lines and
 *   pieces) before its row, which would otherwise show whatever is left.
 * - A published upload is never deleted. Its row goes last, once no order carries its mark and
 *   no event of it is staged: until then a sweep finds it and finishes the clearing, then the
 *   releasing. A mark whose row is gone all the same hides nothing.
 * - Between the publishing and the clearing of its slice, an order shows the instants it was
 *   built at; the clearing stamps it `created_at` the publishing instant and `updated_at` its own
 *   (never earlier), so a client syncing with `updated_since` misses no order of the upload.
 */

/** Staging statements under way at once (see stageUpload); orders' are written one by one. */
const STAGE_IN_FLIGHT = 2;

/** An upload whose rows are staged, hidden, ready to publish. */
export interface StagedUpload {
  id: string;
  factoryId: string;
  /** Orders it wrote, marked with its id: publishing must find exactly these. */
  orders: number;
}

/**
 * Stages the rows of an upload (buildOrderRows at `builtAt`): claims their barcode serials and
 * records the upload in a short transaction, then writes its orders (hidden), lines and pieces,
 * and its `order.created` events into `staged_events`, in short statements with turns between
 * them. If a write fails (an order number another
 * request took meanwhile: a unique violation), what was staged is deleted and the error thrown.
 */
export async function stageUpload(
  ctx: CoreContext,
  factoryId: string,
  rows: OrderRows,
  builtAt: Date,
  turn: () => Promise<void> | undefined,
): Promise<StagedUpload> {
  const id = newId('upload', builtAt);
  ctx.stagingUploads.add(id);
  const staged: StagedUpload = { id, factoryId, orders: rows.orders.length };
  let serials: { prefix: string; before: number };
  try {
    serials = await transact(ctx, async (tx) => {
      // Committed before any order is marked with it: the unpublished row is what hides them.
      await insertUpload(tx.trx, { id, factoryId, builtAt: builtAt.toISOString() });
      return claimSerials(tx.trx, factoryId, rows.pieces.length);
    });
  } catch (err) {
    ctx.stagingUploads.delete(id);
    throw err;
  }
  // Made in slices with turns: a hundred thousand barcodes, tens of thousands of event payloads.
  for (let i = 0; i < rows.pieces.length; i++) {
    rows.pieces[i]!.barcode = formatBarcode(serials.prefix, serials.before + i + 1);
    const wait = turn();
    if (wait) await wait;
  }
  for (const order of rows.orders) order.hidden_by_upload = id;
  // Written in the order of the unique index's key, as every upload writes them, one statement
  // at a time (writeInTurns): of two uploads that race with some order numbers in common, the
  // first to write a shared number keeps all its shared numbers, and the other one fails on it
  // and writes no more — never both, whatever order their files list them in.
  const orders = rows.orders.slice().sort(byRetailerAndNumber);
  const events: Staged<EventTable>[] = [];
  for (let i = 0; i < rows.items.length; i++) {
    const data = [rows.items[i]];
    const [event] = eventRows({ factoryId, type: 'order.created', data, now: builtAt });
    events.push({ ...event!, upload_id: id, seq: i + 1 });
    const wait = turn();
    if (wait) await wait;
  }
  try {
    await writeInTurns(
      ctx,
      [
        ['orders', orders],
        ['order_lines', rows.lines],
        ['pieces', rows.pieces],
        ['staged_events', events],
      ],
      turn,
    );
  } catch (err) {
    await dropUpload(ctx, id, turn);
    throw err;
  }
  return staged;
}

function byRetailerAndNumber(a: OrderRows['orders'][number], b: OrderRows['orders'][number]) {
  if (a.retailer_id !== b.retailer_id) return a.retailer_id < b.retailer_id ? -1 : 1;
  return a.order_no < b.order_no ? -1 : a.order_no > b.order_no ? 1 : 0;
}

type Writes = ReadonlyArray<readonly [Parameters<typeof insertRows>[1], readonly object[]]>;

/**
 * Inserts the rows table after table in statements outside a transaction: each commits alone,
 * and other writers' transactions run between them. Their commits need no disk sync of their
 * own (nothing unpublished matters after a crash), so a few run while earlier ones wait for
 * theirs. Throws the first failure once every statement under way has ended.
 */
async function writeInTurns(
  ctx: CoreContext,
  writes: Writes,
  turn: () => Promise<void> | undefined,
): Promise<void> {
  const inFlight = new Set<Promise<void>>();
  let failed: Error | undefined;
  try {
    for (const [table, rows] of writes) {
      const perStatement = rowsPerStatement(Object.keys(rows[0] ?? {}).length);
      for (let from = 0; from < rows.length && failed === undefined; from += perStatement) {
        const chunk = rows.slice(from, from + perStatement);
        const write = insertRows(ctx.db, table, chunk as never[]).then(
          () => void inFlight.delete(write),
          (err: unknown) => {
            inFlight.delete(write);
            failed ??= err instanceof Error ? err : new Error(String(err));
          },
        );
        inFlight.add(write);
        if (inFlight.size >= (table === 'orders' ? 1 : STAGE_IN_FLIGHT)) {
          await Promise.race(inFlight);
        }
        const wait = turn();
        if (wait) await wait;
      }
      // A table's rows refer to the ones before (lines and pieces to their orders).
      await Promise.all(inFlight);
    }
  } finally {
    await Promise.all(inFlight);
  }
  if (failed !== undefined) throw failed;
}

/**
 * Inside the caller's transaction: publishes a staged upload. Setting its `published_at` shows all
 * its orders at once (and so their lines and pieces): `orderIsVisible`. Their marks are cleared
 * after the commit (clearMarks), their events released after the answer (releaseEvents). Throws,
 * so that the transaction rolls back, unless exactly the orders staged carry its mark and its row
 * is still there unpublished: a torn staging is never published in part.
 */
export async function publishUpload(tx: Tx, staged: StagedUpload): Promise<void> {
  const refused = await publishUploadRow(tx.trx, staged.id, staged.orders, tx.nowIso);
  if (refused !== null) throw new Error(`upload ${staged.id}: ${refused}`);
}
