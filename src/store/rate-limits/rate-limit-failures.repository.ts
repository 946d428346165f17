import type { Kysely } from 'kysely';
import type { DB, RateLimitFailureTable } from '../schema.js';

/** Failed attempts counted by the rate limiters, one row each, the key hashed. */

/** How many failures of a limiter's key are later than `since`, and the first of them. */
export async function failuresSince(
  db: Kysely<DB>,
  limiter: string,
  keyHash: string,
  since: string,
): Promise<{ count: number; first: string | null }> {
  const row = await db
    .selectFrom('rate_limit_failures')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('at').as('first')])
    .where('limiter', '=', limiter)
    .where('key_hash', '=', keyHash)
    .where('at', '>', since)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), first: row?.first ?? null };
}

export async function insertFailure(db: Kysely<DB>, row: RateLimitFailureTable): Promise<void> {
  await db.insertInto('rate_limit_failures').values(row).execute();
}
