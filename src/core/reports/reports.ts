import { DAY } from '../../domain/clock.js';
import { invalid } from '../../domain/errors.js';
import {
  cycleTimes,
  throughput,
  type CycleTimeRow,
  type ThroughputBucket,
  type ThroughputGroup,
  type ThroughputRow,
} from '../../store/reports/reports.repository.js';
import type { CoreContext } from '../context.js';

export type { CycleTimeRow, ThroughputRow } from '../../store/reports/reports.repository.js';

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
  data: ThroughputRow[];
}

/**
 * Throughput from the scan ledger (DESIGN §16): per bucket (UTC hours or days) and group, the
 * accepted scans of each role and the refused ones, recorded in [from, to); test labels apart.
 */
export async function throughputReport(
  ctx: CoreContext,
  factoryId: string,
  input: Range & { bucket: ThroughputBucket; group_by: ThroughputGroup },
): Promise<ThroughputReport> {
  const { from, to } = rangeOf(ctx, input, input.bucket);
  const data = await throughput(ctx.db, {
    factoryId,
    from,
    to,
    bucket: input.bucket,
    groupBy: input.group_by,
  });
  return {
    object: 'throughput_report',
    from,
    to,
    bucket: input.bucket,
    group_by: input.group_by,
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
  const data = await cycleTimes(ctx.db, { factoryId, from, to, retailerId, per: input.per });
  return { object: 'cycle_times_report', from, to, per: input.per, retailer_id: retailerId, data };
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
