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

/** The answer of a secret rotation: the endpoint, its new secret (once) and the overlap's end. */
export const RotatedWebhookSecret = Type.Object({
  ...WebhookEndpoint.properties,
  secret: Type.String({ description: 'The new signing secret: shown this once.' }),
  previous_secret_expires_at: {
    ...IsoDateTime,
    description: 'Until then, deliveries are signed with the previous secret as well.',
  },
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
