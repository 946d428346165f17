import { Type, type Static } from '@sinclair/typebox';
import { EVENT_TYPES } from '../../core/events.js';
import { MAX_WEBHOOK_URL_LENGTH } from '../../core/webhooks/endpoint-url.js';
import { DELIVERY_STATUSES } from '../../core/webhooks/views.js';
import { IsoDateTime, Nullable } from './common.js';

export const EventTypeOrAll = Type.Union([
  Type.Literal('*'),
  ...EVENT_TYPES.map((t) => Type.Literal(t)),
]);

export const WebhookEndpoint = Type.Object({
  id: Type.String(),
  object: Type.Literal('webhook_endpoint'),
  url: Type.String(),
  events: Type.Array(Type.String()),
  description: Nullable(Type.String()),
  enabled: Type.Boolean(),
  disabled_reason: Nullable(Type.String()),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});

export const WebhookDelivery = Type.Object({
  id: Type.String(),
  object: Type.Literal('webhook_delivery'),
  endpoint_id: Type.String(),
  event_id: Type.String(),
  event_type: Type.String(),
  status: Type.Union(DELIVERY_STATUSES.map((s) => Type.Literal(s))),
  attempts: Type.Integer(),
  response_status: Nullable(Type.Integer()),
  response_ms: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  next_attempt_at: Nullable(IsoDateTime),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});

export const WebhookDeliveryDetail = Type.Object({
  ...WebhookDelivery.properties,
  payload: Type.Unknown({
    description: 'The body each attempt posts: {type, timestamp, data}, as signed.',
  }),
});

// The URL's own rules (scheme, credentials, allowed hosts) are checked by the use case, so
// each failure gets its own message; the schema bounds the size.
export const Url = Type.String({ minLength: 1, maxLength: MAX_WEBHOOK_URL_LENGTH });
export const Events = Type.Array(EventTypeOrAll, { minItems: 1, maxItems: EVENT_TYPES.length + 1 });
export const Description = Type.String({ maxLength: 500 });

export type WebhookEndpoint = Static<typeof WebhookEndpoint>;
export type WebhookDelivery = Static<typeof WebhookDelivery>;

/** POST /v1/webhooks/deliveries/retry: which deliveries to send again. */
export const WebhookDeliveryRetryBody = Type.Object(
  {
    endpoint_id: Type.Optional(Type.String({ description: 'Only this endpoint’s deliveries.' })),
    status: Type.Optional(
      Type.Union([Type.Literal('failed'), Type.Literal('retrying')], {
        description:
          '`failed` (the default): deliveries that gave up; `retrying`: those waiting for their next attempt, made due now.',
      }),
    ),
    since: Type.String({
      format: 'date-time',
      description: 'Deliveries made at or after this instant.',
    }),
    until: Type.Optional(
      Type.String({ format: 'date-time', description: 'Deliveries made before this instant.' }),
    ),
  },
  { additionalProperties: false },
);

/** How many deliveries a bulk retry made due. */
export const WebhookDeliveryRetry = Type.Object({
  object: Type.Literal('webhook_delivery_retry'),
  retried: Type.Integer({ minimum: 0 }),
});

export type WebhookDeliveryRetry = Static<typeof WebhookDeliveryRetry>;
