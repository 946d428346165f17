import type { DeliveryRow, DeliveryStatus } from '../../store/webhooks/deliveries.repository.js';
import type { EndpointRow } from '../../store/webhooks/endpoints.repository.js';

export type { DeliveryStatus };
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = [
  'pending',
  'succeeded',
  'retrying',
  'failed',
];

/** Why an endpoint was disabled (`disabled_reason`). */
export const DISABLED_REASONS = {
  /** PATCH enabled=false. */
  manual: 'manual',
  /** The receiver answered 410 Gone. */
  gone: 'gone',
  /** Every attempt failed for 5 days. */
  failing: 'failing',
} as const;

export interface WebhookEndpointView {
  id: string;
  object: 'webhook_endpoint';
  url: string;
  events: string[];
  description: string | null;
  enabled: boolean;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface WebhookDeliveryView {
  id: string;
  object: 'webhook_delivery';
  endpoint_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempts: number;
  response_status: number | null;
  response_ms: number | null;
  error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The endpoint as callers see it: never the secret. */
export const toEndpointView = (row: EndpointRow): WebhookEndpointView => ({
  id: row.id,
  object: 'webhook_endpoint',
  url: row.url,
  events: JSON.parse(row.events) as string[],
  description: row.description,
  enabled: row.enabled === 1,
  disabled_reason: row.disabled_reason,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export const toDeliveryView = (row: DeliveryRow): WebhookDeliveryView => ({
  id: row.id,
  object: 'webhook_delivery',
  endpoint_id: row.endpoint_id,
  event_id: row.event_id,
  event_type: row.event_type,
  status: row.status,
  attempts: row.attempts,
  response_status: row.response_status,
  response_ms: row.response_ms,
  error: row.error,
  next_attempt_at: row.next_attempt_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});
