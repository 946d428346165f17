import type { Transaction } from 'kysely';
import { DAY, HOUR } from '../../domain/clock.js';
import { newId, type IdKind } from '../../domain/ids.js';
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
  result.rate_limit_failures = await transact(ctx, async (tx) => {
    const r = await tx.trx
      .deleteFrom('rate_limit_failures')
      .where('at', '<', failuresBefore)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  });

  result.pairing_codes = await deleteInBatches(ctx, async (trx, limit) => {
    const r = await trx
      .deleteFrom('pairing_codes')
      .where('id', 'in', (qb) =>
        qb.selectFrom('pairing_codes').select('id').where('expires_at', '<', nowIso).limit(limit),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  });

  result.sessions = await deleteInBatches(ctx, async (trx, limit) => {
    const r = await trx
      .deleteFrom('sessions')
      .where('id', 'in', (qb) =>
        qb
          .selectFrom('sessions')
          .select('id')
          .where((eb) => eb.or([eb('expires_at', '<', nowIso), eb('revoked_at', 'is not', null)]))
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  });

  const keysBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
  // An hour of keys per run (the job is hourly): one statement.
  result.idempotency_keys = await transact(ctx, async (tx) => {
    const r = await tx.trx
      .deleteFrom('idempotency_keys')
      .where('created_at', '<', keysBefore)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  });

  const factories = await ctx.db
    .selectFrom('settings')
    .select(['factory_id', 'webhook_retention_days'])
    .execute();
  for (const { factory_id: factoryId, webhook_retention_days: days } of factories) {
    const before = new Date(now.getTime() - days * DAY);
    const deliveriesBefore = idBound('delivery', before);
    result.deliveries += await deleteInBatches(ctx, async (trx, limit) => {
      const r = await trx
        .deleteFrom('webhook_deliveries')
        .where('id', 'in', (qb) =>
          qb
            .selectFrom('webhook_deliveries')
            .select('id')
            .where('factory_id', '=', factoryId)
            .where('id', '<', deliveriesBefore)
            .where('next_attempt_at', 'is', null)
            .limit(limit),
        )
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    });

    const eventsBefore = idBound('event', before);
    result.events += await deleteInBatches(ctx, async (trx, limit) => {
      const r = await trx
        .deleteFrom('events')
        .where('id', 'in', (qb) =>
          qb
            .selectFrom('events as e')
            .select('e.id')
            .where('e.factory_id', '=', factoryId)
            .where('e.id', '<', eventsBefore)
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('webhook_deliveries as d')
                    .select('d.id')
                    .whereRef('d.event_id', '=', 'e.id'),
                ),
              ),
            )
            .limit(limit),
        )
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    });
  }

  result.endpoints = await deleteInBatches(ctx, async (trx, limit) => {
    const r = await trx
      .deleteFrom('webhook_endpoints')
      .where('id', 'in', (qb) =>
        qb
          .selectFrom('webhook_endpoints as w')
          .select('w.id')
          .where('w.deleted_at', 'is not', null)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('webhook_deliveries as d')
                  .select('d.id')
                  .whereRef('d.endpoint_id', '=', 'w.id'),
              ),
            ),
          )
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  });

  result.staged_uploads = await deleteLeftovers(ctx);
  return result;
}
