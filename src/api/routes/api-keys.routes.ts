import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  createApiKey,
  listApiKeys,
  MAX_ROLL_OVERLAP_SECONDS,
  revokeApiKey,
  rollApiKey,
  ROLL_OVERLAP_SECONDS,
} from '../../core/api-keys/api-keys.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf } from '../route-helpers.js';
import {
  IdParams,
  IsoDateTime,
  ListOf,
  ListQuerySchema,
  Nullable,
  Strict,
} from '../schemas/common.js';
import { ApiKey, ApiKeyScope, CreatedApiKey, RolledApiKey } from '../schemas/api-keys.js';
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
        body: Strict({
          name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
          scopes: Type.Optional(
            Type.Array(ApiKeyScope, {
              minItems: 1,
              maxItems: 5,
              description: 'What the key may call; default ["admin"] (everything).',
            }),
          ),
          expires_at: Type.Optional(
            Nullable({ ...IsoDateTime, description: 'When the key stops working; none = never.' }),
          ),
        }),
        response: { 200: CreatedApiKey },
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

  r.post(
    '/v1/api-keys/:id/roll',
    {
      config: { idempotent: true },
      schema: {
        operationId: 'rollApiKey',
        tags: ['api keys'],
        summary: 'Roll an API key: a new key, the old one valid for an overlap',
        description: `Creates a key with the same name and scopes and returns it once (\`key\`). The rolled key keeps working for \`overlap_seconds\` (default ${ROLL_OVERLAP_SECONDS}, 0 = stops now, at most ${MAX_ROLL_OVERLAP_SECONDS}) — never past an expiry it already had — and answers 401 after; \`previous\` shows it with that \`expires_at\`. A revoked or expired key cannot be rolled (409 \`api_key_inactive\`).`,
        params: IdParams,
        body: Strict({
          overlap_seconds: Type.Optional(
            Type.Integer({
              minimum: 0,
              maximum: MAX_ROLL_OVERLAP_SECONDS,
              description: 'How long the rolled key keeps working (default 86400: a day).',
            }),
          ),
          expires_at: Type.Optional(
            Nullable({
              ...IsoDateTime,
              description: 'When the new key stops working; none = never.',
            }),
          ),
        }),
        response: { 200: RolledApiKey },
      },
    },
    async (request) =>
      rollApiKey(coreOf(request, core), factoryOf(request), request.params.id, request.body),
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
