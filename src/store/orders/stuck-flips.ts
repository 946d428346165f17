import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { newId } from '../../domain/ids.js';
import { stuckThreshold } from '../../domain/stuck.js';
import { dialectOf, type DialectName } from '../dialect.js';
import type { DB } from '../schema.js';
import { loadLines, orderRowsByIds, type LineRow, type OrderRow } from './order-rows.js';
import { orderIsVisible } from './order-visibility.js';

// The set-based statements that make every order's stored `stuck` true to the clock
// (core/jobs/stuck-recompute.ts says when and why).

export interface StuckFlipOptions {
  now: Date;
  nowIso: string;
  /** Most flips each way. */
  limit: number;
  /** Whether an endpoint subscribed to these event types gets `order.stuck`. */
  subscribed: (events: readonly string[]) => boolean;
  /**
   * The data of an order's `order.stuck` event once flipped, from its row before the flip: used
   * on PostgreSQL, whose JSON functions space their output otherwise than JSON.stringify.
   */
  stuckEventData: (row: OrderRow, lines: readonly LineRow[]) => unknown;
}

/**
 * Ids of the form `newId` makes (prefix, 10 characters of time, 16 more) for rows a set-based
 * insert writes, numbered in the statement: the 16 are 10 random hex digits drawn once for the
 * statement and the row's number `n` (from 1) in 6 hex digits (upper-case hex is a subset of the
 * Crockford alphabet). The rows of one statement so take neighbouring keys, which their table's
 * primary key index appends in one place: random keys scattered a pass's thousands of inserts
 * over the whole index, each costing more as the table grew.
 */
function numberedIdSql(
  dialect: DialectName,
  prefixAndTime: string,
  n: RawBuilder<number>,
): RawBuilder<string> {
  const base = `${prefixAndTime}${randomBytes(5).toString('hex').toUpperCase()}`;
  return dialect === 'postgres'
    ? sql<string>`${base} || upper(lpad(to_hex(${n}), 6, '0'))`
    : sql<string>`${base} || printf('%06X', ${n})`;
}

/**
 * One transaction's flips (at most `limit` each way), inside the caller's transaction:
 *
 * 1. the orders to flip are collected in a temporary table: stuck now but stored as not stuck
 *    (each given an event id), and stored as stuck but not stuck any more;
 * 2. each new episode gets an `order.stuck` event and a pending delivery for every enabled
 *    endpoint subscribed to it;
 * 3. one UPDATE flips them, setting `stuck_since` (or clearing it).
 */
export async function flipStuckOrders(
  trx: Kysely<DB>,
  options: StuckFlipOptions,
): Promise<{ became_stuck: number; cleared: number }> {
  const { now, nowIso, limit } = options;
  const dialect = dialectOf(trx);
  const settings = await trx
    .selectFrom('settings')
    .select(['factory_id', 'stuck_after_days'])
    .execute();
  if (settings.length === 0) return { became_stuck: 0, cleared: 0 };

  const thresholds = sql.join(
    settings.map((s) => sql`(${s.factory_id}, ${stuckThreshold(now, s.stuck_after_days)})`),
  );
  const withThresholds = sql`with thresholds (factory_id, threshold) as (values ${thresholds})`;
  // Each factory's orders through orders_stuck_scan (factory_id, stuck, status, produced_at):
  // only rows whose flag is about to change are read, whatever the size of the table. Orders
  // an upload still hides are left alone (checked on those rows): no event may name one, and
  // the first pass after they are published makes their flag right. Every later statement
  // reaches orders through stuck_flips only.
  const visible = orderIsVisible('o');
  const becameStuck = sql`select o.id, o.factory_id from thresholds t join orders o
      on o.factory_id = t.factory_id and o.stuck = 0 and o.status = 'partially_dispatched'
    where ${visible}
    union all
    select o.id, o.factory_id from thresholds t join orders o
      on o.factory_id = t.factory_id and o.stuck = 0 and o.status in ('produced', 'in_stock')
      and o.produced_at < t.threshold
    where ${visible}`;
  const stoppedBeingStuck = sql`select o.id, o.factory_id from thresholds t join orders o
      on o.factory_id = t.factory_id and o.stuck = 1
    where ${visible}
      and not (o.status = 'partially_dispatched' or (o.status in ('produced', 'in_stock')
      and o.produced_at is not null and o.produced_at < t.threshold))`;
  const timePart = newId('event', now).slice(4, 14);

  // event_id is set for the new episodes, null for the orders that stop being stuck.
  await sql`create temp table if not exists stuck_flips (
    order_id text primary key, factory_id text not null, event_id text)`.execute(trx);
  await sql`delete from stuck_flips`.execute(trx);

  // 1. What flips.
  // '' marks a new episode until its event id is numbered (null: an episode that ends).
  const found = await sql`${withThresholds}
    insert into stuck_flips (order_id, factory_id, event_id)
    select n.id, n.factory_id, '' from (${becameStuck}) n
    limit ${limit}`.execute(trx);
  const became = Number(found.numAffectedRows ?? 0);
  if (became > 0) {
    // Numbered over the flips alone: a window over the search itself would read all of it.
    const eventId = numberedIdSql(dialect, `evt_${timePart}`, sql`x.k`);
    await sql`update stuck_flips set event_id = ${eventId}
      from (select order_id, row_number() over (order by order_id) as k
        from stuck_flips where event_id = '') x
      where stuck_flips.order_id = x.order_id`.execute(trx);
  }
  const ending = await sql`${withThresholds}
    insert into stuck_flips (order_id, factory_id, event_id)
    select n.id, n.factory_id, null from (${stoppedBeingStuck}) n
    limit ${limit}`.execute(trx);
  const cleared = Number(ending.numAffectedRows ?? 0);
  if (became === 0 && cleared === 0) return { became_stuck: 0, cleared: 0 };

  if (became > 0 && dialect === 'postgres') {
    await insertStuckEvents(trx, options);
  } else if (became > 0) {
    // 2a. The events: the same payload as recomputeOrder's, the order as lists show it.
    // CROSS JOIN keeps the new episodes as the outer loop (SQLite plans joins in that order;
    // it has no statistics for the temporary table and would otherwise scan every order).
    await sql`insert into events (id, factory_id, type, data, created_at)
      select n.event_id, n.factory_id, 'order.stuck', ${orderStuckPayloadSql(nowIso)}, ${nowIso}
      from stuck_flips n
      cross join orders o
      cross join retailers r
      cross join order_lines l1
      where n.event_id is not null and o.id = n.order_id and r.id = o.retailer_id
        and l1.order_id = o.id
        and l1.line_no = (select min(line_no) from order_lines where order_id = o.id)`.execute(trx);
  }
  if (became > 0) {
    // 2b. Their deliveries, to the endpoints subscribed now (the rule appendEvent applies).
    const endpoints = await trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'factory_id', 'events'])
      .where('enabled', '=', 1)
      .execute();
    const subscribed = endpoints.filter((e) =>
      options.subscribed(JSON.parse(e.events) as string[]),
    );
    for (const endpoint of subscribed) {
      await sql`insert into webhook_deliveries (id, factory_id, endpoint_id, event_id, event_type,
          status, attempts, next_attempt_at, created_at, updated_at)
        select ${numberedIdSql(dialect, `dlv_${timePart}`, sql`row_number() over (order by n.event_id)`)}, n.factory_id, ${endpoint.id}, n.event_id,
          'order.stuck', 'pending', 0, ${nowIso}, ${nowIso}, ${nowIso}
        from stuck_flips n
        where n.event_id is not null and n.factory_id = ${endpoint.factory_id}`.execute(trx);
    }
  }

  // 3. One update flips them all, both ways.
  await sql`update orders
    set stuck = 1 - stuck,
        stuck_since = case when stuck = 0 then ${nowIso} else null end,
        updated_at = ${nowIso}
    where id in (select order_id from stuck_flips)`.execute(trx);
  await sql`delete from stuck_flips`.execute(trx);
  return { became_stuck: became, cleared };
}

/**
 * 2a on PostgreSQL: its JSON functions write their own spacing, and webhook bodies carry the
 * event's JSON as stored, byte for byte. So the payloads are made by the same code that makes
 * `recomputeOrder`'s (`stuckEventData`), a chunk of orders at a time (memory stays bounded by the flips of one
 * transaction).
 */
async function insertStuckEvents(trx: Kysely<DB>, options: StuckFlipOptions): Promise<void> {
  const { nowIso } = options;
  const flips = await sql<{ order_id: string; factory_id: string; event_id: string }>`
    select order_id, factory_id, event_id from stuck_flips
    where event_id is not null order by order_id`.execute(trx);
  for (let i = 0; i < flips.rows.length; i += 500) {
    const chunk = flips.rows.slice(i, i + 500);
    const rows = await orderRowsByIds(
      trx,
      null,
      chunk.map((f) => f.order_id),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const lines = new Map<string, Awaited<ReturnType<typeof loadLines>>>();
    for (const factoryId of new Set(chunk.map((f) => f.factory_id))) {
      const ids = chunk.filter((f) => f.factory_id === factoryId).map((f) => f.order_id);
      lines.set(factoryId, await loadLines(trx, factoryId, ids));
    }
    const events = chunk.map((flip) => {
      const row = byId.get(flip.order_id)!;
      const data = options.stuckEventData(
        row,
        lines.get(flip.factory_id)?.get(flip.order_id) ?? [],
      );
      return {
        id: flip.event_id,
        factory_id: flip.factory_id,
        type: 'order.stuck',
        data: JSON.stringify(data),
        created_at: nowIso,
      };
    });
    await trx.insertInto('events').values(events).execute();
  }
}

/**
 * `{order_id, order_no, retailer_id, stuck_since, order}` with `order` in the list shape of
 * `toOrderListItem` (src/core/orders/order-view.ts) after the flip: `stuck` true, its
 * `stuck_reason` from the status (domain/stuck.ts), `updated_at` now. Dialect-specific JSON functions (PostgreSQL: json_build_object, json_agg).
 */
function orderStuckPayloadSql(nowIso: string): RawBuilder<string> {
  const lines = sql`(select json_group_array(json_object(
      'sku', l.sku, 'colour', l.colour, 'qty', l.qty, 'pieces_per_unit', l.pieces_per_unit,
      'piece_names', json(l.piece_names)) order by l.line_no)
    from order_lines l where l.order_id = o.id)`;
  const order = sql`json_object(
    'id', o.id, 'object', 'order', 'order_no', o.order_no, 'status', o.status, 'source', o.source,
    'retailer_id', o.retailer_id, 'retailer_name', r.name, 'retailer_code', r.code,
    'production_date', o.production_date, 'needed_by', o.needed_by,
    'sku', l1.sku, 'colour', l1.colour, 'qty', l1.qty, 'pieces_per_unit', l1.pieces_per_unit,
    'items', o.items, 'lines', json(${lines}),
    'pieces_total', o.pieces_total, 'pieces_scanned', o.pieces_scanned,
    'pieces_in_stock', o.pieces_in_stock, 'pieces_dispatched', o.pieces_dispatched,
    'piece_states', json(o.piece_states), 'stuck', json('true'),
    'stuck_reason', case when o.status = 'partially_dispatched' then 'partially_dispatched'
      else 'waiting_since' end,
    'created_by', json(o.created_by),
    'created_at', o.created_at, 'updated_at', ${nowIso}, 'produced_at', o.produced_at,
    'in_stock_at', o.in_stock_at, 'dispatched_at', o.dispatched_at, 'cancelled_at', o.cancelled_at)`;
  return sql<string>`json_object('order_id', o.id, 'order_no', o.order_no,
    'retailer_id', o.retailer_id, 'stuck_since', ${nowIso}, 'order', ${order})`;
}
