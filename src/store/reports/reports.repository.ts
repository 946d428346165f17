import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../dialect.js';
import type { DB } from '../schema.js';

// Reports from the scan ledger and the pieces' milestones (DESIGN §16), read from the roll-ups
// that triggers keep (migration 0830) and, for the ends of a range that cut a slot, from the
// rows themselves. Instants are ISO 8601 UTC text.

export type ThroughputBucket = 'hour' | 'day';
export type ThroughputGroup = 'station' | 'role' | 'operator';

/**
 * A stretch of 15-minute slots [fromSlot, toSlot) over which the factory's time zone keeps one
 * offset from UTC (minutes): the report's hours and days begin at the same wall times through it.
 */
export interface OffsetSegment {
  fromSlot: number;
  toSlot: number;
  offsetMinutes: number;
}

/** Scans of one bucket and group, per role and refused. */
export interface BucketCountRow {
  /**
   * By hour: the bucket's start as minutes since the epoch (UTC). By day: the wall-clock day's
   * number since the epoch (its midnight's instant depends on that day's offset).
   */
  key: number;
  group: string | null;
  produce: number;
  stock: number;
  dispatch: number;
  refused: number;
}

const SLOT_MS = 900_000;
const HOUR_MS = 3_600_000;

const epochOf = (db: Kysely<DB>, column: RawBuilder<unknown>): RawBuilder<number> =>
  dialectOf(db) === 'postgres'
    ? sql`extract(epoch from cast(${column} as timestamptz))`
    : sql`unixepoch(${column})`;
const whole = (db: Kysely<DB>, v: RawBuilder<number>, by: number): RawBuilder<number> =>
  dialectOf(db) === 'postgres'
    ? sql`floor(${v} / ${sql.lit(by)})::bigint`
    : sql`${v} / ${sql.lit(by)}`;

/** The whole units of `ms` wide inside [from, to): [first, end) in unit numbers. */
function wholeUnits(from: string, to: string, ms: number): { first: number; end: number } {
  const first = Math.ceil(Date.parse(from) / ms);
  const end = Math.max(first, Math.floor(Date.parse(to) / ms));
  return { first, end };
}
const isoOf = (ms: number) => new Date(ms).toISOString();

/**
 * Accepted scans per role and refused scans of [from, to), per bucket (hour or day of the wall
 * clock the segments describe) and group (station, role or operator; null: no operator). The
 * whole 15-minute slots come from the roll-up `scan_counts`, the parts of a slot at either end
 * from the scans themselves, so the answer is exact for any range. Test-label scans are left out.
 * Buckets are computed in the statement (integer arithmetic on slots), so it answers one row
 * per bucket and group, not per slot.
 */
export async function scanBucketCounts(
  db: Kysely<DB>,
  input: {
    factoryId: string;
    from: string;
    to: string;
    groupBy: ThroughputGroup;
    bucket: ThroughputBucket;
    segments: readonly OffsetSegment[];
  },
): Promise<BucketCountRow[]> {
  const { first, end } = wholeUnits(input.from, input.to, SLOT_MS);
  const [headEnd, tailStart] =
    first < end ? [isoOf(first * SLOT_MS), isoOf(end * SLOT_MS)] : [input.to, input.to];
  const group = (column: 'station_id' | 'event' | 'operator_id', rolled: boolean) =>
    column === 'operator_id' && rolled ? sql`nullif(operator_id, '')` : sql.ref(column);
  const column =
    input.groupBy === 'station' ? 'station_id' : input.groupBy === 'role' ? 'event' : 'operator_id';
  const role = (r: string, n: RawBuilder<unknown>) =>
    sql`case when event = ${r} then ${n} else 0 end`;
  // An accepted scan of no piece (a badge, a consignment's number, a pallet) moved no piece.
  const accepted = sql`case when accepted = 1 and piece_id is not null then 1 else 0 end`;
  const raw = (from: string, to: string) => sql`
    select ${whole(db, epochOf(db, sql`at`), 900)} as slot, ${group(column, false)} as g,
      ${role('produce', accepted)} as produce, ${role('stock', accepted)} as stock,
      ${role('dispatch', accepted)} as dispatch, case when accepted = 1 then 0 else 1 end as refused
    from scans
    where factory_id = ${input.factoryId} and at >= ${from} and at < ${to} and test_label = 0`;
  // Wall-clock minutes of a slot in a segment, then the hour's start back in UTC minutes, or the
  // wall day's number.
  const keyOf = (o: number) =>
    input.bucket === 'hour'
      ? sql`((slot * 15 + ${sql.lit(o)}) / 60) * 60 - ${sql.lit(o)}`
      : sql`(slot * 15 + ${sql.lit(o)}) / 1440`;
  const key = sql`case ${sql.join(
    input.segments.map(
      (s) =>
        sql`when slot >= ${sql.lit(s.fromSlot)} and slot < ${sql.lit(s.toSlot)} then ${keyOf(s.offsetMinutes)}`,
    ),
    sql` `,
  )} end`;
  const { rows } = await sql<BucketCountRow>`
    select ${key} as key, g as "group", sum(produce) as produce, sum(stock) as stock,
      sum(dispatch) as dispatch, sum(refused) as refused
    from (
      select slot, ${group(column, true)} as g, ${role('produce', sql`accepted`)} as produce,
        ${role('stock', sql`accepted`)} as stock, ${role('dispatch', sql`accepted`)} as dispatch,
        refused
      from scan_counts
      where factory_id = ${input.factoryId} and slot >= ${first} and slot < ${end}
      union all ${raw(input.from, headEnd)}
      union all ${raw(tailStart, input.to)}
    ) c
    group by 1, 2`.execute(db);
  return rows.map((r) => ({
    key: Number(r.key),
    group: r.group,
    produce: Number(r.produce),
    stock: Number(r.stock),
    dispatch: Number(r.dispatch),
    refused: Number(r.refused),
  }));
}

/** The names of a report's groups now: stations' and operators' names by id. */
export async function groupNames(
  db: Kysely<DB>,
  factoryId: string,
  groupBy: ThroughputGroup,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0 || groupBy === 'role') return new Map();
  const rows =
    groupBy === 'station'
      ? await db
          .selectFrom('stations')
          .select(['id', 'name'])
          .where('factory_id', '=', factoryId)
          .where('id', 'in', ids)
          .execute()
      : await db
          .selectFrom('operators')
          .select(['id', 'name'])
          .where('factory_id', '=', factoryId)
          .where('id', 'in', ids)
          .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export type CycleStage = 'produce_to_stock' | 'stock_to_dispatch' | 'produce_to_dispatch';
export const CYCLE_STAGES: readonly CycleStage[] = [
  'produce_to_stock',
  'stock_to_dispatch',
  'produce_to_dispatch',
];

/** How many durations of a stage fell in a histogram bin (see `binSeconds`). */
export interface CycleBinRow {
  stage: CycleStage;
  bin: number;
  n: number;
}

/** Bins grow by 1 % (migration 0830): bin b ≥ 1 holds [1.01^(b-1), 1.01^b) s, bin 0 under 1 s. */
export const CYCLE_BIN_RATIO = 1.01;

/**
 * The histogram of stage durations of pieces (or orders) whose later milestone falls in
 * [from, to), of one retailer when given. Whole UTC hours come from the roll-up
 * `cycle_time_counts`, the parts of an hour at either end from the milestones themselves, with
 * the same bins.
 */
export async function cycleTimeBins(
  db: Kysely<DB>,
  input: {
    factoryId: string;
    from: string;
    to: string;
    retailerId: string | null;
    per: 'piece' | 'order';
  },
): Promise<CycleBinRow[]> {
  const pg = dialectOf(db) === 'postgres';
  const { first, end } = wholeUnits(input.from, input.to, HOUR_MS);
  const [headEnd, tailStart] =
    first < end ? [isoOf(first * HOUR_MS), isoOf(end * HOUR_MS)] : [input.to, input.to];
  const seconds = (a: string, b: string): RawBuilder<number> =>
    pg
      ? sql`extract(epoch from (cast(${sql.ref(b)} as timestamptz) - cast(${sql.ref(a)} as timestamptz)))`
      : sql`((julianday(${sql.ref(b)}) - julianday(${sql.ref(a)})) * 86400.0)`;
  const bin = (a: string, b: string) =>
    sql`case when ${seconds(a, b)} < 1 then 0 else 1 + cast(floor(ln(${seconds(a, b)}) / ln(1.01)) as ${sql.raw(pg ? 'bigint' : 'integer')}) end`;
  const table =
    input.per === 'piece' ? sql`pieces t join orders o on o.id = t.order_id` : sql`orders t`;
  const retailerColumn = input.per === 'piece' ? sql`o.retailer_id` : sql`t.retailer_id`;
  const retailer =
    input.retailerId === null ? sql`1 = 1` : sql`${retailerColumn} = ${input.retailerId}`;
  const raw = (name: CycleStage, a: string, b: string) => {
    const end = sql.ref(`t.${b}`);
    const part = (from: string, to: string) => sql`
      select ${name} as stage, ${bin(`t.${a}`, `t.${b}`)} as bin, 1 as n from ${table}
      where t.factory_id = ${input.factoryId} and ${end} >= ${from} and ${end} < ${to}
        and ${sql.ref(`t.${a}`)} is not null and ${retailer}`;
    // Two ranges, not one `or`: each reads its stretch of the milestone's index.
    return sql`${part(input.from, headEnd)} union all ${part(tailStart, input.to)}`;
  };
  const { rows } = await sql<CycleBinRow>`
    select stage, bin, sum(n) as n from (
      select stage, bin, n from cycle_time_counts
      where factory_id = ${input.factoryId} and per = ${input.per} and hour >= ${first}
        and hour < ${end}
        ${input.retailerId === null ? sql`` : sql`and retailer_id = ${input.retailerId}`}
      union all ${raw('produce_to_stock', 'produced_at', 'in_stock_at')}
      union all ${raw('stock_to_dispatch', 'in_stock_at', 'dispatched_at')}
      union all ${raw('produce_to_dispatch', 'produced_at', 'dispatched_at')}
    ) c
    group by stage, bin
    having sum(n) > 0`.execute(db);
  return rows.map((r) => ({ stage: r.stage, bin: Number(r.bin), n: Number(r.n) }));
}
