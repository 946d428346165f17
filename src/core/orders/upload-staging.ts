import { sql, type RawBuilder } from 'kysely';
import { formatBarcode } from '../../domain/barcode.js';
import { MINUTE } from '../../domain/clock.js';
import { newId } from '../../domain/ids.js';
import { dialectOf } from '../../store/dialect.js';
import { insertRows, rowsPerStatement } from '../../store/insert-rows.js';
import type { EventTable, Staged } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { appendDeliveries, eventRows } from '../events.js';
import { transact, type Tx } from '../transaction.js';
import { claimSerials } from './create-order.js';
import type { OrderRows } from './order-rows.js';

/**
 * How a large upload is written without holding the one writer (docs/orders.md, "How an upload
 * is written"):
 * 1. staged: its orders, lines and pieces go into the real tables, hidden (`hidden_by_upload`),
 *    and its `order.created` events into `staged_events`, in many short statements that other
 *    writers' transactions run between;
 * 2. published: one transaction clears `hidden_by_upload` for all its orders at once — the only
 *    write other writers wait for — and records the instant in its `uploads` row;
 * 3. its events released: copied into the outbox with their deliveries in short transactions
 *    after the answer. A process that dies before this is done leaves the `uploads` row, and the
 *    next upload or the hourly housekeeping releases the rest: published events are never lost.
 * An upload that dies before publishing is deleted the same way; no one ever saw any of it.
 */

/** Staging statements under way at once (see stageUpload). */
const STAGE_IN_FLIGHT = 2;
/** Orders deleted per transaction when an unpublished upload is deleted (with their pieces). */
const DROP_ORDERS = 500;
/** Orders one publishing statement shows: a few milliseconds each. */
const PUBLISH_ORDERS = 5_000;
/** Events released per transaction: a few milliseconds each. */
const RELEASE_EVENTS = 2_000;

/**
 * Rows of an unpublished upload not staging in this process are left over from one that died (a
 * crash, a kill). A SQLite file has one factoryd, so any such rows are; on PostgreSQL another
 * factoryd may be staging, so only those of uploads built longer ago than this are.
 */
export const STAGING_LEASE_MS = 10 * MINUTE;

/** The event columns, staged and released as they are. */
const EVENT_COLUMNS = [
  'id',
  'factory_id',
  'type',
  'data',
  'created_at',
] as const satisfies readonly (keyof EventTable)[];

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
        ['orders', rows.orders],
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
        if (inFlight.size >= STAGE_IN_FLIGHT) await Promise.race(inFlight);
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

/**
 * Copies a published upload's events from `staged_events` into the outbox, with their
 * deliveries, in short transactions; deletes its `uploads` row once none is left. Each event's
 * instants (its own, and those of the order in its data) become the publishing instant. Safe to
 * run twice at once (another process, the housekeeping): each transaction moves what is still
 * staged. Does nothing for an upload not published.
 */
export async function releaseEvents(
  ctx: CoreContext,
  uploadId: string,
  turn?: () => Promise<void> | undefined,
): Promise<void> {
  for (;;) {
    const released = await transact(ctx, async (tx) => {
      const upload = await tx.trx
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', uploadId)
        .executeTakeFirst();
      if (!upload?.published_at) return 0;
      const events = await tx.trx
        .selectFrom('staged_events')
        .select(['id', 'seq'])
        .where('upload_id', '=', uploadId)
        .orderBy('seq')
        .limit(RELEASE_EVENTS)
        .execute();
      if (events.length === 0) {
        await tx.trx.deleteFrom('uploads').where('id', '=', uploadId).execute();
        return 0;
      }
      const range = { first: events[0]!.seq, last: events[events.length - 1]!.seq };
      await copyEvents(tx, uploadId, range, upload.built_at, upload.published_at);
      await appendDeliveries(tx.trx, {
        factoryId: upload.factory_id,
        type: 'order.created',
        eventIds: events.map((e) => e.id),
        now: tx.now,
      });
      await tx.trx
        .deleteFrom('staged_events')
        .where('upload_id', '=', uploadId)
        .where('seq', '>=', range.first)
        .where('seq', '<=', range.last)
        .execute();
      return events.length;
    });
    if (released === 0) return;
    ctx.signals.eventsAppended();
    const wait = turn?.();
    if (wait) await wait;
  }
}

/** INSERT … SELECT of a range of staged events, their instants `builtAt` made `at`. */
async function copyEvents(
  tx: Tx,
  uploadId: string,
  range: { first: number; last: number },
  builtAt: string,
  at: string,
): Promise<void> {
  // An event's data is its order's list view, built at `builtAt`. A key with its quotes cannot
  // occur inside a JSON string value, where quotes are escaped.
  const stamp = (key: string, expr: RawBuilder<unknown>) =>
    sql`replace(${expr}, ${`"${key}":"${builtAt}"`}, ${`"${key}":"${at}"`})`;
  const values: Record<(typeof EVENT_COLUMNS)[number], RawBuilder<unknown>> = {
    id: sql.ref('id'),
    factory_id: sql.ref('factory_id'),
    type: sql.ref('type'),
    data: stamp('updated_at', stamp('created_at', sql.ref('data'))),
    created_at: sql`cast(${at} as text)`,
  };
  await sql`insert into events (${sql.join(EVENT_COLUMNS.map((c) => sql.ref(c)))})
    select ${sql.join(EVENT_COLUMNS.map((c) => values[c]))} from staged_events
    where upload_id = ${uploadId} and seq >= ${range.first} and seq <= ${range.last}`.execute(
    tx.trx,
  );
}

/**
 * Deletes an upload that was not published — its hidden orders with their lines and pieces, its
 * staged events, its `uploads` row — in short transactions. Deletes nothing of one that was
 * published (a publishing whose outcome its process never learnt): that one's events are
 * released instead.
 */
export async function dropUpload(
  ctx: CoreContext,
  uploadId: string,
  turn?: () => Promise<void> | undefined,
): Promise<void> {
  try {
    for (;;) {
      const left = await transact(ctx, async (tx) => {
        const upload = await tx.trx
          .selectFrom('uploads')
          .select('published_at')
          .where('id', '=', uploadId)
          .executeTakeFirst();
        if (upload?.published_at) return 'published';
        const orders = await tx.trx
          .selectFrom('orders')
          .select('id')
          .where('hidden_by_upload', '=', uploadId)
          .limit(DROP_ORDERS)
          .execute();
        if (orders.length > 0) {
          const ids = orders.map((o) => o.id);
          await tx.trx.deleteFrom('pieces').where('order_id', 'in', ids).execute();
          await tx.trx.deleteFrom('order_lines').where('order_id', 'in', ids).execute();
          await tx.trx.deleteFrom('orders').where('id', 'in', ids).execute();
          return 'more';
        }
        await tx.trx.deleteFrom('staged_events').where('upload_id', '=', uploadId).execute();
        await tx.trx.deleteFrom('uploads').where('id', '=', uploadId).execute();
        return 'done';
      });
      if (left === 'published') return await releaseEvents(ctx, uploadId, turn);
      if (left === 'done') return;
      const wait = turn?.();
      if (wait) await wait;
    }
  } finally {
    ctx.stagingUploads.delete(uploadId);
  }
}

/**
 * Settles what uploads that died left (see STAGING_LEASE_MS), before each upload and in the
 * hourly housekeeping: releases the events of published ones, deletes unpublished ones, and
 * deletes staged events no upload owns (staged before migration 0011). Answers how many
 * unpublished uploads it deleted.
 */
export async function deleteLeftovers(
  ctx: CoreContext,
  turn?: () => Promise<void> | undefined,
): Promise<number> {
  const sqlite = dialectOf(ctx.db) === 'sqlite';
  const bound = new Date(ctx.clock.now().getTime() - STAGING_LEASE_MS).toISOString();
  const uploads = await ctx.db.selectFrom('uploads').selectAll().execute();
  let deleted = 0;
  for (const upload of uploads) {
    if (upload.published_at) {
      await releaseEvents(ctx, upload.id, turn);
    } else if (!ctx.stagingUploads.has(upload.id) && (sqlite || upload.built_at < bound)) {
      await dropUpload(ctx, upload.id, turn);
      deleted += 1;
    }
  }
  await ctx.db
    .deleteFrom('staged_events')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('uploads')
            .select('uploads.id')
            .whereRef('uploads.id', '=', 'staged_events.upload_id'),
        ),
      ),
    )
    .execute();
  return deleted;
}
