import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { cancelOrder } from '../../core/orders/cancel-order.js';
import { countOrders } from '../../core/orders/count-orders.js';
import { createOrder } from '../../core/orders/create-order.js';
import { listFactoryOrders } from '../../core/orders/list-orders.js';
import { ORDER_LIMITS } from '../../core/orders/order-input.js';
import { getOrder } from '../../core/orders/order-view.js';
import { uploadOrders } from '../../core/orders/upload-orders.js';
import { takeTurns } from '../../core/take-turns.js';
import { AppError } from '../../domain/errors.js';
import { sendInTurns } from '../json-in-turns.js';
import { ORDER_STATUSES, PIECE_STATUSES } from '../../domain/order-status.js';
import type { RouteDeps } from '../app.js';
import { factoryOf } from '../route-helpers.js';
import {
  IdParams,
  IsoDate,
  IsoDateTime,
  ListOf,
  ListQuery,
  Nullable,
  Strict,
  StringEnum,
} from '../schemas/common.js';

const L = ORDER_LIMITS;

const OrderStatus = Type.Union(ORDER_STATUSES.map((s) => Type.Literal(s)));
// Answers use `type` + `enum` and `type: [t, 'null']` (StringEnum, Nullable), which the
// serializer writes inline; `anyOf` made a 5,000-row order several times slower to write out.
const OrderStatusOut = StringEnum(ORDER_STATUSES);
const PieceStatusOut = StringEnum(PIECE_STATUSES);

const Line = Type.Object({
  sku: Type.String(),
  colour: Nullable(Type.String()),
  qty: Type.Integer(),
  pieces_per_unit: Type.Integer(),
  piece_names: Nullable(Type.Array(Type.String())),
});

const OrderListItem = Type.Object({
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
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
  produced_at: Nullable(IsoDateTime),
  in_stock_at: Nullable(IsoDateTime),
  dispatched_at: Nullable(IsoDateTime),
  cancelled_at: Nullable(IsoDateTime),
});

const Piece = Type.Object({
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

const Scan = Type.Object({
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
});

export const OrderSchema = Type.Composite([
  OrderListItem,
  Type.Object({ pieces: Type.Array(Piece), scans: Type.Array(Scan) }),
]);
export const OrderListItemSchema = OrderListItem;
export const OrderLineSchema = Line;
export const PieceSchema = Piece;

const LineBody = Strict({
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

const OrderBody = Strict({
  order_no: Type.String({ minLength: 1, maxLength: L.orderNoMax, pattern: '\\S' }),
  retailer_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  retailer_code: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  production_date: Type.Optional(Nullable(IsoDate)),
  needed_by: Type.Optional(Nullable(IsoDate)),
  lines: Type.Array(LineBody, { minItems: 1, maxItems: L.linesMax }),
});

const ListOrdersQuery = Type.Object(
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

const OrderCounts = Type.Object({
  object: Type.Literal('order_counts'),
  limit: Type.Integer({ description: 'Counts stop here (exact: false beyond it)' }),
  statuses: Type.Array(Type.Composite([Type.Object({ status: OrderStatusOut }), BoundedCount])),
  stuck: BoundedCount,
});

const UploadAnswer = Type.Object({
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

/**
 * One order with every piece and scan is written out with JSON.stringify, not the schema's
 * serializer: thousands of rows escape faster natively (DESIGN §10 bounds this answer at twice
 * the raw read); an order's GET in slices with turns between them (json-in-turns.ts). The view is built
 * field by field from the schema's fields (order-view.ts), and a test compares an answer's
 * fields with the schema, so nothing undeclared can leak.
 */
const nativeJson = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

export async function ordersRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/v1/orders',
    {
      config: { idempotent: true },
      ...nativeJson,
      schema: {
        tags: ['orders'],
        summary: 'Push an order: its lines become units and pieces with barcodes',
        body: OrderBody,
        response: { 200: OrderSchema },
      },
    },
    async (request) => createOrder(core, factoryOf(request), request.body, 'api'),
  );

  r.post(
    '/v1/orders/upload',
    {
      config: { idempotent: true },
      schema: {
        tags: ['orders'],
        summary: 'Upload orders as CSV (text/csv): all or nothing; ?dry_run=true only checks',
        consumes: ['text/csv'],
        // Declared per content type, so the typed clients know the body is CSV text; any other
        // content type is not validated here and is refused below (415).
        body: {
          content: {
            'text/csv': {
              schema: Type.String({
                description:
                  'A header row (order_no, retailer_code, sku, colour, qty, pieces_per_unit, production_date, needed_by, piece_names), then one row per order line',
              }),
            },
          },
        },
        querystring: Type.Object(
          { dry_run: Type.Boolean({ default: false }) },
          { additionalProperties: false },
        ),
        response: { 200: UploadAnswer },
      },
    },
    async (request) => {
      if (typeof request.body !== 'string') {
        throw new AppError('unsupported_media_type', {
          message: 'Send the orders as CSV with content-type: text/csv.',
        });
      }
      return uploadOrders(core, factoryOf(request), request.body, {
        dryRun: request.query.dry_run,
      });
    },
  );

  r.get(
    '/v1/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'List orders, newest first (without pieces and scans)',
        querystring: ListOrdersQuery,
        response: { 200: ListOf(OrderListItem) },
      },
    },
    async (request) => listFactoryOrders(core, factoryOf(request), request.query),
  );

  r.get(
    '/v1/order-counts',
    {
      schema: {
        tags: ['orders'],
        summary: 'How many orders are in each status, and how many are stuck (up to a limit)',
        response: { 200: OrderCounts },
      },
    },
    async (request) => countOrders(core, factoryOf(request)),
  );

  r.get(
    '/v1/orders/:id',
    {
      ...nativeJson,
      schema: {
        tags: ['orders'],
        summary: 'One order with every piece and its scan history (id, or a unique order_no)',
        params: IdParams,
        response: { 200: OrderSchema },
      },
    },
    async (request, reply) => {
      const turn = takeTurns();
      const view = await getOrder(core.db, factoryOf(request), request.params.id, {
        now: core.clock.now(),
        turn,
      });
      return sendInTurns(reply, view, turn);
    },
  );

  r.post(
    '/v1/orders/:id/cancel',
    {
      ...nativeJson,
      schema: {
        tags: ['orders'],
        summary: 'Cancel an order (refused once anything is dispatched)',
        params: IdParams,
        response: { 200: OrderSchema },
      },
    },
    async (request) => cancelOrder(core, factoryOf(request), request.params.id),
  );
}
