import { Type, type Static } from '@sinclair/typebox';
import { ORDER_LIMITS } from '../../core/orders/order-input.js';
import type * as Core from '../../core/orders/order-view.js';
import { ORDER_STATUSES, PIECE_STATUSES } from '../../domain/order-status.js';
import { STUCK_REASONS, type StuckReason } from '../../domain/stuck.js';
import { IsoDate, IsoDateTime, ListQuery, Nullable, Strict, StringEnum } from './common.js';
import type { Assert, Same } from './same-shape.js';

const L = ORDER_LIMITS;

/** An order status in a query (validated, so a union of literals). */
export const OrderStatus = Type.Union(ORDER_STATUSES.map((s) => Type.Literal(s)));
// Answers use `type` + `enum` and `type: [t, 'null']` (StringEnum, Nullable), which the
// serializer writes inline; `anyOf` made a 5,000-row order several times slower to write out.
export const OrderStatusOut = StringEnum(ORDER_STATUSES);
export const PieceStatusOut = StringEnum(PIECE_STATUSES);

export const Line = Type.Object({
  sku: Type.String(),
  colour: Nullable(Type.String()),
  qty: Type.Integer(),
  pieces_per_unit: Type.Integer(),
  piece_names: Nullable(Type.Array(Type.String())),
});

/** An order as lists, events and scan answers show it: everything but pieces and scans. */
export const OrderListItem = Type.Object({
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
      { description: 'Who pushed or uploaded the order; null for orders made before it was kept' },
    ),
  ),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  produced_at: Nullable(IsoDateTime),
  in_stock_at: Nullable(IsoDateTime),
  dispatched_at: Nullable(IsoDateTime),
  cancelled_at: Nullable(IsoDateTime),
});

export const Piece = Type.Object({
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
});

/** A scan in an order's history. */
export const OrderScan = Type.Object({
  id: Type.String(),
  event: Type.String(),
  accepted: Type.Boolean(),
  reason: Nullable(Type.String()),
  location: Nullable(Type.String()),
  station: Type.String(),
  station_id: Type.String(),
  barcode: Type.String(),
  piece_id: Nullable(Type.String()),
  scanned_at: Nullable(IsoDateTime),
  at: IsoDateTime,
  operator_id: Nullable(
    Type.String({ description: 'The operator who made the scan (DESIGN §17).' }),
  ),
  operator_name: Nullable(Type.String()),
});

export const Order = Type.Composite([
  OrderListItem,
  Type.Object({ pieces: Type.Array(Piece), scans: Type.Array(OrderScan) }),
]);

export const LineBody = Strict({
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
});

export const OrderBody = Strict({
  order_no: Type.String({ minLength: 1, maxLength: L.orderNoMax, pattern: '\\S' }),
  retailer_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  retailer_code: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  production_date: Type.Optional(Nullable(IsoDate)),
  needed_by: Type.Optional(Nullable(IsoDate)),
  lines: Type.Array(LineBody, { minItems: 1, maxItems: L.linesMax }),
});

export const ListOrdersQuery = Type.Object(
  {
    ...ListQuery,
    status: Type.Optional(OrderStatus),
    retailer: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'The retailer by id or code; an unknown one is 404, not an empty list.',
      }),
    ),
    retailer_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    stuck: Type.Optional(Type.Boolean()),
    stuck_reason: Type.Optional(
      Type.Union(
        STUCK_REASONS.map((r) => Type.Literal(r)),
        { description: 'Only stuck orders stuck for this reason (the stored flag, as stuck=true)' },
      ),
    ),
    needed_by_before: Type.Optional(IsoDate),
    updated_since: Type.Optional(IsoDateTime),
    order_no: Type.Optional(Type.String({ minLength: 1, maxLength: L.orderNoMax })),
  },
  { additionalProperties: false },
);

const BoundedCount = Type.Object({
  count: Type.Integer(),
  exact: Type.Boolean({ description: 'false: the count stopped at `limit`; there are more' }),
});

export const OrderCounts = Type.Object({
  object: Type.Literal('order_counts'),
  limit: Type.Integer({ description: 'Counts stop here (exact: false beyond it)' }),
  statuses: Type.Array(Type.Composite([Type.Object({ status: OrderStatusOut }), BoundedCount])),
  stuck: BoundedCount,
});

/** The answer to POST /v1/orders/upload. */
export const UploadAnswer = Type.Object({
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
});

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
