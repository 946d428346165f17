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
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from '../../core/webhooks/endpoints.js';

import { DELIVERY_STATUSES } from '../../core/webhooks/views.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf, movedRoute } from '../route-helpers.js';
import {
  IdParams,
  IsoDateTime,
  ListOf,
  ListQuery,
  Nullable,
  Strict,
  StringEnum,
} from '../schemas/common.js';
import {
  WebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryDetail,
  RotatedWebhookSecret,
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
        operationId: 'createWebhookEndpoint',
        description:
          'Registers an HTTPS endpoint for some event types (or `*`). The signing secret (`whsec_…`) is in this answer only.',
        tags: ['webhooks'],
        summary: 'Register a webhook endpoint (the signing secret is returned once)',
        body: Strict({
          url: Url,
          events: Events,
          description: Type.Optional(Nullable(Description)),
        }),
        response: {
          200: Type.Composite([WebhookEndpoint, Type.Object({ secret: Type.String() })], {
            $id: 'WebhookEndpointCreated',
            description: 'The new endpoint: `secret` is shown this once.',
          }),
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
        operationId: 'listWebhookEndpoints',
        description: 'Lists webhook endpoints, newest first, never their secrets.',
        tags: ['webhooks'],
        summary: 'List webhook endpoints, newest first (never their secrets)',
        querystring: Type.Object(ListQuery, { additionalProperties: false }),
        response: { 200: ListOf(WebhookEndpoint) },
      },
    },
    async (request) => listWebhookEndpoints(core, factoryOf(request), request.query),
  );

  for (const { url, config } of movedRoute('/v1/webhook-deliveries', '/v1/webhooks/deliveries')) {
    r.get(
      url,
      {
        config,
        schema: {
          operationId: 'listWebhookDeliveries',
          description:
            'Lists webhook deliveries, newest first, filtered by endpoint, status, event type or event.',
          tags: ['webhooks'],
          summary: 'List webhook deliveries, newest first',
          querystring: Type.Object(
            {
              ...ListQuery,
              endpoint_id: Type.Optional(
                Type.String({
                  minLength: 1,
                  maxLength: 64,
                  description: 'Only deliveries to this endpoint (`whe_…`).',
                }),
              ),
              status: Type.Optional(
                StringEnum(DELIVERY_STATUSES, { description: 'Only deliveries in this status.' }),
              ),
              event_type: Type.Optional(
                StringEnum([...EVENT_TYPES, TEST_EVENT_TYPE], {
                  description: 'Only deliveries of events of this type.',
                }),
              ),
              event_id: Type.Optional(
                Type.String({
                  minLength: 1,
                  maxLength: 64,
                  description:
                    'Only the deliveries of this event (GET /v1/events), to every endpoint.',
                }),
              ),
            },
            { additionalProperties: false },
          ),
          response: { 200: ListOf(WebhookDelivery) },
        },
      },
      async (request) => listDeliveries(core, factoryOf(request), request.query),
    );
  }

  for (const { url, config } of movedRoute(
    '/v1/webhook-deliveries/:id',
    '/v1/webhooks/deliveries/:id',
  )) {
    r.get(
      url,
      {
        config,
        schema: {
          operationId: 'getWebhookDelivery',
          description:
            "One delivery with the payload it posts. A receiver's answer is kept as status, time and error only.",
          tags: ['webhooks'],
          summary:
            'One delivery, with the payload it sends (receivers’ answers are kept as status, time and error only)',
          params: IdParams,
          response: { 200: WebhookDeliveryDetail },
        },
      },
      async (request) => getDeliveryDetail(core, factoryOf(request), request.params.id),
    );
  }

  r.post(
    '/v1/webhooks/:id/test',
    {
      schema: {
        operationId: 'sendTestWebhook',
        description:
          'Queues a signed `webhook.test` event for this endpoint only; it goes through the normal delivery path and retries.',
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
    '/v1/webhook-deliveries/retry',
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
    '/v1/webhooks/:id/rotate-secret',
    {
      schema: {
        operationId: 'rotateWebhookSecret',
        tags: ['webhooks'],
        summary: 'Give an endpoint a new signing secret; the old one signs too until expires_at',
        description:
          'Returns the new secret (`whsec_…`) this once. Until `previous_secret_expires_at` (the `expires_at` asked for: 24 hours from now by default, 7 days at the most, now to stop at once) every delivery carries two signatures in `webhook-signature`, space-separated — one per secret — so a receiver verifies with either while it switches. Rotating again within the overlap replaces the older secret.',
        params: IdParams,
        body: Strict({
          expires_at: Type.Optional({
            ...IsoDateTime,
            description:
              'When the previous secret stops signing (default: 24 hours from now; at most 7 days).',
          }),
        }),
        response: { 200: RotatedWebhookSecret },
      },
    },
    async (request) =>
      rotateWebhookSecret(core, factoryOf(request), request.params.id, request.body),
  );

  for (const { url, config } of movedRoute(
    '/v1/webhook-deliveries/:id/retry',
    '/v1/webhooks/deliveries/:id/retry',
  )) {
    r.post(
      url,
      {
        config,
        schema: {
          operationId: 'retryWebhookDelivery',
          description: 'Sends a delivery again now: one more attempt, whatever its status.',
          tags: ['webhooks'],
          summary: 'Send a delivery again now (one more attempt)',
          params: IdParams,
          response: { 200: WebhookDelivery },
        },
      },
      async (request) => retryDelivery(core, factoryOf(request), request.params.id),
    );
  }

  r.get(
    '/v1/webhooks/:id',
    {
      schema: {
        operationId: 'getWebhookEndpoint',
        description: 'One webhook endpoint, without its secret.',
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
        operationId: 'updateWebhookEndpoint',
        description:
          "Changes an endpoint's URL, events, description or enabled state; enabling it again clears `disabled_reason`.",
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
        operationId: 'deleteWebhookEndpoint',
        description: 'Deletes a webhook endpoint; its delivery history is kept.',
        tags: ['webhooks'],
        summary: 'Delete a webhook endpoint; its delivery history is kept',
        params: IdParams,
        response: {
          200: Type.Object(
            {
              id: Type.String(),
              object: Type.Literal('webhook_endpoint'),
              deleted: Type.Literal(true),
            },
            { $id: 'WebhookEndpointDeleted' },
          ),
        },
      },
    },
    async (request) => deleteWebhookEndpoint(core, factoryOf(request), request.params.id),
  );
}
