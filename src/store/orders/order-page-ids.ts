import { sql, type SelectQueryBuilder, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { orderIsVisible } from './order-visibility.js';

// How a page of GET /v1/orders is read through at most one index (core/orders/list-orders.ts):
// which filter drives the page, and a date range read date by date.

type IdQuery = SelectQueryBuilder<DB, 'orders', { id: string }>;

/** What every id query of one page shares: the factory, the cursor, and the base queries. */
interface Scope {
  db: Kysely<DB>;
  factoryId: string;
  startingAfter: string | undefined;
  /** Ids of the factory's orders past the cursor, leaving out those an upload still hides. */
  base: () => IdQuery;
  /**
   * The same with hidden orders in: a filter's index alone answers it (the hidden mark is in no
   * index), so it only sizes and bounds the reads that choose a driver, never gives a page.
   */
  indexOnly: () => IdQuery;
  /** The order-number search as a LIKE pattern (lower case), checked on every row read. */
  search: string | undefined;
}
export type Column = 'status' | 'retailer_id' | 'stuck' | 'needed_by' | 'updated_at' | 'order_no';

export interface Filter {
  column: Column;
  op: '=' | '<' | '>=';
  value: string | number;
  /** Its index gives rows in id order (equality), or must be read whole and sorted (range). */
  kind: 'equality' | 'range';
}

/** Matches counted per filter before choosing which index reads the page. */
const PROBE_LIMIT = 2_000;
/** Rows walked in id order before a date range's own index is read instead. */
const WALK_LIMIT = 1_000;
/** An equality filter with at most this many matches may be walked to its end. */
const FULL_WALK_LIMIT = 20_000;

/**
 * A filter as a condition. Only the driving filter may use its index: the others are written
 * so that no index applies to them (`coalesce(col, null)` is the column's own value), which
 * leaves the database one way to read the page.
 */
function where(qb: IdQuery, f: Filter, indexed: boolean): IdQuery {
  const column = indexed ? sql.ref(f.column) : sql`coalesce(${sql.ref(f.column)}, null)`;
  return qb.where(column, f.op, f.value);
}

/** The search condition on an order-number column (`order_no`, or `p.order_no` in a join). */
const matchesSearch = (pattern: string, column: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;

/**
 * A LIKE pattern matching order numbers that contain `text`: `%`, `_` and `\\` are taken
 * literally, and A-Z are lowered as the query lowers the column (only ASCII, which SQLite's
 * `lower` and PostgreSQL's agree on).
 */
function containsPattern(text: string): string {
  const literal = text
    .replace(/[\\%_]/g, (c) => `\\${c}`)
    .replace(/[A-Z]/g, (c) => c.toLowerCase());
  return `%${literal}%`;
}

/**
 * The ids of one page of a factory's orders (newest first, ids below `startingAfter` when
 * given), matching every filter and, with `contains`, whose number contains that text. Orders an
 * upload still hides are left out of every read that gives ids, checked on the rows as the other
 * filters are. The counts that choose the driver include them: hidden orders are few and
 * short-lived, and counting them costs nothing from the index, where leaving them out would read
 * every counted row.
 */
export function orderPageIds(
  db: Kysely<DB>,
  factoryId: string,
  page: { startingAfter: string | undefined; contains: string | undefined },
  filters: readonly Filter[],
  limit: number,
): Promise<string[]> {
  const { startingAfter } = page;
  const indexOnly = (): IdQuery =>
    db
      .selectFrom('orders')
      .select('id')
      .where('factory_id', '=', factoryId)
      .$if(startingAfter !== undefined, (qb) => qb.where('id', '<', startingAfter!));
  const base = (): IdQuery => indexOnly().where(orderIsVisible());
  const search = page.contains === undefined ? undefined : containsPattern(page.contains);
  return pageIds({ db, factoryId, startingAfter, base, indexOnly, search }, filters, limit);
}

/**
 * The ids of one page (newest first), read through the index of at most one filter: the one
 * chosen here. The order-number search is never a driver: it is checked on the rows read.
 */
async function pageIds(scope: Scope, filters: readonly Filter[], limit: number): Promise<string[]> {
  const { db, base, indexOnly, search } = scope;
  const read = async (driver: Filter | undefined, query = base()) => {
    const rows = await filters
      .reduce((qb, f) => where(qb, f, f === driver), query)
      .$if(search !== undefined, (qb) => qb.where(matchesSearch(search!, 'order_no')))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  };
  if (filters.length === 0) return read(undefined);
  // A number names at most a few orders: nothing beats its index.
  const byNumber = filters.find((f) => f.column === 'order_no');
  if (byNumber) return read(byNumber);
  if (filters.length === 1 && filters[0]!.kind === 'equality') return read(filters[0]);

  /** Matches of one filter, counted from its index alone, up to `cap + 1` (hidden ones too). */
  const countUpTo = async (f: Filter, cap: number) => {
    const probe = await db
      .selectFrom(
        where(indexOnly(), f, true)
          .limit(cap + 1)
          .as('m'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(probe.n);
  };
  const counted: { filter: Filter; matches: number }[] = [];
  for (const f of filters) counted.push({ filter: f, matches: await countUpTo(f, PROBE_LIMIT) });
  counted.sort((a, b) => a.matches - b.matches);
  if (counted[0]!.matches <= PROBE_LIMIT) return read(counted[0]!.filter);

  // Every filter matches many orders: walk newest first along the least common equality filter
  // (or the table), where matches are usually dense...
  const walker = counted.find((c) => c.filter.kind === 'equality')?.filter;
  const range = counted.find((c) => c.filter.kind === 'range')?.filter;
  if (!range) return read(walker);
  // ...but only WALK_LIMIT rows deep: a date range's matches may all lie far back in history.
  // Past that, its index is read whole instead (index only, then the newest kept). The boundary
  // comes from the index alone, hidden rows counted: the walk above it still leaves them out,
  // and a full page found there is the newest of all, any match below the boundary being older.
  const boundary = await (walker ? where(indexOnly(), walker, true) : indexOnly())
    .orderBy('id', 'desc')
    .limit(1)
    .offset(WALK_LIMIT - 1)
    .executeTakeFirst();
  if (!boundary) return read(walker);
  const walked = await read(walker, base().where('id', '>=', boundary.id));
  if (walked.length >= limit) return walked;
  // The matches are older. An equality filter of moderate size is walked to its end: bounded,
  // and cheaper than a date-by-date read in which that filter is rare on most days.
  if (walker && (await countUpTo(walker, FULL_WALK_LIMIT)) <= FULL_WALK_LIMIT) return read(walker);
  return range.column === 'needed_by' ? readByDay(scope, range, filters, limit) : read(range);
}

/**
 * The newest ids among orders needed before a date, without reading every such order: there
 * are few distinct dates. The page's ids come from at most `limit` dates — those whose newest
 * matching order is newest — because any other date's orders are older than that many others.
 * So: one statement finds each date's newest matching id (a seek per date), then the best dates
 * give their newest ids, in turn, until no remaining date can beat the page.
 *
 * Hidden orders: the dates are found from the index alone, so a date may have only hidden
 * orders; its newest is then none and it drops out. A date's newest must be a visible match,
 * so the seek leaves hidden orders out as the reads do: a hidden newest could rank among the
 * best a date whose visible orders are older, pushing out a date the page needs.
 */
async function readByDay(
  scope: Scope,
  range: Filter,
  filters: readonly Filter[],
  limit: number,
): Promise<string[]> {
  const { db, factoryId, startingAfter, base, search } = scope;
  const others = filters.filter((f) => f !== range);
  const conditions = [
    ...(startingAfter === undefined ? [] : [sql`p.id < ${startingAfter}`]),
    // Not indexable, as in `where`: each day is read through the needed_by index alone.
    ...others.map(
      (f) => sql`coalesce(${sql.ref(`p.${f.column}`)}, null) ${sql.raw(f.op)} ${f.value}`,
    ),
    ...(search === undefined ? [] : [matchesSearch(search, 'p.order_no')]),
  ];
  const also = conditions.length === 0 ? sql`` : sql` and ${sql.join(conditions, sql` and `)}`;
  const best = await sql<{ day: string; newest: string }>`
    with recursive days (day) as (
      select max(needed_by) from orders where factory_id = ${factoryId} and needed_by < ${range.value}
      union all
      select (select max(d.needed_by) from orders d
              where d.factory_id = ${factoryId} and d.needed_by < days.day)
      from days where days.day is not null
    ),
    -- Materialized so that each day's seek runs once (inlined, it would run per reference).
    per_day as materialized (
      select day, (select p.id from orders p
                   where p.factory_id = ${factoryId} and p.needed_by = days.day
                     and ${orderIsVisible('p')}${also}
                   order by p.id desc limit 1) as newest
      from days where day is not null
    )
    select day, newest from per_day
    where newest is not null
    order by newest desc
    limit ${limit}`.execute(db);

  const newestFirst = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
  let ids: string[] = [];
  for (const { day, newest } of best.rows) {
    // Days come newest first: once the page is full of newer ids, no later day can add one.
    if (ids.length >= limit && ids[limit - 1]! > newest) break;
    const rows = await others
      .reduce((qb, f) => where(qb, f, false), base().where('needed_by', '=', day))
      .$if(search !== undefined, (qb) => qb.where(matchesSearch(search!, 'order_no')))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    ids = [...ids, ...rows.map((r) => r.id)].sort(newestFirst).slice(0, limit);
  }
  return ids;
}
