import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

/** Deletes up to `limit` sessions expired at `nowIso` or revoked; returns how many. */
export async function deleteEndedSessions(
  trx: Kysely<DB>,
  nowIso: string,
  limit: number,
): Promise<number> {
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
}
