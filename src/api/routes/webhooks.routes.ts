import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { EVENT_TYPES } from '../../core/events.js';
import {
  getDeliveryDetail,
  listDeliveries,
  retryDeliveries,
  retryDelivery,
} from '../../core/webhooks/deliveries.js';
import { sendTestEvent, TEST_EVENT_TYPE } from '../../core/webhooks/test-event.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  updateWebhookEndpoint,
} from '../../core/webhooks/endpoints.js';

import { DELIVERY_STATUSES } from '../../core/webhooks/views.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf } from '../route-helpers.js';
import { IdParams, ListOf, ListQuery, Nullable, Strict } from '../schemas/common.js';
import {
  WebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookDeliveryRetry,
  WebhookDeliveryRetryBody,
  Url,
  Events,
  Description,
} from '../schemas/webhooks.js';
import { coreOf } from '../idempotency.js';

export async function webhooksRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/v1/webhooks',
    {
      config: { idempotent: true },
      schema: {
        tags: ['webhooks'],
        summary: 'Register a webhook endpoint (the signing secret is returned once)',
        body: Strict({
          url: Url,
          events: Events,
          description: Type.Optional(Nullable(Description)),
        }),
        response: {
          200: Type.Composite([WebhookEndpoint, Type.Object({ secret: Type.String() })]),
        },
      },
    },
    async (request) =>
      createWebhookEndpoint(coreOf(request, core), factoryOf(request), request.body),
  );

  r.get(
    '/v1/webhooks',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'List webhook endpoints, newest first (never their secrets)',
        querystring: Type.Object(ListQuery, { additionalProperties: false }),
        response: { 200: ListOf(WebhookEndpoint) },
      },
    },
    async (request) => listWebhookEndpoints(core, factoryOf(request), request.query),
  );

  r.get(
    '/v1/webhooks/deliveries',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'List webhook deliveries, newest first',
        querystring: Type.Object(
          {
            ...ListQuery,
            endpoint_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
            status: Type.Optional(Type.Union(DELIVERY_STATUSES.map((s) => Type.Literal(s)))),
            event_type: Type.Optional(
              Type.Union([...EVENT_TYPES, TEST_EVENT_TYPE].map((t) => Type.Literal(t))),
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: ListOf(WebhookDelivery) },
      },
    },
    async (request) => listDeliveries(core, factoryOf(request), request.query),
  );

  r.get(
    '/v1/webhooks/deliveries/:id',
    {
      schema: {
        tags: ['webhooks'],
        summary:
          'One delivery, with the payload it sends (receivers’ answers are kept as status, time and error only)',
        params: IdParams,
        response: { 200: WebhookDeliveryDetail },
      },
    },
    async (request) => getDeliveryDetail(core, factoryOf(request), request.params.id),
  );

  r.post(
    '/v1/webhooks/:id/test',
    {
      schema: {
        tags: ['webhooks'],
        summary:
          'Queue a signed webhook.test event for this endpoint only, through the normal delivery path',
        params: IdParams,
        response: { 200: WebhookDelivery },
      },
    },
    async (request) => sendTestEvent(core, factoryOf(request), request.params.id),
  );

  r.post(
    '/v1/webhooks/deliveries/retry',
    {
      schema: {
        operationId: 'retryWebhookDeliveries',
        tags: ['webhooks'],
        summary: 'Send many deliveries again now: by endpoint, status and time',
        description:
          'Every delivery with the status given (default `failed`) made within the window, of one endpoint or of every enabled one, gets one more attempt now, as a single retry would. Deliveries of disabled or deleted endpoints are left alone. Answers how many were made due; the sender then works through them at its usual pace.',
        body: WebhookDeliveryRetryBody,
        response: { 200: WebhookDeliveryRetry },
      },
    },
    async (request) => retryDeliveries(core, factoryOf(request), request.body),
  );

  r.post(
    '/v1/webhooks/deliveries/:id/retry',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Send a delivery again now (one more attempt)',
        params: IdParams,
        response: { 200: WebhookDelivery },
      },
    },
    async (request) => retryDelivery(core, factoryOf(request), request.params.id),
  );

  r.get(
    '/v1/webhooks/:id',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'One webhook endpoint',
        params: IdParams,
        response: { 200: WebhookEndpoint },
      },
    },
    async (request) => getWebhookEndpoint(core, factoryOf(request), request.params.id),
  );

  r.patch(
    '/v1/webhooks/:id',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Change a webhook endpoint; enabling it again clears disabled_reason',
        params: IdParams,
        body: Strict(
          {
            url: Type.Optional(Url),
            events: Type.Optional(Events),
            description: Type.Optional(Nullable(Description)),
            enabled: Type.Optional(Type.Boolean()),
          },
          { minProperties: 1 },
        ),
        response: { 200: WebhookEndpoint },
      },
    },
    async (request) =>
      updateWebhookEndpoint(core, factoryOf(request), request.params.id, request.body),
  );

  r.delete(
    '/v1/webhooks/:id',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Delete a webhook endpoint; its delivery history is kept',
        params: IdParams,
        response: {
          200: Type.Object({
            id: Type.String(),
            object: Type.Literal('webhook_endpoint'),
            deleted: Type.Literal(true),
          }),
        },
      },
    },
    async (request) => deleteWebhookEndpoint(core, factoryOf(request), request.params.id),
  );
}
