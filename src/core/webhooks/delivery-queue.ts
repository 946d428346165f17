import type { Transaction } from 'kysely';
import type { DB } from '../../store/schema.js';
import {
  recordAttempt,
  requeue,
  type ClaimedDelivery,
} from '../../store/webhooks/delivery-queue.js';
import { endpointRuns, setFailingSince } from '../../store/webhooks/endpoints.repository.js';
import { disableEndpoint } from './endpoint-state.js';
import { FAILING_DISABLE_MS, MAX_ATTEMPTS, parseRetryAfter, retryDelay } from './retry-policy.js';
import { DISABLED_REASONS, type DeliveryStatus } from './views.js';

// The dispatcher's queue is the store's (store/webhooks/delivery-queue.ts: due deliveries are
// claimed under a lease); what an attempt's result does to its delivery and endpoint is here.

export type { ClaimedDelivery };

/** What one attempt came to. `error` is a short text of ours: never the receiver's body. */
export interface AttemptOutcome {
  kind: 'succeeded' | 'failed' | 'gone' | 'aborted';
  responseStatus: number | null;
  responseMs: number | null;
  error: string | null;
  /** The receiver's `Retry-After` header on 429 or 503, as sent. */
  retryAfter?: string | undefined;
}

export interface AttemptResult {
  delivery: ClaimedDelivery;
  outcome: AttemptOutcome;
  /** When the attempt ended, by the injected clock. */
  at: Date;
}

export interface RecordSummary {
  /** Endpoints disabled by these results (410 Gone, or failing for 5 days). */
  disabledEndpoints: string[];
}

interface EndpointRun {
  enabled: boolean;
  failingSince: string | null;
  changed: boolean;
  gone: boolean;
}

/**
 * Records attempt results, in completion order, in the caller's (short) transaction: the
 * delivery's status, attempts, response and next attempt; and each endpoint's run of failures,
 * which disables it after 5 days — or at once on 410 Gone. Aborted attempts (shutdown) are not
 * attempts: the delivery is simply due again.
 */
export async function recordResults(
  trx: Transaction<DB>,
  results: readonly AttemptResult[],
  random: () => number,
): Promise<RecordSummary> {
  const endpointIds = [...new Set(results.map((r) => r.delivery.endpointId))];
  const runs = new Map<string, EndpointRun>();
  for (const { id, enabled, failingSince } of await endpointRuns(trx, endpointIds)) {
    runs.set(id, { enabled, failingSince, changed: false, gone: false });
  }

  const summary: RecordSummary = { disabledEndpoints: [] };
  for (const { delivery, outcome, at } of results) {
    const atIso = at.toISOString();
    const run = runs.get(delivery.endpointId);
    if (outcome.kind === 'aborted') {
      // Still queued (unless its endpoint was disabled meanwhile): due again at once.
      await requeue(trx, delivery.id, atIso);
      continue;
    }
    const attempts = delivery.attempts + 1;
    let status: DeliveryStatus;
    let next: string | null = null;
    if (outcome.kind === 'succeeded') {
      status = 'succeeded';
    } else {
      const wait =
        outcome.kind === 'gone' || attempts >= MAX_ATTEMPTS
          ? null
          : (parseRetryAfter(outcome.retryAfter, at) ?? retryDelay(attempts, random));
      // Nothing is queued for a disabled or deleted endpoint.
      if (wait === null || !run?.enabled) status = 'failed';
      else {
        status = 'retrying';
        next = new Date(at.getTime() + wait).toISOString();
      }
    }
    await recordAttempt(trx, delivery.id, {
      status,
      attempts,
      response_status: outcome.responseStatus,
      response_ms: outcome.responseMs,
      error: outcome.error,
      next_attempt_at: next,
      updated_at: atIso,
    });

    if (!run) continue;
    if (outcome.kind === 'succeeded') {
      if (run.failingSince !== null) Object.assign(run, { failingSince: null, changed: true });
    } else {
      if (run.failingSince === null) Object.assign(run, { failingSince: atIso, changed: true });
      if (outcome.kind === 'gone') run.gone = true;
      if (
        run.enabled &&
        (run.gone || at.getTime() - Date.parse(run.failingSince!) >= FAILING_DISABLE_MS)
      ) {
        run.enabled = false;
        const reason = run.gone ? DISABLED_REASONS.gone : DISABLED_REASONS.failing;
        const error = run.gone
          ? 'endpoint disabled: 410 Gone'
          : 'endpoint disabled: failing for 5 days';
        await disableEndpoint(trx, delivery.endpointId, reason, error, atIso);
        summary.disabledEndpoints.push(delivery.endpointId);
      }
    }
  }

  for (const [id, run] of runs) {
    if (!run.changed) continue;
    await setFailingSince(trx, id, run.failingSince);
  }
  return summary;
}
