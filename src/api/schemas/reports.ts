import { Type, type Static } from '@sinclair/typebox';
import type {
  CycleTimesReport as CoreCycleTimes,
  ThroughputReport as CoreThroughput,
} from '../../core/reports/reports.js';
import { IsoDateTime, Nullable, StringEnum } from './common.js';
import type { Assert, Same } from './same-shape.js';

const Format = StringEnum(['json', 'csv'] as const, {
  default: 'json',
  description: '`csv` answers the same rows as CSV (text/csv), with a header line.',
});
const From = Type.String({
  format: 'date-time',
  description:
    'Start of the range (included). Default: a day (bucket=hour) or 30 days before `to`.',
});
const To = Type.String({
  format: 'date-time',
  description: 'End of the range (excluded). Default: now.',
});

const Bucket = StringEnum(['hour', 'day'] as const, {
  default: 'hour',
  description: 'Hours or days of the factory’s time zone (setting `timezone`).',
});
const GroupBy = StringEnum(['station', 'role', 'operator'] as const, {
  default: 'station',
  description:
    'One row per bucket and station, per role (produce, stock, dispatch), or per operator.',
});
const Per = StringEnum(['piece', 'order'] as const, {
  default: 'piece',
  description:
    "The pieces' milestones, or the orders' (an order's produced_at, in_stock_at, dispatched_at).",
});

export const ThroughputQuery = Type.Object(
  {
    from: Type.Optional(From),
    to: Type.Optional(To),
    bucket: Bucket,
    group_by: GroupBy,
    format: Format,
  },
  { additionalProperties: false },
);

export const ThroughputRow = Type.Object(
  {
    bucket_start: Type.String({
      format: 'date-time',
      description:
        'Where the hour or day begins in the factory’s time zone, with its offset (`2026-03-29T00:00:00.000+01:00`; `Z` in UTC).',
    }),
    group: Nullable(
      Type.String({
        description:
          'The station id, the role (produce, stock, dispatch), or the operator id (null: no operator).',
      }),
    ),
    group_name: Type.String({
      description: 'The station’s name, the role, or the operator’s name.',
    }),
    produce: Type.Integer({ description: 'Accepted produce scans.' }),
    stock: Type.Integer({ description: 'Accepted stock scans.' }),
    dispatch: Type.Integer({ description: 'Accepted dispatch scans.' }),
    refused: Type.Integer({ description: 'Refused scans of any role.' }),
  },
  { additionalProperties: false, $id: 'ThroughputRow' },
);

export const ThroughputReport = Type.Object(
  {
    object: Type.Literal('throughput_report'),
    from: IsoDateTime,
    to: IsoDateTime,
    bucket: StringEnum(['hour', 'day'] as const),
    group_by: StringEnum(['station', 'role', 'operator'] as const),
    timezone: Type.String({
      description: 'The factory’s time zone (IANA name) in which hours and days begin.',
    }),
    data: Type.Array(ThroughputRow),
  },
  { additionalProperties: false, $id: 'ThroughputReport' },
);
export type ThroughputReport = Static<typeof ThroughputReport>;

export const CycleTimesQuery = Type.Object(
  {
    from: Type.Optional(From),
    to: Type.Optional(To),
    retailer_id: Type.Optional(Type.String({ maxLength: 64, description: 'One retailer’s only.' })),
    per: Per,
    format: Format,
  },
  { additionalProperties: false },
);

const Stage = StringEnum(
  ['produce_to_stock', 'stock_to_dispatch', 'produce_to_dispatch'] as const,
  {
    description: 'From the first milestone to the second: produced_at, in_stock_at, dispatched_at.',
  },
);

export const CycleTimesReport = Type.Object(
  {
    object: Type.Literal('cycle_times_report'),
    from: IsoDateTime,
    to: IsoDateTime,
    per: StringEnum(['piece', 'order'] as const),
    retailer_id: Nullable(Type.String()),
    data: Type.Array(
      Type.Object(
        {
          stage: Stage,
          count: Type.Integer({
            description: 'Pieces (or orders) that reached the stage’s end in the range.',
          }),
          p50_seconds: Nullable(
            Type.Number({
              description:
                'Nearest-rank median, within 0.5 % (durations under a second: 0); null when none.',
            }),
          ),
          p90_seconds: Nullable(
            Type.Number({ description: 'Nearest-rank 90th percentile, within 0.5 %.' }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, $id: 'CycleTimesReport' },
);
export type CycleTimesReport = Static<typeof CycleTimesReport>;

export type ReportShapesAgree = [
  Assert<Same<ThroughputReport, CoreThroughput>>,
  Assert<Same<CycleTimesReport, CoreCycleTimes>>,
];
