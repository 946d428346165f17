import { Type, type Static } from '@sinclair/typebox';
import { ORDER_LIMITS } from '../../core/orders/order-input.js';
import type * as Core from '../../core/orders/order-view.js';
import { ORDER_STATUSES, PIECE_STATUSES } from '../../domain/order-status.js';
import { STUCK_REASONS, type StuckReason } from '../../domain/stuck.js';
import { REFUSAL_REASONS, SCAN_EVENTS } from '../../domain/scan-rules.js';
import {
  ClosedSet,
  IsoDate,
  IsoDateTime,
  ListQuery,
  Nullable,
  Strict,
  StringEnum,
} from './common.js';
import type { Assert, Same } from './same-shape.js';

const L = ORDER_LIMITS;

/** An order status in a query (validated, so a union of literals). */
export const OrderStatus = StringEnum(ORDER_STATUSES);
// Answers use `type` + `enum` and `type: [t, 'null']` (StringEnum, Nullable), which the
// serializer writes inline; `anyOf` made a 5,000-row order several times slower to write out.
export const OrderStatusOut = StringEnum(ORDER_STATUSES);
export const PieceStatusOut = StringEnum(PIECE_STATUSES);

export const Line = Type.Object(
  {
    sku: Type.String(),
    colour: Nullable(Type.String()),
    qty: Type.Integer(),
    pieces_per_unit: Type.Integer(),
    piece_names: Nullable(Type.Array(Type.String())),
  },
  { $id: 'OrderLine' },
);

/** An order as lists, events and scan answers show it: everything but pieces and scans. */
export const OrderListItem = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('order'),
    order_no: Type.String(),
    status: OrderStatusOut,
    source: StringEnum(['api', 'upload'] as const),
    retailer_id: Type.String(),
    retailer_name: Type.String(),
    retailer_code: Type.String(),
    production_date: Nullable(IsoDate),
    needed_by: Nullable(IsoDate),
    sku: Type.String(),
    colour: Nullable(Type.String()),
    qty: Type.Integer(),
    pieces_per_unit: Type.Integer(),
    items: Type.String(),
    lines: Type.Array(Line),
    pieces_total: Type.Integer(),
    pieces_scanned: Type.Integer(),
    pieces_in_stock: Type.Integer(),
    pieces_dispatched: Type.Integer(),
    piece_states: Type.Array(PieceStatusOut),
    stuck: Type.Boolean(),
    stuck_reason: Nullable(
      Type.Unsafe<StuckReason>({
        type: 'string',
        enum: [...STUCK_REASONS],
        description:
          'Why it is stuck: partially_dispatched (part has left), or waiting_since (produced or in stock longer than stuck_after_days since produced_at); null when not stuck',
      }),
    ),
    created_by: Nullable(
      Type.Object(
        {
          type: StringEnum(['staff', 'api_key'] as const),
          id: Type.String(),
          name: Type.String({
            description: 'The staff user’s or API key’s name when it created the order',
          }),
        },
        {
          description: 'Who pushed or uploaded the order; null for orders made before it was kept',
        },
      ),
    ),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
    produced_at: Nullable(IsoDateTime),
    in_stock_at: Nullable(IsoDateTime),
    dispatched_at: Nullable(IsoDateTime),
    cancelled_at: Nullable(IsoDateTime),
    // The live floor (DESIGN §16): on the orders list and order page, computed when read.
    forecast_dispatch_at: Type.Optional(
      Nullable(
        Type.String({
          format: 'date-time',
          description:
            'When the order’s remaining pieces will be dispatched at the floor’s recent rate (the last 8 working hours), orders taken in needed_by order; null for a dispatched or cancelled order or without recent throughput. On the list and the order page.',
        }),
      ),
    ),
    at_risk: Type.Optional(
      Type.Boolean({ description: 'The forecast falls after the needed_by day (UTC).' }),
    ),
  },
  { $id: 'OrderSummary' },
);

export const Piece = Type.Object(
  {
    id: Type.String(),
    barcode: Type.String(),
    line_no: Type.Integer(),
    unit_no: Type.Integer(),
    piece_no: Type.Integer(),
    piece_name: Nullable(Type.String()),
    status: PieceStatusOut,
    location: Nullable(Type.String()),
    produced_at: Nullable(IsoDateTime),
    in_stock_at: Nullable(IsoDateTime),
    dispatched_at: Nullable(IsoDateTime),
    label_printed_at: Nullable(IsoDateTime),
  },
  { $id: 'Piece' },
);

/** A scan in an order's history. */
export const OrderScan = Type.Object(
  {
    id: Type.String(),
    event: ClosedSet(SCAN_EVENTS),
    accepted: Type.Boolean(),
    reason: Nullable(
      ClosedSet(REFUSAL_REASONS, { description: 'Why the scan was refused; null when accepted.' }),
    ),
    location: Nullable(Type.String()),
    station: Type.String(),
    station_id: Type.String(),
    barcode: Type.String(),
    piece_id: Nullable(Type.String()),
    scanned_at: Nullable(IsoDateTime),
    at: IsoDateTime,
    consignment_id: Nullable(Type.String()),
    handling_unit_id: Nullable(Type.String()),
    operator_id: Nullable(
      Type.String({ description: 'The operator who made the scan (DESIGN §17).' }),
    ),
    operator_name: Nullable(Type.String()),
  },
  { $id: 'OrderScan' },
);

export const Order = Type.Composite(
  [OrderListItem, Type.Object({ pieces: Type.Array(Piece), scans: Type.Array(OrderScan) })],
  { $id: 'Order' },
);

export const LineBody = Strict(
  {
    sku: Type.String({ minLength: 1, maxLength: L.skuMax, pattern: '\\S' }),
    colour: Type.Optional(Nullable(Type.String({ maxLength: L.colourMax }))),
    qty: Type.Integer({ minimum: 1, maximum: L.qtyMax }),
    pieces_per_unit: Type.Integer({ minimum: 1, maximum: L.piecesPerUnitMax }),
    piece_names: Type.Optional(
      Nullable(
        Type.Array(Type.String({ minLength: 1, maxLength: L.pieceNameMax, pattern: '\\S' }), {
          minItems: 1,
          maxItems: L.piecesPerUnitMax,
        }),
      ),
    ),
  },
  { $id: 'OrderLineCreate' },
);

export const OrderBody = Strict(
  {
    order_no: Type.String({ minLength: 1, maxLength: L.orderNoMax, pattern: '\\S' }),
    retailer_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    retailer_code: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    production_date: Type.Optional(Nullable(IsoDate)),
    needed_by: Type.Optional(Nullable(IsoDate)),
    lines: Type.Array(LineBody, { minItems: 1, maxItems: L.linesMax }),
  },
  {
    $id: 'OrderCreate',
    examples: [
      {
        order_no: 'SW-1042',
        retailer_code: 'SW',
        needed_by: '2026-12-04',
        lines: [
          {
            sku: 'SOFA-3S',
            colour: 'Grey',
            qty: 1,
            pieces_per_unit: 2,
            piece_names: ['Frame', 'Cushions'],
          },
          { sku: 'STOOL', qty: 2, pieces_per_unit: 1 },
        ],
      },
    ],
  },
);

/** PATCH /v1/orders/{id}: what may change before production; at least one field. */
export const OrderPatchBody = Strict(
  {
    production_date: Type.Optional(Nullable(IsoDate)),
    needed_by: Type.Optional(Nullable(IsoDate)),
    lines: Type.Optional(
      Type.Array(LineBody, {
        minItems: 1,
        maxItems: L.linesMax,
        description: 'Every line of the order: they replace the current lines.',
      }),
    ),
  },
  { minProperties: 1 },
);

export const ListOrdersQuery = Type.Object(
  {
    ...ListQuery,
    status: Type.Optional(
      StringEnum(ORDER_STATUSES, { description: 'Only orders in this status.' }),
    ),
    retailer: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'The retailer by id or code; an unknown one is 404, not an empty list.',
      }),
    ),
    retailer_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: "Only this retailer's orders, by id (`rtl_…`); prefer `retailer`.",
      }),
    ),
    stuck: Type.Optional(
      Type.Boolean({
        description:
          'true: only orders stuck now (partially dispatched, or produced longer than stuck_after_days ago); false: only those not stuck.',
      }),
    ),
    stuck_reason: Type.Optional(
      StringEnum(STUCK_REASONS, {
        description: 'Only stuck orders stuck for this reason (the stored flag, as stuck=true)',
      }),
    ),
    needed_by_before: Type.Optional(
      Type.String({
        format: 'date',
        description:
          'Only orders needed strictly before this date (needed_by < needed_by_before); orders without needed_by are left out.',
      }),
    ),
    updated_since: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          'Only orders changed at or after this time (inclusive: updated_at >= updated_since). For a sync, send the time your last sync started and page to the end: an order changed again while you page shows up on a later sync too.',
      }),
    ),
    order_no: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: L.orderNoMax,
        description: 'Only the order with exactly this number (at most one).',
      }),
    ),
  },
  { additionalProperties: false },
);

const BoundedCount = Type.Object({
  count: Type.Integer(),
  exact: Type.Boolean({ description: 'false: the count stopped at `limit`; there are more' }),
});

export const OrderCounts = Type.Object(
  {
    object: Type.Literal('order_counts'),
    limit: Type.Integer({ description: 'Counts stop here (exact: false beyond it)' }),
    statuses: Type.Array(Type.Composite([Type.Object({ status: OrderStatusOut }), BoundedCount])),
    stuck: BoundedCount,
  },
  { $id: 'OrderCounts' },
);

/** The answer to POST /v1/orders/upload. */
export const UploadAnswer = Type.Object(
  {
    object: Type.Literal('upload'),
    dry_run: Type.Boolean(),
    orders_created: Type.Integer(),
    orders: Type.Array(
      Type.Object({
        id: Nullable(Type.String()),
        order_no: Type.String(),
        retailer_code: Type.String(),
        pieces_total: Type.Integer(),
      }),
    ),
  },
  { $id: 'OrderUpload' },
);

export type Line = Static<typeof Line>;
export type OrderListItem = Static<typeof OrderListItem>;
export type Piece = Static<typeof Piece>;
export type OrderScan = Static<typeof OrderScan>;
export type Order = Static<typeof Order>;
export type OrderBody = Static<typeof OrderBody>;
export type OrderCounts = Static<typeof OrderCounts>;

// The views core builds are these shapes, field for field.
type _CoreViews = [
  Assert<Same<Line, Core.OrderLine>>,
  Assert<Same<OrderListItem, Core.OrderListItem>>,
  Assert<Same<Piece, Core.PieceView>>,
  Assert<Same<Order, Core.OrderView>>,
];
