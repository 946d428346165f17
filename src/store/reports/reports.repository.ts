import { sql, type Kysely, type RawBuilder } from 'kysely';
import { dialectOf } from '../dialect.js';
import type { DB } from '../schema.js';

// Reports from the scan ledger and the pieces' milestones (DESIGN §16): one set-based statement
// each, on either dialect. Instants are ISO 8601 UTC text, so a bucket is a prefix of it.

export type ThroughputBucket = 'hour' | 'day';
export type ThroughputGroup = 'station' | 'role' | 'operator';

export interface ThroughputRow {
  bucket_start: string;
  group: string | null;
  group_name: string;
  produce: number;
  stock: number;
  dispatch: number;
  refused: number;
}

/**
 * Accepted scans per role and refused scans, per bucket and group, of scans recorded in
 * [from, to). Test-label scans are left out. Operators are not recorded yet: every scan is
 * "no operator" (group null).
 */
export async function throughput(
  db: Kysely<DB>,
  input: {
    factoryId: string;
    from: string;
    to: string;
    bucket: ThroughputBucket;
    groupBy: ThroughputGroup;
  },
): Promise<ThroughputRow[]> {
  const bucket =
    input.bucket === 'hour'
      ? sql<string>`substr(at, 1, 13) || ':00:00.000Z'`
      : sql<string>`substr(at, 1, 10) || 'T00:00:00.000Z'`;
  const group: RawBuilder<string | null> =
    input.groupBy === 'station'
      ? sql`station_id`
      : input.groupBy === 'role'
        ? sql`event`
        : sql`cast(null as text)`;
  const name: RawBuilder<string> =
    input.groupBy === 'station'
      ? sql`coalesce((select name from stations s where s.id = g."group"), g."group")`
      : input.groupBy === 'role'
        ? sql`g."group"`
        : sql`'no operator'`;
  const count = (where: RawBuilder<unknown>) =>
    sql<number>`sum(case when ${where} then 1 else 0 end)`;
  // Grouped from the index alone (scans_factory_at covers it); station names are looked up
  // for the groups afterwards (the station's name now).
  const { rows } = await sql<ThroughputRow>`
    select g.bucket_start, g."group", ${name} as group_name, g.produce, g.stock, g.dispatch, g.refused
    from (
      select ${bucket} as bucket_start, ${group} as "group",
        ${count(sql`accepted = 1 and event = 'produce'`)} as produce,
        ${count(sql`accepted = 1 and event = 'stock'`)} as stock,
        ${count(sql`accepted = 1 and event = 'dispatch'`)} as dispatch,
        ${count(sql`accepted = 0`)} as refused
      from scans
      where factory_id = ${input.factoryId} and at >= ${input.from} and at < ${input.to}
        and test_label = 0
      group by 1, 2
    ) g
    order by 1, 2`.execute(db);
  return rows.map((r) => ({
    ...r,
    produce: Number(r.produce),
    stock: Number(r.stock),
    dispatch: Number(r.dispatch),
    refused: Number(r.refused),
  }));
}

export type CycleStage = 'produce_to_stock' | 'stock_to_dispatch' | 'produce_to_dispatch';
export const CYCLE_STAGES: readonly CycleStage[] = [
  'produce_to_stock',
  'stock_to_dispatch',
  'produce_to_dispatch',
];

export interface CycleTimeRow {
  stage: CycleStage;
  count: number;
  p50_seconds: number | null;
  p90_seconds: number | null;
}

/**
 * Time between milestones of pieces (or orders) whose later milestone falls in [from, to), of one
 * retailer when given: count, and the 50th and 90th percentiles (nearest rank) in seconds.
 * Every stage is answered, with count 0 and null percentiles when nothing reached it.
 */
export async function cycleTimes(
  db: Kysely<DB>,
  input: {
    factoryId: string;
    from: string;
    to: string;
    retailerId: string | null;
    per: 'piece' | 'order';
  },
): Promise<CycleTimeRow[]> {
  const seconds = (a: string, b: string): RawBuilder<number> =>
    dialectOf(db) === 'postgres'
      ? sql`extract(epoch from (cast(${sql.ref(b)} as timestamptz) - cast(${sql.ref(a)} as timestamptz)))`
      : sql`(julianday(${sql.ref(b)}) - julianday(${sql.ref(a)})) * 86400.0`;
  const table = input.per === 'piece' ? sql`pieces t` : sql`orders t`;
  const retailer =
    input.retailerId === null
      ? sql`1 = 1`
      : input.per === 'piece'
        ? sql`t.order_id in (select id from orders where factory_id = ${input.factoryId} and retailer_id = ${input.retailerId})`
        : sql`t.retailer_id = ${input.retailerId}`;
  const stage = (name: CycleStage, a: string, b: string) => sql`
    select ${name} as stage, ${seconds(`t.${a}`, `t.${b}`)} as d from ${table}
    where t.factory_id = ${input.factoryId} and ${sql.ref(`t.${b}`)} >= ${input.from}
      and ${sql.ref(`t.${b}`)} < ${input.to} and ${sql.ref(`t.${a}`)} is not null and ${retailer}`;
  const { rows } = await sql<{ stage: CycleStage; n: number; p50: number; p90: number }>`
    with d as (
      ${stage('produce_to_stock', 'produced_at', 'in_stock_at')}
      union all ${stage('stock_to_dispatch', 'in_stock_at', 'dispatched_at')}
      union all ${stage('produce_to_dispatch', 'produced_at', 'dispatched_at')}
    ), r as (
      select stage, d, row_number() over (partition by stage order by d) as rn,
        count(*) over (partition by stage) as n
      from d
    )
    select stage, max(n) as n,
      min(case when rn * 2 >= n then d end) as p50,
      min(case when rn * 10 >= n * 9 then d end) as p90
    from r group by stage`.execute(db);
  const byStage = new Map(rows.map((r) => [r.stage, r]));
  const round = (v: number | null | undefined) =>
    v === null || v === undefined ? null : Math.round(Number(v) * 1000) / 1000;
  return CYCLE_STAGES.map((s) => {
    const r = byStage.get(s);
    return {
      stage: s,
      count: Number(r?.n ?? 0),
      p50_seconds: round(r?.p50),
      p90_seconds: round(r?.p90),
    };
  });
}
