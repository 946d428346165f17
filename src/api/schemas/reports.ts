import { Type, type Static } from '@sinclair/typebox';
import type {
  CycleTimesReport as CoreCycleTimes,
  ThroughputReport as CoreThroughput,
} from '../../core/reports/reports.js';
import { IsoDateTime, Nullable, StringEnum } from './common.js';
import type { Assert, Same } from './same-shape.js';

const Format = Type.Union([Type.Literal('json'), Type.Literal('csv')], {
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

export const ThroughputQuery = Type.Object(
  {
    from: Type.Optional(From),
    to: Type.Optional(To),
    bucket: Type.Union([Type.Literal('hour'), Type.Literal('day')], {
      default: 'hour',
      description: 'UTC hours or UTC days.',
    }),
    group_by: Type.Union(
      [Type.Literal('station'), Type.Literal('role'), Type.Literal('operator')],
      {
        default: 'station',
      },
    ),
    format: Format,
  },
  { additionalProperties: false },
);

export const ThroughputRow = Type.Object(
  {
    bucket_start: IsoDateTime,
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
    per: Type.Union([Type.Literal('piece'), Type.Literal('order')], { default: 'piece' }),
    format: Format,
  },
  { additionalProperties: false },
);

const Stage = Type.Union(
  [
    Type.Literal('produce_to_stock'),
    Type.Literal('stock_to_dispatch'),
    Type.Literal('produce_to_dispatch'),
  ],
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
          p50_seconds: Nullable(Type.Number()),
          p90_seconds: Nullable(Type.Number()),
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
