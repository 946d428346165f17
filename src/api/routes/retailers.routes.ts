import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  createRetailer,
  getRetailer,
  listRetailers,
  updateRetailer,
} from '../../core/retailers/retailers.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf } from '../route-helpers.js';
import { ListOf, ListQuery, RetailerRef } from '../schemas/common.js';
import { Retailer, RetailerCreate, RetailerUpdate } from '../schemas/retailers.js';
import { coreOf } from '../idempotency.js';

export async function retailersRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/v1/retailers',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createRetailer',
        description:
          'Creates a retailer. Its code is unique in the factory (any case) and is what CSV uploads and order pushes name it by. Its `address` (optional) is printed on its delivery notes.',
        tags: ['retailers'],
        summary: 'Create a retailer; its code is unique in the factory',
        body: RetailerCreate,
        response: { 200: Retailer },
      },
    },
    async (request) => createRetailer(coreOf(request, core), factoryOf(request), request.body),
  );

  r.get(
    '/v1/retailers',
    {
      schema: {
        operationId: 'listRetailers',
        description: "Lists the factory's retailers, newest first, a page at a time.",
        tags: ['retailers'],
        summary: 'List retailers, newest first',
        querystring: Type.Object(
          {
            ...ListQuery,
            code: Type.Optional(
              Type.String({
                minLength: 1,
                maxLength: 40,
                description: 'Only the retailer with this code (any case).',
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: ListOf(Retailer) },
      },
    },
    async (request) => listRetailers(core, factoryOf(request), request.query),
  );

  r.get(
    '/v1/retailers/:id',
    {
      schema: {
        operationId: 'getRetailer',
        description: 'One retailer, by its id (`rtl_…`) or its code.',
        tags: ['retailers'],
        summary: 'One retailer, by id or code',
        params: Type.Object({ id: RetailerRef }),
        response: { 200: Retailer },
      },
    },
    async (request) => getRetailer(core, factoryOf(request), request.params.id),
  );

  r.patch(
    '/v1/retailers/:id',
    {
      schema: {
        operationId: 'updateRetailer',
        description:
          'Renames a retailer, changes its code or its address; only the fields sent change (of the address, only the parts sent; `address: null` empties it). Addressed by id or code.',
        tags: ['retailers'],
        summary: 'Change a retailer’s name, code or address (only the fields sent); by id or code',
        params: Type.Object({ id: RetailerRef }),
        body: RetailerUpdate,
        response: { 200: Retailer },
      },
    },
    async (request) => updateRetailer(core, factoryOf(request), request.params.id, request.body),
  );
}
