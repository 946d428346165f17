import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { createApiKey, listApiKeys, revokeApiKey } from '../../core/api-keys/api-keys.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf } from '../route-helpers.js';
import { IdParams, IsoDateTime, ListOf, ListQuerySchema, Strict } from '../schemas/common.js';
import { ApiKey } from '../schemas/api-keys.js';
import { coreOf } from '../idempotency.js';

export async function apiKeysRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/v1/api-keys',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'createApiKey',
        description:
          'Creates an API key for an integration. The plain key (`fk_…`) is in this answer only; the server keeps a hash.',
        tags: ['api keys'],
        summary: 'Create an API key (the plain key is returned once)',
        body: Strict({ name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }) }),
        response: {
          200: Type.Composite([ApiKey, Type.Object({ key: Type.String() })], {
            $id: 'ApiKeyCreated',
            description: 'The new key: `key` is shown this once.',
          }),
        },
      },
    },
    async (request) => createApiKey(coreOf(request, core), factoryOf(request), request.body),
  );

  r.get(
    '/v1/api-keys',
    {
      schema: {
        operationId: 'listApiKeys',
        description:
          "Lists the factory's API keys, newest first, with their names and when they were last used; never the keys themselves.",
        tags: ['api keys'],
        summary: 'List API keys (never the keys themselves)',
        querystring: ListQuerySchema,
        response: { 200: ListOf(ApiKey) },
      },
    },
    async (request) => listApiKeys(core, factoryOf(request), request.query),
  );

  r.delete(
    '/v1/api-keys/:id',
    {
      schema: {
        operationId: 'revokeApiKey',
        description:
          'Revokes an API key. A request already running finishes; the next one with this key is 401 `invalid_token`.',
        tags: ['api keys'],
        summary: 'Revoke an API key; it stops working on the next request',
        params: IdParams,
        response: {
          200: Type.Object(
            {
              id: Type.String(),
              object: Type.Literal('api_key'),
              revoked_at: IsoDateTime,
            },
            { $id: 'ApiKeyRevoked' },
          ),
        },
      },
    },
    async (request) => revokeApiKey(core, factoryOf(request), request.params.id),
  );
}
