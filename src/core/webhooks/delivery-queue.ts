import type { Transaction } from 'kysely';
import type { Db } from '../../store/database.js';
import { dialectOf } from '../../store/dialect.js';
import type { DB, WebhookDeliveryTable } from '../../store/schema.js';
import { disableEndpoint } from './endpoint-state.js';
import { FAILING_DISABLE_MS, MAX_ATTEMPTS, parseRetryAfter, retryDelay } from './retry-policy.js';
import { DISABLED_REASONS } from './views.js';

/**
 * The dispatcher's queue lives in `webhook_deliveries`: a delivery is queued while it has a
 * `next_attempt_at` (pending or retrying), and due once that instant has passed. Claiming one
 * moves its `next_attempt_at` a lease ahead, so it is not claimed again while it is being sent;
 * should the process die before the result is recorded, it becomes due again when the lease
 * ends (at-least-once delivery: receivers dedupe on `webhook-id`).
 */

/** What one attempt came to. `error` is a short text of ours: never the receiver's body. */
export interface AttemptOutcome {
  kind: 'succeeded' | 'failed' | 'gone' | 'aborted';
  responseStatus: number | null;
  responseMs: number | null;
  error: string | null;
  /** The receiver's `Retry-After` header on 429 or 503, as sent. */
  retryAfter?: string | undefined;
}

/** A claimed delivery, with what is needed to send it. */
export interface ClaimedDelivery {
  id: string;
  factoryId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  attempts: number;
  url: string;
  secret: string;
  data: string;
  eventCreatedAt: string;
  allowedHosts: string[];
}

export interface AttemptResult {
  delivery: ClaimedDelivery;
  outcome: AttemptOutcome;
  /** When the attempt ended, by the injected clock. */
  at: Date;
}

/** Whether anything is due at `nowIso` (an index probe, no transaction). */
export async function anyDue(db: Db, nowIso: string): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('next_attempt_at', '<=', nowIso)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The earliest `next_attempt_at` of the queue, leases included; null when it is empty. */
export async function nextDueAt(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('next_attempt_at', 'is not', null)
    .executeTakeFirst();
  return row?.next ?? null;
}

/** Enabled endpoints with at least one delivery due at `nowIso` (one index probe each). */
export async function endpointsWithDue(trx: Transaction<DB>, nowIso: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('webhook_endpoints as w')
    .select('w.id')
    .where('w.enabled', '=', 1)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('webhook_deliveries as d')
          .select('d.id')
          .whereRef('d.endpoint_id', '=', 'w.id')
          .where('d.next_attempt_at', '<=', nowIso),
      ),
    )
    .orderBy('w.id')
    .execute();
  return rows.map((r) => r.id);
}

/** Up to `limit` of one endpoint's due deliveries, in due order, with what sending needs. */
export async function selectDue(
  trx: Transaction<DB>,
  input: { endpointId: string; nowIso: string; limit: number },
): Promise<ClaimedDelivery[]> {
  const rows = await trx
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .innerJoin('settings as s', 's.factory_id', 'd.factory_id')
    .select([
      'd.id',
      'd.factory_id',
      'd.endpoint_id',
      'd.event_id',
      'd.event_type',
      'd.attempts',
      'w.url',
      'w.secret',
      'e.data',
      'e.created_at as event_created_at',
      's.webhook_allowed_hosts',
    ])
    .where('d.endpoint_id', '=', input.endpointId)
    .where('d.next_attempt_at', '<=', input.nowIso)
    .orderBy('d.next_attempt_at')
    .limit(input.limit)
    // PostgreSQL, several factoryd: rows another process is claiming are passed over, not waited
    // for; its lease (below) then keeps them from everyone until it ends.
    .$if(dialectOf(trx) === 'postgres', (qb) => qb.forUpdate('d').skipLocked())
    .execute();
  return rows.map((r) => ({
    id: r.id,
    factoryId: r.factory_id,
    endpointId: r.endpoint_id,
    eventId: r.event_id,
    eventType: r.event_type,
    attempts: r.attempts,
    url: r.url,
    secret: r.secret,
    data: r.data,
    eventCreatedAt: r.event_created_at,
    allowedHosts: JSON.parse(r.webhook_allowed_hosts) as string[],
  }));
}

/** Moves the deliveries' next attempt to `untilIso`, which keeps them from being claimed again. */
export async function lease(
  trx: Transaction<DB>,
  ids: readonly string[],
  untilIso: string,
): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await trx
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: untilIso })
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
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
  for (let i = 0; i < endpointIds.length; i += 500) {
    const rows = await trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'enabled', 'failing_since'])
      .where('id', 'in', endpointIds.slice(i, i + 500))
      .execute();
    for (const row of rows) {
      runs.set(row.id, {
        enabled: row.enabled === 1,
        failingSince: row.failing_since,
        changed: false,
        gone: false,
      });
    }
  }

  const summary: RecordSummary = { disabledEndpoints: [] };
  for (const { delivery, outcome, at } of results) {
    const atIso = at.toISOString();
    const run = runs.get(delivery.endpointId);
    if (outcome.kind === 'aborted') {
      // Still queued (unless its endpoint was disabled meanwhile): due again at once.
      await trx
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: atIso })
        .where('id', '=', delivery.id)
        .where('next_attempt_at', 'is not', null)
        .execute();
      continue;
    }
    const attempts = delivery.attempts + 1;
    let status: WebhookDeliveryTable['status'];
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
    await trx
      .updateTable('webhook_deliveries')
      .set({
        status,
        attempts,
        response_status: outcome.responseStatus,
        response_ms: outcome.responseMs,
        error: outcome.error,
        next_attempt_at: next,
        updated_at: atIso,
      })
      .where('id', '=', delivery.id)
      .execute();

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
    await trx
      .updateTable('webhook_endpoints')
      .set({ failing_since: run.failingSince })
      .where('id', '=', id)
      .execute();
  }
  return summary;
}
