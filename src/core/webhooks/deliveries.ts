import { AppError, invalid, notFound } from '../../domain/errors.js';
import { toPage, type Page } from '../../store/pagination.js';
import {
  findDelivery,
  findDeliveryWithEndpoint,
  findDeliveryWithEvent,
  listDeliveries as listDeliveryRows,
  makeDeliveriesDue,
  makeDeliveryDue,
  type DeliveryFilters,
} from '../../store/webhooks/deliveries.repository.js';
import { findEndpoint } from '../../store/webhooks/endpoints.repository.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';
import { deliveryBody } from './signature.js';
import { toDeliveryView, type DeliveryStatus, type WebhookDeliveryView } from './views.js';

export type { DeliveryFilters };

/** Deliveries newest first, optionally of one endpoint, status or event type. */
export async function listDeliveries(
  ctx: CoreContext,
  factoryId: string,
  filters: DeliveryFilters,
): Promise<Page<WebhookDeliveryView>> {
  const rows = await listDeliveryRows(ctx.db, factoryId, filters);
  return toPage(rows, filters, toDeliveryView);
}

export async function getDelivery(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<WebhookDeliveryView> {
  const row = await findDelivery(ctx.db, factoryId, id);
  if (!row) throw notFound('webhook delivery', 'id', id);
  return toDeliveryView(row);
}

export interface WebhookDeliveryDetail extends WebhookDeliveryView {
  /**
   * The body the receiver is sent, `{type, timestamp, data}`, exactly as each attempt posts it.
   * What a receiver answered is kept as `response_status`, `response_ms` and `error` only: its
   * body is never stored, so it cannot be shown.
   */
  payload: unknown;
}

/** One delivery with the body it sends. */
export async function getDeliveryDetail(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<WebhookDeliveryDetail> {
  const row = await findDeliveryWithEvent(ctx.db, factoryId, id);
  if (!row) throw notFound('webhook delivery', 'id', id);
  const { event_data, event_created_at, ...delivery } = row;
  return {
    ...toDeliveryView(delivery),
    payload: JSON.parse(deliveryBody(row.event_type, event_created_at, event_data)) as unknown,
  };
}

/**
 * Makes a delivery due now, whatever its status: one more attempt, counted with the earlier ones
 * (`retrying`, or `pending` if it was never attempted). The dispatcher is told after the commit.
 * A delivery of a disabled or deleted endpoint cannot be retried (409 `endpoint_disabled`).
 */
export async function retryDelivery(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<WebhookDeliveryView> {
  const view = await transact(ctx, async (tx) => {
    const row = await findDeliveryWithEndpoint(tx.trx, factoryId, id);
    if (!row) throw notFound('webhook delivery', 'id', id);
    if (row.endpoint_enabled !== 1) {
      throw new AppError('endpoint_disabled', {
        message:
          row.endpoint_deleted_at !== null
            ? 'The webhook endpoint of this delivery was deleted.'
            : 'The webhook endpoint is disabled; enable it before retrying its deliveries.',
      });
    }
    const status: DeliveryStatus = row.attempts > 0 ? 'retrying' : 'pending';
    await makeDeliveryDue(tx.trx, id, status, tx.nowIso);
    const { endpoint_enabled: _e, endpoint_deleted_at: _d, ...delivery } = row;
    return toDeliveryView({
      ...delivery,
      status,
      next_attempt_at: tx.nowIso,
      updated_at: tx.nowIso,
    });
  });
  ctx.signals.eventsAppended();
  return view;
}

export interface BulkRetryInput {
  endpoint_id?: string | undefined;
  /** Which deliveries: `failed` (the default) or `retrying` (made due now, not at their backoff). */
  status?: 'failed' | 'retrying' | undefined;
  since: string;
  until?: string | undefined;
}

/**
 * Retries many deliveries at once: those of one endpoint (or every enabled one) with the status
 * given, made within the window; each gets one more attempt now, as a single retry would. The
 * deliveries of disabled or deleted endpoints are left as they are. Answers how many.
 */
export async function retryDeliveries(
  ctx: CoreContext,
  factoryId: string,
  input: BulkRetryInput,
): Promise<{ object: 'webhook_delivery_retry'; retried: number }> {
  const since = checkInstant(input.since, 'since');
  const until = input.until === undefined ? undefined : checkInstant(input.until, 'until');
  if (until !== undefined && until <= since) {
    throw invalid('until', 'until must be after since.');
  }
  const retried = await transact(ctx, async (tx) => {
    if (input.endpoint_id !== undefined) {
      const endpoint = await findEndpoint(tx.trx, factoryId, input.endpoint_id);
      if (!endpoint) throw notFound('webhook endpoint', 'id', input.endpoint_id);
      if (endpoint.enabled !== 1) {
        throw new AppError('endpoint_disabled', {
          message: 'The webhook endpoint is disabled; enable it before retrying its deliveries.',
        });
      }
    }
    return makeDeliveriesDue(
      tx.trx,
      factoryId,
      { endpointId: input.endpoint_id, status: input.status ?? 'failed', since, until },
      tx.nowIso,
    );
  });
  if (retried > 0) ctx.signals.eventsAppended();
  return { object: 'webhook_delivery_retry', retried };
}

/** An instant as stored (UTC, milliseconds: `2026-11-26T08:00:00.000Z`), from any ISO 8601 form. */
function checkInstant(value: string, param: string): string {
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(ms)) {
    throw invalid(param, `${param} must be a date and time such as 2026-11-26T08:00:00Z.`);
  }
  return new Date(ms).toISOString();
}
