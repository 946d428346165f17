import type { Transaction } from 'kysely';
import type { DB } from '../../store/schema.js';

/**
 * Ends every delivery of an endpoint still waiting for an attempt: status `failed`, no next
 * attempt, `error` saying why. Used when the endpoint is disabled or deleted, so nothing is sent
 * to it any more; each delivery can still be retried once the endpoint is enabled again.
 */
export async function failQueuedDeliveries(
  trx: Transaction<DB>,
  endpointId: string,
  error: string,
  nowIso: string,
): Promise<number> {
  const result = await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null, error, updated_at: nowIso })
    .where('endpoint_id', '=', endpointId)
    .where('next_attempt_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Disables an endpoint (if enabled) and fails its queued deliveries. */
export async function disableEndpoint(
  trx: Transaction<DB>,
  endpointId: string,
  reason: string,
  error: string,
  nowIso: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('webhook_endpoints')
    .set({ enabled: 0, disabled_reason: reason, updated_at: nowIso })
    .where('id', '=', endpointId)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  await failQueuedDeliveries(trx, endpointId, error, nowIso);
  return Number(result.numUpdatedRows) > 0;
}
