import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { closeReturn } from '../../core/returns/close-return.js';
import { createReturn } from '../../core/returns/create-return.js';
import { getReturn, listReturns } from '../../core/returns/return-view.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf } from '../route-helpers.js';
import { IdParams, ListOf, ListQuery, Strict, StringEnum } from '../schemas/common.js';
import { Return, ReturnStatus } from '../schemas/returns.js';
import { coreOf } from '../idempotency.js';

/** Goods that came back after dispatch: received, then restocked at a bay or written off. */
export async function returnsRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/v1/returns',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createReturn',
        description:
          'Records a dispatched piece coming back, by `barcode` or `piece_id` (exactly one).',
        tags: ['returns'],
        summary: 'Record a dispatched piece coming back (by barcode or piece_id, exactly one)',
        body: Strict(
          {
            barcode: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
            piece_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
            reason: Type.Optional(Type.String({ maxLength: 500 })),
          },
          { examples: [{ barcode: 'FD 0000001', reason: 'damaged in transit' }] },
        ),
        response: { 200: Return },
      },
    },
    async (request) => createReturn(coreOf(request, core), factoryOf(request), request.body),
  );

  r.get(
    '/v1/returns',
    {
      schema: {
        operationId: 'listReturns',
        description: 'Lists returns, newest first, optionally of one status.',
        tags: ['returns'],
        summary: 'List returns, newest first, optionally of one status',
        querystring: Type.Object(
          {
            ...ListQuery,
            status: Type.Optional(
              Type.Unsafe<Static<typeof ReturnStatus>>({
                ...ReturnStatus,
                description: 'Only returns in this status.',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: ListOf(Return) },
      },
    },
    async (request) => listReturns(core, factoryOf(request), request.query),
  );

  r.get(
    '/v1/returns/:id',
    {
      schema: {
        operationId: 'getReturn',
        description: 'One return: its piece, order, reason and where it stands.',
        tags: ['returns'],
        summary: 'One return',
        params: IdParams,
        response: { 200: Return },
      },
    },
    async (request) => getReturn(core, factoryOf(request), request.params.id),
  );

  r.patch(
    '/v1/returns/:id',
    {
      schema: {
        operationId: 'updateReturn',
        description:
          'Closes a return: restocked at a bay (`location`) or written off. A closed return is 409 `return_closed`.',
        tags: ['returns'],
        summary: 'Restock a return at a bay (location) or write it off',
        params: IdParams,
        body: Strict({
          status: StringEnum(['restocked', 'written_off'] as const),
          location: Type.Optional(Type.String({ maxLength: 40 })),
        }),
        response: { 200: Return },
      },
    },
    async (request) => closeReturn(core, factoryOf(request), request.params.id, request.body),
  );
}
