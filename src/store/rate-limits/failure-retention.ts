import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

/** Deletes the failed attempts recorded before `beforeIso`; returns how many. */
export async function deleteRateLimitFailuresBefore(
  trx: Kysely<DB>,
  beforeIso: string,
): Promise<number> {
  const r = await trx
    .deleteFrom('rate_limit_failures')
    .where('at', '<', beforeIso)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
