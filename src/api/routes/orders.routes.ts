import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { amendOrder } from '../../core/orders/amend-order.js';
import { cancelOrder } from '../../core/orders/cancel-order.js';
import { countOrders } from '../../core/orders/count-orders.js';
import { createOrder } from '../../core/orders/create-order.js';
import { creatorRefOf } from '../../core/orders/order-creator.js';
import { listFactoryOrders } from '../../core/orders/list-orders.js';
import { getOrder } from '../../core/orders/order-view.js';
import { forecastOf } from '../../core/forecast/forecast.js';
import { uploadOrders } from '../../core/uploads/upload-orders.js';
import { takeTurns } from '../../core/take-turns.js';
import { AppError } from '../../domain/errors.js';
import { sendInTurns } from '../json-in-turns.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf, principalOf } from '../route-helpers.js';
import { IdParams, ListOf } from '../schemas/common.js';
import {
  ListOrdersQuery,
  Order,
  OrderBody,
  OrderCounts,
  OrderListItem,
  UploadAnswer,
  OrderPatchBody,
} from '../schemas/orders.js';
import { coreOf } from '../idempotency.js';

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
        operationId: 'createOrder',
        description:
          'Pushes one order. Each line becomes `qty` units of `pieces_per_unit` pieces, each with its own barcode. Send an `Idempotency-Key` so that a retry never makes a second order; the same `order_no` twice is 409 `order_exists`.',
        tags: ['orders'],
        summary: 'Push an order: its lines become units and pieces with barcodes',
        body: OrderBody,
        response: { 200: Order },
      },
    },
    async (request) =>
      createOrder(
        coreOf(request, core),
        factoryOf(request),
        request.body,
        'api',
        creatorRefOf(principalOf(request)),
      ),
  );

  r.post(
    '/v1/orders/upload',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'uploadOrders',
        description:
          "Creates orders from a CSV file sent as `text/csv` (any other content type is 415). All or nothing: one bad row refuses the file with every row's problem listed. `dry_run=true` checks without creating.",
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
          {
            dry_run: Type.Boolean({
              default: false,
              description:
                'true: check the file and answer what would be created, creating nothing.',
            }),
          },
          { additionalProperties: false },
        ),
        response: { 200: UploadAnswer },
      },
    },
    async (request) => {
      // Only text/csv: a CSV sent as JSON (a JSON string) is refused, as docs/errors.md says.
      const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
      if (type !== 'text/csv' || typeof request.body !== 'string') {
        throw new AppError('unsupported_media_type', {
          message: 'Send the orders as CSV with content-type: text/csv.',
        });
      }
      return uploadOrders(coreOf(request, core), factoryOf(request), request.body, {
        dryRun: request.query.dry_run,
        creator: creatorRefOf(principalOf(request)),
        reportError: (err, message) => request.log.error({ err }, message),
      });
    },
  );

  r.get(
    '/v1/orders',
    {
      schema: {
        operationId: 'listOrders',
        description:
          'Lists orders, newest first, without their pieces and scans, a page at a time (`next_cursor`). For a sync, filter by `updated_since` and page to the end.',
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
        operationId: 'countOrders',
        description:
          'How many orders are in each status and how many are stuck. Counting stops at `limit`; `exact: false` then says there are more.',
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
        operationId: 'getOrder',
        description:
          'One order with every piece and its scan history, by id (`ord_…`) or by `order_no` when that is unique.',
        tags: ['orders'],
        summary: 'One order with every piece and its scan history (id, or a unique order_no)',
        params: IdParams,
        response: { 200: Order },
      },
    },
    async (request, reply) => {
      const turn = takeTurns();
      const view = await getOrder(core.db, factoryOf(request), request.params.id, {
        now: core.clock.now(),
        turn,
      });
      Object.assign(view, await forecastOf(core, factoryOf(request), view.id));
      return sendInTurns(reply, view, turn);
    },
  );

  r.patch(
    '/v1/orders/:id',
    {
      ...nativeJson,
      schema: {
        operationId: 'updateOrder',
        tags: ['orders'],
        summary: 'Change an order before production: dates, lines and quantities',
        description:
          "Allowed while no piece has been produced; afterwards (or once cancelled) 409 `order_in_production`. Omitted fields keep their values; `null` clears a date; `lines` replaces every line and is checked as a new order's lines are. Pieces follow the new lines: a piece whose label would read differently gets a new barcode if its label was printed (the printed label is voided, as `POST /v1/items/{barcode}/void` does, and listed under the order's voided labels); extra units get new pieces; pieces no longer needed are removed (or written off when a scan or printed label refers to them). Emits `order.updated`. Answers the full order.",
        params: IdParams,
        body: OrderPatchBody,
        response: { 200: Order },
      },
    },
    async (request) => amendOrder(core, factoryOf(request), request.params.id, request.body),
  );

  r.post(
    '/v1/orders/:id/cancel',
    {
      ...nativeJson,
      schema: {
        operationId: 'cancelOrder',
        description:
          'Cancels an order: its pieces are refused at every station from now on. Refused (409) once any piece is dispatched; cancelling a cancelled order answers it again.',
        tags: ['orders'],
        summary: 'Cancel an order (refused once anything is dispatched)',
        params: IdParams,
        response: { 200: Order },
      },
    },
    async (request) => cancelOrder(core, factoryOf(request), request.params.id),
  );
}
