import type { AttemptOutcome, ClaimedDelivery } from '../../core/webhooks/delivery-queue.js';
import { isHostAllowed } from '../../core/webhooks/endpoint-url.js';
import { deliveryBody, signatureHeader } from '../../core/webhooks/signature.js';
import type { HttpSender } from './http-sender.js';

/**
 * One attempt of a delivery: its URL checked against the factory's allowed hosts (again at each
 * attempt: the setting may have been tightened since), the body signed with the endpoint's
 * secret at `now` (Standard Webhooks headers), and posted.
 */
export async function sendDelivery(
  sender: HttpSender,
  delivery: ClaimedDelivery,
  request: { userAgent: string; now: Date; signal: AbortSignal },
): Promise<AttemptOutcome> {
  let url: URL;
  try {
    url = new URL(delivery.url);
  } catch {
    return { kind: 'failed', responseStatus: null, responseMs: null, error: 'invalid url' };
  }
  if (!isHostAllowed(url, delivery.allowedHosts)) {
    return {
      kind: 'failed',
      responseStatus: null,
      responseMs: null,
      error: 'host not in webhook_allowed_hosts',
    };
  }
  const body = deliveryBody(delivery.eventType, delivery.eventCreatedAt, delivery.data);
  const timestamp = Math.floor(request.now.getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': request.userAgent,
    'webhook-id': delivery.eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(delivery, delivery.eventId, request.now, body),
  };
  return sender.post(delivery.url, headers, body, request.signal);
}
