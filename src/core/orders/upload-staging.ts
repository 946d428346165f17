import { formatBarcode } from '../../domain/barcode.js';
import { newId } from '../../domain/ids.js';
import { insertRows, rowsPerStatement } from '../../store/insert-rows.js';
import type { EventTable, Staged } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { eventRows } from '../events.js';
import { transact, type Tx } from '../transaction.js';
import { claimSerials } from './create-order.js';
import { dropUpload } from './upload-leftovers.js';
import type { OrderRows } from './order-rows.js';

/**
 * How a large upload is written without holding the one writer (docs/orders.md, "How an upload
 * is written"):
 * 1. staged: its orders, lines and pieces go into the real tables, hidden (`hidden_by_upload`),
 *    and its `order.created` events into `staged_events`, in many short statements that other
 *    writers' transactions run between;
 * 2. published: one transaction clears `hidden_by_upload` for all its orders at once — the only
 *    write other writers wait for — and records the instant in its `uploads` row;
 * 3. its events released (upload-events.ts): copied into the outbox with their deliveries in
 *    short transactions after the answer. A process that dies before this is done leaves the
 *    `uploads` row, and the next start, upload or hourly housekeeping releases the rest
 *    (upload-leftovers.ts): published events are never lost.
 * An upload that dies before publishing is deleted the same way; no one ever saw any of it.
 */

/** Staging statements under way at once (see stageUpload); orders' are written one by one. */
const STAGE_IN_FLIGHT = 2;
/** Orders one publishing statement shows: a few milliseconds each. */
const PUBLISH_ORDERS = 5_000;

/** An upload whose rows are staged, hidden, ready to publish. */
export interface StagedUpload {
  id: string;
  factoryId: string;
  /** Hidden orders it wrote: publishing must show exactly these. */
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
      await tx.trx
        .insertInto('uploads')
        .values({ id, factory_id: factoryId, built_at: builtAt.toISOString(), published_at: null })
        .execute();
      return claimSerials(tx, factoryId, rows.pieces.length);
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
 * Inside the caller's transaction: makes a staged upload visible. Clearing `hidden_by_upload`
 * shows its orders (and so their lines and pieces), stamped with this transaction's instant; its
 * events are released afterwards (releaseEvents). Throws if any of its orders is missing, so a torn staging
 * is never published in part.
 */
export async function publishUpload(
  tx: Tx,
  staged: StagedUpload,
  turn?: () => Promise<void> | undefined,
): Promise<void> {
  const at = tx.nowIso;
  let shown = 0;
  // In slices, with turns between them: other writers wait for the whole transaction, but reads
  // and health checks are answered meanwhile.
  for (;;) {
    const slice = await tx.trx
      .updateTable('orders')
      .set({ hidden_by_upload: null, created_at: at, updated_at: at })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('orders')
          .select('id')
          .where('hidden_by_upload', '=', staged.id)
          // In id order (the partial index's), as the indexes that change take them.
          .orderBy('id')
          .limit(PUBLISH_ORDERS),
      )
      .executeTakeFirst();
    const n = Number(slice.numUpdatedRows);
    shown += n;
    if (n < PUBLISH_ORDERS) break;
    const wait = turn?.();
    if (wait) await wait;
  }
  if (shown !== staged.orders) {
    throw new Error(`upload ${staged.id}: ${shown} of ${staged.orders} orders staged`);
  }
  await tx.trx
    .updateTable('uploads')
    .set({ published_at: at })
    .where('id', '=', staged.id)
    .where('published_at', 'is', null)
    .execute();
}
