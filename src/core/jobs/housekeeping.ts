import type { Transaction } from 'kysely';
import { DAY, HOUR } from '../../domain/clock.js';
import { newId, type IdKind } from '../../domain/ids.js';
import { deleteEndedSessions } from '../../store/accounts/session-retention.js';
import { deleteUnreferencedEventsBefore } from '../../store/events/outbox.repository.js';
import { deleteIdempotencyKeysBefore } from '../../store/idempotency/key-retention.js';
import { deleteRateLimitFailuresBefore } from '../../store/rate-limits/failure-retention.js';
import { deleteExpiredPairingCodes } from '../../store/stations/pairing-code-retention.js';
import { deleteFinishedDeliveriesBefore } from '../../store/webhooks/deliveries.repository.js';
import { deleteUnreferencedEndpoints } from '../../store/webhooks/endpoints.repository.js';
import { webhookRetentionDays } from '../../store/webhooks/webhook-settings.js';
import type { DB } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { deleteLeftovers } from '../uploads/upload-leftovers.js';
import { RATE_LIMIT_RETENTION_MS } from '../rate-limiter.js';
import { transact } from '../transaction.js';

export interface HousekeepingResult {
  pairing_codes: number;
  sessions: number;
  idempotency_keys: number;
  deliveries: number;
  events: number;
  endpoints: number;
  rate_limit_failures: number;
  /** Uploads that died while staging, whose staged rows were deleted. */
  staged_uploads: number;
}

/** Idempotency keys are answered for 24 hours (DESIGN §3). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * HOUR;

/** Rows deleted per transaction, so no delete holds the write lock for long. */
const BATCH = 2000;

/**
 * The smallest id of `kind` made at or after `at`. Ids start with their creation time, so
 * `id < idBound(kind, t)` selects rows created before t through the id's index.
 */
function idBound(kind: IdKind, at: Date): string {
  return `${newId(kind, at).slice(0, 14)}0000000000000000`;
}

async function deleteInBatches(
  ctx: CoreContext,
  deleteBatch: (trx: Transaction<DB>, limit: number) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await transact(ctx, (tx) => deleteBatch(tx.trx, BATCH));
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * Deletes what is no longer needed: expired pairing codes; expired or revoked sessions;
 * idempotency keys past 24 hours; finished deliveries (succeeded or failed) older than the
 * factory's `webhook_retention_days`, then events older than that which no delivery refers to,
 * then deleted endpoints no delivery refers to. Deliveries still to be attempted are kept
 * whatever their age; the rows uploads that died left staged. Each step runs in short
 * transactions of bounded size.
 */
export async function housekeep(ctx: CoreContext): Promise<HousekeepingResult> {
  const now = ctx.clock.now();
  const nowIso = now.toISOString();
  const result: HousekeepingResult = {
    pairing_codes: 0,
    sessions: 0,
    idempotency_keys: 0,
    deliveries: 0,
    events: 0,
    endpoints: 0,
    rate_limit_failures: 0,
    staged_uploads: 0,
  };

  // Failed attempts past every rate limit's window (one statement: an hour's worth at most).
  const failuresBefore = new Date(now.getTime() - RATE_LIMIT_RETENTION_MS).toISOString();
  result.rate_limit_failures = await transact(ctx, (tx) =>
    deleteRateLimitFailuresBefore(tx.trx, failuresBefore),
  );

  result.pairing_codes = await deleteInBatches(ctx, (trx, limit) =>
    deleteExpiredPairingCodes(trx, nowIso, limit),
  );

  result.sessions = await deleteInBatches(ctx, (trx, limit) =>
    deleteEndedSessions(trx, nowIso, limit),
  );

  const keysBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
  // An hour of keys per run (the job is hourly): one statement.
  result.idempotency_keys = await transact(ctx, (tx) =>
    deleteIdempotencyKeysBefore(tx.trx, keysBefore),
  );

  for (const { factoryId, days } of await webhookRetentionDays(ctx.db)) {
    const before = new Date(now.getTime() - days * DAY);
    const deliveriesBefore = idBound('delivery', before);
    result.deliveries += await deleteInBatches(ctx, (trx, limit) =>
      deleteFinishedDeliveriesBefore(trx, { factoryId, beforeId: deliveriesBefore, limit }),
    );

    const eventsBefore = idBound('event', before);
    result.events += await deleteInBatches(ctx, (trx, limit) =>
      deleteUnreferencedEventsBefore(trx, { factoryId, beforeId: eventsBefore, limit }),
    );
  }

  result.endpoints = await deleteInBatches(ctx, deleteUnreferencedEndpoints);

  result.staged_uploads = await deleteLeftovers(ctx);
  return result;
}
