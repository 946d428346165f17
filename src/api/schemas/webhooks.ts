import { Type, type Static } from '@sinclair/typebox';
import { EVENT_TYPES } from '../../core/events.js';
import { TEST_EVENT_TYPE } from '../../core/webhooks/test-event.js';
import { MAX_WEBHOOK_URL_LENGTH } from '../../core/webhooks/endpoint-url.js';
import { DELIVERY_STATUSES, DISABLED_REASONS } from '../../core/webhooks/views.js';
import { ClosedSet, IsoDateTime, Nullable, StringEnum } from './common.js';

export const EventTypeOrAll = StringEnum(['*', ...EVENT_TYPES] as const);

export const WebhookEndpoint = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('webhook_endpoint'),
    url: Type.String(),
    events: Type.Array(ClosedSet(['*', ...EVENT_TYPES]), {
      description: 'The event types it receives; `*` is every type.',
    }),
    description: Nullable(Type.String()),
    enabled: Type.Boolean(),
    disabled_reason: Nullable(
      ClosedSet(Object.values(DISABLED_REASONS), {
        description: 'Why it was disabled (docs/webhooks.md); null while enabled.',
      }),
    ),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  },
  { $id: 'WebhookEndpoint' },
);

export const WebhookDelivery = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('webhook_delivery'),
    endpoint_id: Type.String(),
    event_id: Type.String(),
    event_type: ClosedSet([...EVENT_TYPES, TEST_EVENT_TYPE]),
    status: StringEnum(DELIVERY_STATUSES),
    attempts: Type.Integer(),
    response_status: Nullable(Type.Integer()),
    response_ms: Nullable(Type.Integer()),
    error: Nullable(Type.String()),
    next_attempt_at: Nullable(IsoDateTime),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  },
  { $id: 'WebhookDelivery' },
);

export const WebhookDeliveryDetail = Type.Object(
  {
    ...WebhookDelivery.properties,
    payload: Type.Unknown({
      description: 'The body each attempt posts: {type, timestamp, data}, as signed.',
    }),
  },
  { $id: 'WebhookDeliveryDetail' },
);

/** The answer of a secret rotation: the endpoint, its new secret (once) and the overlap's end. */
export const RotatedWebhookSecret = Type.Object(
  {
    ...WebhookEndpoint.properties,
    secret: Type.String({ description: 'The new signing secret: shown this once.' }),
    previous_secret_expires_at: {
      ...IsoDateTime,
      description: 'Until then, deliveries are signed with the previous secret as well.',
    },
  },
  { $id: 'WebhookSecretRotated' },
);

// The URL's own rules (scheme, credentials, allowed hosts) are checked by the use case, so
// each failure gets its own message; the schema bounds the size.
export const Url = Type.String({ minLength: 1, maxLength: MAX_WEBHOOK_URL_LENGTH });
export const Events = Type.Array(EventTypeOrAll, { minItems: 1, maxItems: EVENT_TYPES.length + 1 });
export const Description = Type.String({ maxLength: 500 });

export type WebhookEndpoint = Static<typeof WebhookEndpoint>;
export type WebhookDelivery = Static<typeof WebhookDelivery>;

/** POST /v1/webhook-deliveries/retry: which deliveries to send again. */
export const WebhookDeliveryRetryBody = Type.Object(
  {
    endpoint_id: Type.Optional(Type.String({ description: 'Only this endpoint’s deliveries.' })),
    status: Type.Optional(
      StringEnum(['failed', 'retrying'] as const, {
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
  { additionalProperties: false, $id: 'WebhookDeliveryRetryRequest' },
);

/** How many deliveries a bulk retry made due. */
export const WebhookDeliveryRetry = Type.Object(
  {
    object: Type.Literal('webhook_delivery_retry'),
    retried: Type.Integer({ minimum: 0 }),
  },
  { $id: 'WebhookDeliveryRetry' },
);

export type WebhookDeliveryRetry = Static<typeof WebhookDeliveryRetry>;
