import type { Transaction } from 'kysely';
import type { DB } from '../../store/schema.js';
import { failQueuedDeliveries } from '../../store/webhooks/deliveries.repository.js';
import { disableEndpointRow } from '../../store/webhooks/endpoints.repository.js';

/**
 * Disables an endpoint (if enabled) and fails its queued deliveries: nothing is sent to it any
 * more, and each delivery can still be retried once the endpoint is enabled again.
 */
export async function disableEndpoint(
  trx: Transaction<DB>,
  endpointId: string,
  reason: string,
  error: string,
  nowIso: string,
): Promise<boolean> {
  const disabled = await disableEndpointRow(trx, endpointId, reason, nowIso);
  await failQueuedDeliveries(trx, endpointId, error, nowIso);
  return disabled;
}
