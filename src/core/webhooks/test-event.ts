import { AppError, notFound } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import { insertEvent, type EventRow } from '../../store/events/outbox.repository.js';
import { insertDelivery, type DeliveryRow } from '../../store/webhooks/deliveries.repository.js';
import { findEndpoint } from '../../store/webhooks/endpoints.repository.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';
import { toDeliveryView, type WebhookDeliveryView } from './views.js';

/**
 * The type of a test event. It is not one of the subscribable event types: it goes only to the
 * endpoint it was asked for, whatever that endpoint subscribes to.
 */
export const TEST_EVENT_TYPE = 'webhook.test';

/**
 * Queues a `webhook.test` event for one endpoint, through the ordinary outbox and delivery path:
 * the dispatcher signs and sends it like any event, with the same retries, and it is listed with
 * the endpoint's deliveries. A deleted endpoint is 404; a disabled one 409 `endpoint_disabled`.
 */
export async function sendTestEvent(
  ctx: CoreContext,
  factoryId: string,
  endpointId: string,
): Promise<WebhookDeliveryView> {
  const delivery = await transact(ctx, async (tx) => {
    const endpoint = await findEndpoint(tx.trx, factoryId, endpointId);
    if (!endpoint) throw notFound('webhook endpoint', 'id', endpointId);
    if (endpoint.enabled !== 1) {
      throw new AppError('endpoint_disabled', {
        message: 'The webhook endpoint is disabled; enable it before sending it a test event.',
      });
    }
    const event: EventRow = {
      id: newId('event', tx.now),
      factory_id: factoryId,
      type: TEST_EVENT_TYPE,
      data: JSON.stringify({
        endpoint_id: endpoint.id,
        url: endpoint.url,
        message: 'A test event from factoryd: nothing happened on the floor.',
      }),
      created_at: tx.nowIso,
    };
    const row: DeliveryRow = {
      id: newId('delivery', tx.now),
      factory_id: factoryId,
      endpoint_id: endpoint.id,
      event_id: event.id,
      event_type: TEST_EVENT_TYPE,
      status: 'pending',
      attempts: 0,
      response_status: null,
      response_ms: null,
      error: null,
      next_attempt_at: tx.nowIso,
      created_at: tx.nowIso,
      updated_at: tx.nowIso,
    };
    await insertEvent(tx.trx, event);
    await insertDelivery(tx.trx, row);
    return toDeliveryView(row);
  });
  ctx.signals.eventsAppended();
  return delivery;
}
