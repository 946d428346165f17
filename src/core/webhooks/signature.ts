import { createHmac } from 'node:crypto';
import { TOKEN_PREFIXES } from '../../domain/tokens.js';

/**
 * The Standard Webhooks signature of one delivery attempt: `v1,` and the base64 HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the base64-decoded part of the secret
 * after `whsec_`. Any Standard Webhooks library verifies it.
 */
export function signDelivery(
  secret: string,
  webhookId: string,
  timestampSeconds: number,
  body: string,
): string {
  const encoded = secret.startsWith(TOKEN_PREFIXES.webhookSecret)
    ? secret.slice(TOKEN_PREFIXES.webhookSecret.length)
    : secret;
  const mac = createHmac('sha256', Buffer.from(encoded, 'base64'))
    .update(`${webhookId}.${timestampSeconds}.${body}`, 'utf8')
    .digest('base64');
  return `v1,${mac}`;
}

/**
 * The `webhook-signature` header: the signature with the current secret, then — while a
 * rotation's overlap lasts (`previousSecretExpiresAt` after `now`) — the one with the previous
 * secret, space-separated as Standard Webhooks allows, so a receiver holding either verifies.
 */
export function signatureHeader(
  secrets: {
    secret: string;
    previousSecret: string | null;
    previousSecretExpiresAt: string | null;
  },
  webhookId: string,
  now: Date,
  body: string,
): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  const current = signDelivery(secrets.secret, webhookId, timestamp, body);
  const { previousSecret, previousSecretExpiresAt } = secrets;
  if (!previousSecret || !previousSecretExpiresAt) return current;
  if (Date.parse(previousSecretExpiresAt) <= now.getTime()) return current;
  return `${current} ${signDelivery(previousSecret, webhookId, timestamp, body)}`;
}

/**
 * The body of a delivery: `{type, timestamp, data}`. `data` is the event's stored JSON, spliced in
 * as text so a large payload is neither parsed nor re-serialised for every attempt.
 */
export function deliveryBody(type: string, createdAt: string, storedData: string): string {
  return `{"type":${JSON.stringify(type)},"timestamp":${JSON.stringify(createdAt)},"data":${storedData}}`;
}
