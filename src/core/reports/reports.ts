import { DAY } from '../../domain/clock.js';
import { invalid } from '../../domain/errors.js';
import { instantOfWallTime, isoInZone, offsetMinutes } from '../../domain/time-zone.js';
import {
  CYCLE_BIN_RATIO,
  CYCLE_STAGES,
  cycleTimeBins,
  groupNames,
  scanBucketCounts,
  type CycleStage,
  type OffsetSegment,
  type ThroughputBucket,
  type ThroughputGroup,
} from '../../store/reports/reports.repository.js';
import { settingsOf } from '../../store/settings/settings.repository.js';
import type { CoreContext } from '../context.js';

export interface ThroughputRow {
  /** The bucket's start in the factory's time zone, with its offset. */
  bucket_start: string;
  group: string | null;
  group_name: string;
  produce: number;
  stock: number;
  dispatch: number;
  refused: number;
}

export interface CycleTimeRow {
  stage: CycleStage;
  count: number;
  p50_seconds: number | null;
  p90_seconds: number | null;
}

/** The longest range a report covers: 31 days of hours, 366 days of days. */
const MAX_RANGE = { hour: 31 * DAY, day: 366 * DAY } as const;

interface Range {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The range [from, to) of a report: `to` defaults to now, `from` to a day before it (hours) or 30
 * days (days). Refused (400) when `from` is not before `to` or the range is too long.
 */
function rangeOf(
  ctx: CoreContext,
  range: Range,
  bucket: ThroughputBucket,
): { from: string; to: string } {
  const to = range.to ? new Date(range.to) : ctx.clock.now();
  const from = range.from
    ? new Date(range.from)
    : new Date(to.getTime() - (bucket === 'hour' ? DAY : 30 * DAY));
  if (Number.isNaN(to.getTime())) throw invalid('to', '`to` must be an ISO 8601 date-time.');
  if (Number.isNaN(from.getTime())) throw invalid('from', '`from` must be an ISO 8601 date-time.');
  if (from.getTime() >= to.getTime()) throw invalid('from', '`from` must be before `to`.');
  if (to.getTime() - from.getTime() > MAX_RANGE[bucket]) {
    throw invalid(
      'from',
      bucket === 'hour'
        ? 'A report by hour covers at most 31 days; ask for bucket=day for longer.'
        : 'A report covers at most 366 days.',
    );
  }
  return { from: from.toISOString(), to: to.toISOString() };
}

export interface ThroughputReport {
  object: 'throughput_report';
  from: string;
  to: string;
  bucket: ThroughputBucket;
  group_by: ThroughputGroup;
  /** The factory's time zone, in which hours and days begin (setting `timezone`). */
  timezone: string;
  data: ThroughputRow[];
}

const MINUTE = 60_000;
const SLOT_MS = 15 * MINUTE;
const DAY_MS = 86_400_000;

/**
 * The stretches of 15-minute slots covering [from, to) over which `zone` keeps one offset. Every
 * zone's offset today is a multiple of 15 minutes and changes on a slot's boundary, so each slot
 * lies inside one stretch. Found by looking at each day's start and narrowing a change down to its
 * slot: a year's range costs a few hundred look-ups.
 */
function offsetSegments(zone: string, from: string, to: string): OffsetSegment[] {
  const first = Math.floor(Date.parse(from) / SLOT_MS);
  const last = Math.ceil(Date.parse(to) / SLOT_MS); // exclusive
  const offsetAt = (slot: number) => offsetMinutes(zone, slot * SLOT_MS);
  const segments: OffsetSegment[] = [];
  let start = first;
  let offset = offsetAt(first);
  const slotsPerDay = DAY_MS / SLOT_MS;
  for (let probe = first; probe < last - 1;) {
    const next = Math.min(probe + slotsPerDay, last - 1);
    if (offsetAt(next) === offset) {
      probe = next;
      continue;
    }
    // The first slot with another offset lies in (probe, next].
    let lo = probe;
    let hi = next;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetAt(mid) === offset) lo = mid;
      else hi = mid;
    }
    segments.push({ fromSlot: start, toSlot: hi, offsetMinutes: offset });
    start = hi;
    offset = offsetAt(hi);
    probe = hi;
  }
  segments.push({ fromSlot: start, toSlot: last, offsetMinutes: offset });
  return segments;
}

async function timeZoneOf(ctx: CoreContext, factoryId: string): Promise<string> {
  return (await settingsOf(ctx.db, factoryId))?.timezone ?? 'UTC';
}

/**
 * Throughput from the scan ledger (DESIGN §16): per bucket (hours or days of the factory's time
 * zone) and group, the accepted scans of each role and the refused ones, recorded in [from, to);
 * test labels apart.
 */
export async function throughputReport(
  ctx: CoreContext,
  factoryId: string,
  input: Range & { bucket: ThroughputBucket; group_by: ThroughputGroup },
): Promise<ThroughputReport> {
  const { from, to } = rangeOf(ctx, input, input.bucket);
  const timezone = await timeZoneOf(ctx, factoryId);
  const rows = await scanBucketCounts(ctx.db, {
    factoryId,
    from,
    to,
    groupBy: input.group_by,
    bucket: input.bucket,
    segments: offsetSegments(timezone, from, to),
  });
  // A bucket's start: by hour the key is it (UTC minutes); by day, the wall day's midnight.
  const midnights = new Map<number, number>();
  const startOf = (key: number) => {
    if (input.bucket === 'hour') return key * MINUTE;
    let start = midnights.get(key);
    if (start === undefined) {
      start = instantOfWallTime(timezone, key * DAY_MS);
      midnights.set(key, start);
    }
    return start;
  };
  // Rows of one bucket from two segments (an hour across a change of offset) are summed here.
  const sums = new Map<string, { start: number; group: string | null; counts: number[] }>();
  for (const r of rows) {
    const start = startOf(r.key);
    const key = `${start}\u0000${r.group ?? ''}`;
    let sum = sums.get(key);
    if (!sum) {
      sum = { start, group: r.group, counts: [0, 0, 0, 0] };
      sums.set(key, sum);
    }
    sum.counts[0]! += r.produce;
    sum.counts[1]! += r.stock;
    sum.counts[2]! += r.dispatch;
    sum.counts[3]! += r.refused;
  }
  const ids = [...new Set([...sums.values()].flatMap((s) => (s.group === null ? [] : [s.group])))];
  const names = await groupNames(ctx.db, factoryId, input.group_by, ids);
  const data = [...sums.values()]
    .sort((a, b) => a.start - b.start || (a.group ?? '').localeCompare(b.group ?? ''))
    .map((s): ThroughputRow => ({
      bucket_start: isoInZone(timezone, s.start),
      group: s.group,
      group_name: s.group === null ? 'no operator' : (names.get(s.group) ?? s.group),
      produce: s.counts[0]!,
      stock: s.counts[1]!,
      dispatch: s.counts[2]!,
      refused: s.counts[3]!,
    }));
  return {
    object: 'throughput_report',
    from,
    to,
    bucket: input.bucket,
    group_by: input.group_by,
    timezone,
    data,
  };
}

export interface CycleTimesReport {
  object: 'cycle_times_report';
  from: string;
  to: string;
  per: 'piece' | 'order';
  retailer_id: string | null;
  data: CycleTimeRow[];
}

/**
 * Cycle times (DESIGN §16): for pieces (or orders) that reached a stage's end in [from, to), the
 * time from its start, p50 and p90 in seconds.
 */
export async function cycleTimesReport(
  ctx: CoreContext,
  factoryId: string,
  input: Range & { per: 'piece' | 'order'; retailer_id?: string | undefined },
): Promise<CycleTimesReport> {
  const { from, to } = rangeOf(ctx, input, 'day');
  const retailerId = input.retailer_id ?? null;
  const bins = await cycleTimeBins(ctx.db, { factoryId, from, to, retailerId, per: input.per });
  const data = CYCLE_STAGES.map((stage) =>
    percentiles(
      stage,
      bins.filter((b) => b.stage === stage),
    ),
  );
  return { object: 'cycle_times_report', from, to, per: input.per, retailer_id: retailerId, data };
}

/** A bin's value: its geometric middle (within 0.5 % of every duration in it); 0 under 1 s. */
const binValue = (bin: number) =>
  bin === 0 ? 0 : Math.round(CYCLE_BIN_RATIO ** (bin - 0.5) * 1000) / 1000;

/** Count, and the nearest-rank 50th and 90th percentiles of a stage's histogram. */
function percentiles(stage: CycleStage, bins: readonly { bin: number; n: number }[]): CycleTimeRow {
  const sorted = [...bins].sort((a, b) => a.bin - b.bin);
  const count = sorted.reduce((sum, b) => sum + b.n, 0);
  const at = (rank: number) => {
    let seen = 0;
    for (const b of sorted) {
      seen += b.n;
      if (seen >= rank) return binValue(b.bin);
    }
    return null;
  };
  return {
    stage,
    count,
    p50_seconds: count === 0 ? null : at(Math.ceil(count / 2)),
    p90_seconds: count === 0 ? null : at(Math.ceil((count * 9) / 10)),
  };
}

type Cell = string | number | null;
const cell = (v: Cell): string => {
  if (v === null) return '';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (rows: readonly (readonly Cell[])[]): string =>
  rows.map((r) => r.map(cell).join(',') + '\r\n').join('');

export function throughputCsv(report: ThroughputReport): string {
  return csv([
    ['bucket_start', 'group', 'group_name', 'produce', 'stock', 'dispatch', 'refused'],
    ...report.data.map((r) => [
      r.bucket_start,
      r.group,
      r.group_name,
      r.produce,
      r.stock,
      r.dispatch,
      r.refused,
    ]),
  ]);
}

export function cycleTimesCsv(report: CycleTimesReport): string {
  return csv([
    ['stage', 'count', 'p50_seconds', 'p90_seconds'],
    ...report.data.map((r) => [r.stage, r.count, r.p50_seconds, r.p90_seconds]),
  ]);
}
