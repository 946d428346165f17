import type { Transaction } from 'kysely';
import { EVENT_TYPES, isEventType } from '../events.js';
import { DAY, HOUR, MINUTE } from '../../domain/clock.js';
import { invalid, notFound } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import { newWebhookSecret } from '../../domain/tokens.js';
import { blankToNull } from '../../domain/text.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import type { DB } from '../../store/schema.js';
import { failQueuedDeliveries } from '../../store/webhooks/deliveries.repository.js';
import {
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  markEndpointDeleted,
  updateEndpoint,
  type EndpointChanges,
  type EndpointRow,
} from '../../store/webhooks/endpoints.repository.js';
import { webhookAllowedHosts } from '../../store/webhooks/webhook-settings.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';
import { checkWebhookUrl } from './endpoint-url.js';
import { disableEndpoint } from './endpoint-state.js';
import { DISABLED_REASONS, toEndpointView, type WebhookEndpointView } from './views.js';

export interface CreatedWebhookEndpoint extends WebhookEndpointView {
  /** The signing secret (`whsec_…`): returned this once. */
  secret: string;
}

export interface NewWebhookEndpoint {
  url: string;
  events: string[];
  description?: string | null | undefined;
}

export interface WebhookEndpointPatch {
  url?: string | undefined;
  events?: string[] | undefined;
  description?: string | null | undefined;
  enabled?: boolean | undefined;
}

/** `["*"]` alone, or known event types (duplicates dropped, in the order given). */
export function checkEventTypes(events: readonly string[], param = 'events'): string[] {
  if (events.length === 0)
    throw invalid(param, 'events must list at least one event type, or "*".');
  if (events.includes('*')) {
    if (events.some((e) => e !== '*')) {
      throw invalid(param, 'events must be ["*"] alone or a list of event types, not both.');
    }
    return ['*'];
  }
  events.forEach((type, i) => {
    if (!isEventType(type)) {
      throw invalid(
        `${param}.${i}`,
        `"${type}" is not an event type; one of: ${EVENT_TYPES.join(', ')}.`,
      );
    }
  });
  return [...new Set(events)];
}

/** A factory's endpoint (not deleted) by id, or 404. */
async function existingEndpoint(
  trx: Transaction<DB>,
  factoryId: string,
  id: string,
): Promise<EndpointRow> {
  const row = await findEndpoint(trx, factoryId, id);
  if (!row) throw notFound('webhook endpoint', 'id', id);
  return row;
}

/** Registers an endpoint; the answer carries its signing secret, which is never shown again. */
export function createWebhookEndpoint(
  ctx: CoreContext,
  factoryId: string,
  input: NewWebhookEndpoint,
): Promise<CreatedWebhookEndpoint> {
  const events = checkEventTypes(input.events);
  return transact(ctx, async (tx) => {
    const url = checkWebhookUrl(input.url, await webhookAllowedHosts(tx.trx, factoryId));
    const row: EndpointRow = {
      id: newId('webhookEndpoint', tx.now),
      factory_id: factoryId,
      url,
      events: JSON.stringify(events),
      description: blankToNull(input.description),
      secret: newWebhookSecret(),
      enabled: 1,
      disabled_reason: null,
      failing_since: null,
      created_at: tx.nowIso,
      updated_at: tx.nowIso,
      deleted_at: null,
      previous_secret: null,
      previous_secret_expires_at: null,
    };
    await insertEndpoint(tx.trx, row);
    return { ...toEndpointView(row), secret: row.secret };
  });
}

export async function listWebhookEndpoints(
  ctx: CoreContext,
  factoryId: string,
  params: PageParams,
): Promise<Page<WebhookEndpointView>> {
  const rows = await listEndpoints(ctx.db, factoryId, params);
  return toPage(rows, params, toEndpointView);
}

export async function getWebhookEndpoint(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<WebhookEndpointView> {
  const row = await findEndpoint(ctx.db, factoryId, id);
  if (!row) throw notFound('webhook endpoint', 'id', id);
  return toEndpointView(row);
}

/**
 * Changes an endpoint. Disabling it fails its queued deliveries (nothing is sent to a disabled
 * endpoint); enabling it clears `disabled_reason` and the failure run, and new events reach it
 * again — earlier deliveries are only sent again when retried one by one.
 */
export function updateWebhookEndpoint(
  ctx: CoreContext,
  factoryId: string,
  id: string,
  patch: WebhookEndpointPatch,
): Promise<WebhookEndpointView> {
  const events = patch.events === undefined ? undefined : checkEventTypes(patch.events);
  return transact(ctx, async (tx) => {
    const current = await existingEndpoint(tx.trx, factoryId, id);
    const url =
      patch.url === undefined
        ? undefined
        : checkWebhookUrl(patch.url, await webhookAllowedHosts(tx.trx, factoryId));
    const changes: EndpointChanges = { updated_at: tx.nowIso };
    if (url !== undefined) changes.url = url;
    if (events !== undefined) changes.events = JSON.stringify(events);
    if (patch.description !== undefined) changes.description = blankToNull(patch.description);
    if (patch.enabled === true && current.enabled === 0) {
      Object.assign(changes, { enabled: 1, disabled_reason: null, failing_since: null });
    }
    await updateEndpoint(tx.trx, id, changes);
    if (patch.enabled === false && current.enabled === 1) {
      await disableEndpoint(tx.trx, id, DISABLED_REASONS.manual, 'endpoint disabled', tx.nowIso);
    }
    return toEndpointView(await existingEndpoint(tx.trx, factoryId, id));
  });
}

/**
 * Deletes an endpoint: it disappears from the API at once and receives nothing more; deliveries
 * still queued for it end `failed`. Its delivery history stays listable until retention removes
 * it; the endpoint's row (secret wiped) is removed by housekeeping after that.
 */
export function deleteWebhookEndpoint(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<{ id: string; object: 'webhook_endpoint'; deleted: true }> {
  return transact(ctx, async (tx) => {
    await existingEndpoint(tx.trx, factoryId, id);
    await markEndpointDeleted(tx.trx, id, tx.nowIso);
    await failQueuedDeliveries(tx.trx, id, 'endpoint deleted', tx.nowIso);
    return { id, object: 'webhook_endpoint', deleted: true };
  });
}

/** How long the previous secret signs after a rotation, unless the request says otherwise. */
export const SECRET_OVERLAP_MS = 24 * HOUR;
/** How far in the past an `expires_at` may be and still mean "now" (clients' clocks differ). */
const CLOCK_SKEW_MS = 5 * MINUTE;
/** The longest overlap a rotation may ask for. */
export const MAX_SECRET_OVERLAP_MS = 7 * DAY;

export interface RotatedWebhookSecret extends WebhookEndpointView {
  /** The new signing secret (`whsec_…`): returned this once. */
  secret: string;
  /** Until when the previous secret signs too (every delivery carries both signatures). */
  previous_secret_expires_at: string;
}

/**
 * Gives an endpoint a new signing secret, returned this once. The previous one keeps signing
 * beside it until `expiresAt` (default 24 h from now; now at the earliest — up to 5 minutes in
 * the past is taken as now, for clients whose clock runs behind — 7 days at the most),
 * so a receiver can switch without losing a delivery. Rotating again within an overlap makes the
 * secret being replaced the previous one: only two secrets ever sign.
 */
export function rotateWebhookSecret(
  ctx: CoreContext,
  factoryId: string,
  id: string,
  input: { expires_at?: string | undefined },
): Promise<RotatedWebhookSecret> {
  return transact(ctx, async (tx) => {
    const current = await existingEndpoint(tx.trx, factoryId, id);
    const now = tx.now.getTime();
    const expiresAt =
      input.expires_at === undefined ? now + SECRET_OVERLAP_MS : Date.parse(input.expires_at);
    // A few minutes in the past is a client's clock running behind: "now".
    if (expiresAt < now - CLOCK_SKEW_MS || expiresAt > now + MAX_SECRET_OVERLAP_MS) {
      throw invalid(
        'expires_at',
        'expires_at must be between now and 7 days from now: the previous secret signs until then.',
      );
    }
    const previousExpiresAt = new Date(Math.max(expiresAt, now)).toISOString();
    const secret = newWebhookSecret();
    await updateEndpoint(tx.trx, id, {
      secret,
      previous_secret: current.secret,
      previous_secret_expires_at: previousExpiresAt,
      updated_at: tx.nowIso,
    });
    const row = await existingEndpoint(tx.trx, factoryId, id);
    return { ...toEndpointView(row), secret, previous_secret_expires_at: previousExpiresAt };
  });
}
