import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

/** Deletes the idempotency keys stored before `beforeIso`; returns how many. */
export async function deleteIdempotencyKeysBefore(
  trx: Kysely<DB>,
  beforeIso: string,
): Promise<number> {
  const r = await trx
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', beforeIso)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
