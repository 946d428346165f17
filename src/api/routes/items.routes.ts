import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { voidLabel } from '../../core/items/void-label.js';
import { listOrderVoidedLabels } from '../../core/items/voided-labels.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf } from '../route-helpers.js';
import { IdParams, ListOf, ListQueryBy, PathParam, Strict } from '../schemas/common.js';
import { VoidedLabel } from '../schemas/items.js';
import { coreOf } from '../idempotency.js';

export async function itemsRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/v1/items/:barcode/void',
    {
      config: { idempotent: true },
      // The body is optional: a void without a reason may send none.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        operationId: 'voidLabel',
        description:
          "Voids a piece's label (torn, lost, misprinted): that barcode is refused at every station from now on and the piece gets a new barcode, whose label is to be printed.",
        tags: ['items'],
        summary: 'Void a label: refused at every station from now on; the piece gets a new barcode',
        params: Type.Object({ barcode: PathParam() }),
        body: Strict({
          reason: Type.Optional(Type.String({ maxLength: 500 })),
          station_id: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 64,
              description:
                'The station that asked for the void: a label.voided print rule prints the replacement on its printer.',
            }),
          ),
        }),
        response: { 200: VoidedLabel },
      },
    },
    async (request) =>
      voidLabel(coreOf(request, core), factoryOf(request), request.params.barcode, {
        reason: request.body.reason,
        station_id: request.body.station_id,
      }),
  );

  r.get(
    '/v1/orders/:id/voided-labels',
    {
      schema: {
        operationId: 'listVoidedLabels',
        description:
          "An order's voided labels, last voided first. The cursor of this list is a barcode, not an id.",
        tags: ['items'],
        summary: "An order's voided labels, by barcode, last first (the cursor is a barcode)",
        params: IdParams,
        querystring: ListQueryBy(
          Type.String({
            minLength: 1,
            maxLength: 128,
            description: 'The `next_cursor` of the previous page: a barcode.',
          }),
        ),
        response: { 200: ListOf(VoidedLabel) },
      },
    },
    async (request) =>
      listOrderVoidedLabels(core, factoryOf(request), request.params.id, request.query),
  );
}
