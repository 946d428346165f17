import { setTimeout as sleep } from 'node:timers/promises';
import type { Transaction } from 'kysely';
import { AppError } from '../domain/errors.js';
import { DAY, SECOND } from '../domain/clock.js';
import * as keys from '../store/idempotency/idempotency-keys.repository.js';
import type { DB } from '../store/schema.js';
import type { CoreContext } from './context.js';

/** How long a stored answer is replayed (DESIGN §3). */
export const IDEMPOTENCY_TTL_MS = DAY;

/**
 * How long a claim without an answer holds its key. A request that committed its change stored
 * its answer in the same transaction, so a claim still unanswered after this belongs to a
 * request that died (a crash, a kill) before changing anything: the next retry runs it.
 */
export const IDEMPOTENCY_LEASE_MS = 60 * SECOND;

/**
 * How long a request waits for a first one with its key that is still running, before answering
 * 409 `idempotency_key_in_use`: a concurrent duplicate (a client's retry racing its own first
 * try) mostly gets the first one's answer instead of an error.
 */
export const IDEMPOTENCY_WAIT_MS = 2 * SECOND;
/** The `retry-after` (seconds) of a duplicate that waited in vain. */
export const IDEMPOTENCY_RETRY_AFTER_S = 1;

/** A key claimed by one request: `claimedAt` tells this claim from a later one of the same key. */
export interface ClaimedKey {
  factoryId: string;
  key: string;
  claimedAt: string;
}

export interface IdempotentAnswer {
  status: number;
  body: string;
  contentType: string;
}

export type IdempotencyClaim =
  { kind: 'claimed'; claim: ClaimedKey } | ({ kind: 'replay' } & IdempotentAnswer);

/**
 * Claims `key` for a request, or answers how the first request with it ended.
 * Same key + same request → its stored answer; different request → 409; still running → 409.
 */
export async function claimIdempotencyKey(
  ctx: CoreContext,
  factoryId: string,
  key: string,
  requestHash: string,
): Promise<IdempotencyClaim> {
  const now = ctx.clock.now();
  const claimedAt = now.toISOString();
  const claim: ClaimedKey = { factoryId, key, claimedAt };
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    await keys.deleteKeyClaimedBefore(trx, factoryId, key, expiredBefore);
    const existing = await keys.keyOf(trx, factoryId, key);
    if (!existing) {
      await keys.insertKey(trx, {
        factory_id: factoryId,
        key,
        request_hash: requestHash,
        state: 'running',
        response_status: null,
        response_body: null,
        response_type: null,
        created_at: claimedAt,
      });
      return { kind: 'claimed', claim };
    }
    if (existing.request_hash !== requestHash) throw new AppError('idempotency_key_reused');
    if (existing.state === 'running') {
      const leaseLeftMs = Date.parse(existing.created_at) + IDEMPOTENCY_LEASE_MS - now.getTime();
      if (leaseLeftMs > 0) {
        throw new AppError('idempotency_key_in_use', { retryAfter: Math.ceil(leaseLeftMs / 1000) });
      }
      // Abandoned: whoever claimed it changed nothing (or its answer would be stored).
      await keys.reclaimKey(trx, factoryId, key, claimedAt);
      return { kind: 'claimed', claim };
    }
    return {
      kind: 'replay',
      status: existing.response_status ?? 200,
      body: existing.response_body ?? '',
      contentType: existing.response_type ?? 'application/json; charset=utf-8',
    };
  });
}

/**
 * `claimIdempotencyKey`, waiting up to `waitMs` (real time, in short pauses) while a request with
 * the same key and body is still running, so a concurrent duplicate replays the first one's answer
 * as soon as it is stored. Still running after the wait: 409 `idempotency_key_in_use` with a
 * `retry-after` of a second.
 */
export async function claimOrAwaitIdempotencyKey(
  ctx: CoreContext,
  factoryId: string,
  key: string,
  requestHash: string,
  waitMs = IDEMPOTENCY_WAIT_MS,
): Promise<IdempotencyClaim> {
  const deadline = performance.now() + waitMs;
  for (let pause = 10; ; pause = Math.min(pause * 2, 100)) {
    try {
      return await claimIdempotencyKey(ctx, factoryId, key, requestHash);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'idempotency_key_in_use') throw err;
      if (performance.now() + pause > deadline) {
        throw new AppError('idempotency_key_in_use', {
          message:
            'A request with this Idempotency-Key is still being processed; send it again in a moment to get its answer.',
          retryAfter: IDEMPOTENCY_RETRY_AFTER_S,
        });
      }
      await sleep(pause);
    }
  }
}

/**
 * Stores the answer of a claimed key inside the caller's transaction: the use case's own, so the
 * change and its answer commit together and a crash cannot leave one without the other. When the
 * claim is no longer this request's (its lease ran out and a retry took the key over), throws
 * 409 `idempotency_key_in_use`, which rolls the change back: only one request per key commits.
 */
export async function storeIdempotentAnswer(
  trx: Transaction<DB>,
  claim: ClaimedKey,
  answer: IdempotentAnswer,
): Promise<void> {
  if (!(await keys.storeAnswer(trx, claim, answer))) throw new AppError('idempotency_key_in_use');
}

/**
 * After the answer is written, for a claim whose use case stored no answer (a refusal, a route
 * without a transaction): stores it. A server error releases the claim instead, so a retry runs
 * again. A claim answered in its transaction keeps that answer: the change was made.
 */
export async function completeIdempotencyKey(
  ctx: CoreContext,
  claim: ClaimedKey,
  answer: IdempotentAnswer,
): Promise<void> {
  if (answer.status >= 500) {
    await keys.deleteRunningClaim(ctx.db, claim);
    return;
  }
  await keys.storeAnswer(ctx.db, claim, answer, { onlyRunning: true });
}

/** Replaces the answer a use case's transaction stored, when the route answered otherwise. */
export async function replaceIdempotentAnswer(
  ctx: CoreContext,
  claim: ClaimedKey,
  answer: IdempotentAnswer,
): Promise<void> {
  await keys.replaceAnswer(ctx.db, claim, answer);
}
