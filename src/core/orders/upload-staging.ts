import { sql, type RawBuilder } from 'kysely';
import { MINUTE } from '../../domain/clock.js';
import { newId } from '../../domain/ids.js';
import { dialectOf } from '../../store/dialect.js';
import { insertRows, rowsPerStatement } from '../../store/insert-rows.js';
import type { DB } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { appendDeliveries, eventRows } from '../events.js';
import type { Tx } from '../transaction.js';
import { claimSerials } from './create-order.js';
import type { OrderRows } from './order-rows.js';

/**
 * How a large upload is written without holding the one writer (docs/orders.md, "How an upload
 * is written"): its rows, built beforehand, go into staging tables in many short statements that
 * other writers' transactions run between; then one transaction publishes them with set-based
 * INSERT … SELECT statements, which is all that other writers wait for; then the staged rows are
 * deleted. Nothing staged is visible: no query but these reads the staging tables.
 */

type Target = 'orders' | 'order_lines' | 'pieces' | 'events';
const STAGED = {
  orders: 'staged_orders',
  order_lines: 'staged_order_lines',
  pieces: 'staged_pieces',
  events: 'staged_events',
} as const satisfies Record<Target, keyof DB>;
/** Published in this order (each refers to the ones before). */
const TARGETS: readonly Target[] = ['orders', 'order_lines', 'pieces', 'events'];

/** Staging statements under way at once (see stageUpload). */
const STAGE_IN_FLIGHT = 4;
/** Rows one publishing statement copies: a few milliseconds each. */
const PUBLISH_ROWS = 5_000;
/** Staged rows deleted per statement. */
const DELETE_ROWS = 5_000;

/**
 * Staged rows of an upload not running in this process are left over from one that died (a
 * crash, a kill): the next upload deletes them. A SQLite file has one factoryd, so any such rows
 * are; on PostgreSQL another factoryd may be staging, so only rows older than this are.
 */
export const STAGING_LEASE_MS = 10 * MINUTE;

/** An upload whose rows are staged, ready to publish. */
export interface StagedUpload {
  id: string;
  factoryId: string;
  /** Staged rows per target table. */
  counts: Record<Target, number>;
  /** The instant the rows were built at, which the publishing transaction's replaces. */
  builtAt: string;
  eventIds: string[];
  /** Each target's columns, as its rows were built. */
  columns: Record<Target, string[]>;
}

/**
 * Stages the rows of an upload (buildOrderRows at `builtAt`) and their `order.created` events,
 * in short statements with turns between them. Deletes leftovers of dead uploads first.
 */
export async function stageUpload(
  ctx: CoreContext,
  factoryId: string,
  rows: OrderRows,
  builtAt: Date,
  turn: () => Promise<void> | undefined,
): Promise<StagedUpload> {
  await deleteLeftovers(ctx, turn);
  const events = eventRows({ factoryId, type: 'order.created', data: rows.items, now: builtAt });
  const id = newId('upload', builtAt);
  ctx.stagingUploads.add(id);
  const staged: StagedUpload = {
    id,
    factoryId,
    counts: {
      orders: rows.orders.length,
      order_lines: rows.lines.length,
      pieces: rows.pieces.length,
      events: events.length,
    },
    builtAt: builtAt.toISOString(),
    eventIds: events.map((e) => e.id),
    columns: { orders: [], order_lines: [], pieces: [], events: [] },
  };
  const sources: Record<Target, readonly object[]> = {
    orders: rows.orders,
    order_lines: rows.lines,
    pieces: rows.pieces,
    events,
  };
  for (const target of TARGETS) staged.columns[target] = Object.keys(sources[target][0] ?? {});
  // Statements outside a transaction: each commits alone, and other writers' transactions run
  // between them. Their commits need no disk sync of their own (nothing staged matters after a
  // crash), so a few run while earlier ones wait for theirs.
  const inFlight = new Set<Promise<void>>();
  let failed: Error | undefined;
  try {
    for (const target of TARGETS) {
      const source = sources[target];
      const perStatement = rowsPerStatement(staged.columns[target].length + 2);
      for (let from = 0; from < source.length && failed === undefined; from += perStatement) {
        const chunk = source
          .slice(from, from + perStatement)
          .map((row, i) => ({ ...row, upload_id: id, seq: from + i + 1 }));
        const write = insertRows(ctx.db, STAGED[target], chunk as never[]).then(
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
    }
    await Promise.all(inFlight);
    if (failed !== undefined) throw failed;
  } catch (err) {
    await Promise.all(inFlight);
    await dropStaged(ctx, staged, turn);
    throw err;
  }
  return staged;
}

/**
 * Inside the caller's transaction: makes a staged upload visible. Claims its barcode serials,
 * copies its rows into the tables in ranges of `seq` (barcodes made from the serials; the
 * instants those of this transaction), and adds the deliveries of its events. Throws if any
 * staged row is missing, so a torn staging is never published in part.
 */
export async function publishUpload(
  tx: Tx,
  staged: StagedUpload,
  turn: () => Promise<void> | undefined,
): Promise<void> {
  const { factoryId, id, builtAt } = staged;
  const { prefix, before } = await claimSerials(tx, factoryId, staged.counts.pieces);
  const at = tx.nowIso;
  const text = (value: string) => sql`cast(${value} as text)`;
  const barcode =
    dialectOf(tx.trx) === 'postgres'
      ? sql`${text(`${prefix} `)} || lpad(cast(${before} + seq as text), greatest(7, length(cast(${before} + seq as text))), '0')`
      : sql`${text(`${prefix} `)} || printf('%07d', ${before} + seq)`;
  // An event's data is its order's list view, built at `builtAt`: its instants become this one.
  // A key with its quotes cannot occur inside a JSON string value, where quotes are escaped.
  const stamp = (key: string, expr: RawBuilder<unknown>) =>
    sql`replace(${expr}, ${`"${key}":"${builtAt}"`}, ${`"${key}":"${at}"`})`;
  const replaced: Record<Target, Record<string, RawBuilder<unknown>>> = {
    orders: { created_at: text(at), updated_at: text(at) },
    order_lines: {},
    pieces: { barcode, updated_at: text(at) },
    events: {
      created_at: text(at),
      data: stamp('updated_at', stamp('created_at', sql.ref('data'))),
    },
  };
  for (const target of TARGETS) {
    const columns = staged.columns[target];
    const values = columns.map((c) => replaced[target][c] ?? sql.ref(c));
    const count = staged.counts[target];
    for (let from = 0; from < count; from += PUBLISH_ROWS) {
      const to = Math.min(count, from + PUBLISH_ROWS);
      const result =
        await sql`insert into ${sql.table(target)} (${sql.join(columns.map((c) => sql.ref(c)))})
        select ${sql.join(values)} from ${sql.table(STAGED[target])}
        where upload_id = ${id} and seq > ${from} and seq <= ${to}`.execute(tx.trx);
      if (Number(result.numAffectedRows ?? 0) !== to - from) {
        throw new Error(`upload ${id}: staged ${target} ${from + 1}–${to} are missing`);
      }
      const wait = turn();
      if (wait) await wait;
    }
  }
  await appendDeliveries(tx.trx, {
    factoryId,
    type: 'order.created',
    eventIds: staged.eventIds,
    now: tx.now,
    turn,
  });
}

/** Deletes an upload's staged rows, in short statements; it no longer runs. */
export async function dropStaged(
  ctx: CoreContext,
  staged: Pick<StagedUpload, 'id' | 'counts'>,
  turn?: () => Promise<void> | undefined,
): Promise<void> {
  try {
    for (const target of TARGETS) {
      for (let from = 0; from < staged.counts[target]; from += DELETE_ROWS) {
        await ctx.db
          .deleteFrom(STAGED[target])
          .where('upload_id', '=', staged.id)
          .where('seq', '>', from)
          .where('seq', '<=', from + DELETE_ROWS)
          .execute();
        const wait = turn?.();
        if (wait) await wait;
      }
    }
  } finally {
    ctx.stagingUploads.delete(staged.id);
  }
}

/**
 * Deletes what uploads that died left staged (see STAGING_LEASE_MS), before each upload and in
 * the hourly housekeeping; answers how many uploads' rows it deleted.
 */
export async function deleteLeftovers(
  ctx: CoreContext,
  turn?: () => Promise<void> | undefined,
): Promise<number> {
  const sqlite = dialectOf(ctx.db) === 'sqlite';
  const bound = newId('upload', new Date(ctx.clock.now().getTime() - STAGING_LEASE_MS));
  const leftovers = new Map<string, Record<Target, number>>();
  for (const target of TARGETS) {
    const found = await ctx.db
      .selectFrom(STAGED[target])
      .select(['upload_id', (eb) => eb.fn.max('seq').as('last')])
      .$if(!sqlite, (qb) => qb.where('upload_id', '<', bound))
      .groupBy('upload_id')
      .execute();
    for (const { upload_id: id, last } of found) {
      if (ctx.stagingUploads.has(id)) continue;
      const counts = leftovers.get(id) ?? { orders: 0, order_lines: 0, pieces: 0, events: 0 };
      counts[target] = Number(last);
      leftovers.set(id, counts);
    }
  }
  for (const [id, counts] of leftovers) await dropStaged(ctx, { id, counts }, turn);
  return leftovers.size;
}
