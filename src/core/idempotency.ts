import { AppError } from '../domain/errors.js';
import { DAY } from '../domain/clock.js';
import type { CoreContext } from './context.js';

/** How long a stored answer is replayed (DESIGN §3). */
export const IDEMPOTENCY_TTL_MS = DAY;

export type IdempotencyClaim =
  { kind: 'claimed' } | { kind: 'replay'; status: number; body: string; contentType: string };

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
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('idempotency_keys')
      .where('factory_id', '=', factoryId)
      .where('key', '=', key)
      .where('created_at', '<', expiredBefore)
      .execute();
    const existing = await trx
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('factory_id', '=', factoryId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!existing) {
      await trx
        .insertInto('idempotency_keys')
        .values({
          factory_id: factoryId,
          key,
          request_hash: requestHash,
          state: 'running',
          response_status: null,
          response_body: null,
          response_type: null,
          created_at: now.toISOString(),
        })
        .execute();
      return { kind: 'claimed' };
    }
    if (existing.request_hash !== requestHash) throw new AppError('idempotency_key_reused');
    if (existing.state === 'running') throw new AppError('idempotency_key_in_use');
    return {
      kind: 'replay',
      status: existing.response_status ?? 200,
      body: existing.response_body ?? '',
      contentType: existing.response_type ?? 'application/json; charset=utf-8',
    };
  });
}

/** Stores the answer to replay. Server errors release the key instead, so a retry runs again. */
export async function completeIdempotencyKey(
  ctx: CoreContext,
  factoryId: string,
  key: string,
  response: { status: number; body: string; contentType: string },
): Promise<void> {
  if (response.status >= 500) {
    await ctx.db
      .deleteFrom('idempotency_keys')
      .where('factory_id', '=', factoryId)
      .where('key', '=', key)
      .execute();
    return;
  }
  await ctx.db
    .updateTable('idempotency_keys')
    .set({
      state: 'done',
      response_status: response.status,
      response_body: response.body,
      response_type: response.contentType,
    })
    .where('factory_id', '=', factoryId)
    .where('key', '=', key)
    .execute();
}
