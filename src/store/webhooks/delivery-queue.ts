import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';
import type { DB } from '../schema.js';
import type { DeliveryRow } from './deliveries.repository.js';

/**
 * The dispatcher's queue lives in `webhook_deliveries`: a delivery is queued while it has a
 * `next_attempt_at` (pending or retrying), and due once that instant has passed. Claiming one
 * moves its `next_attempt_at` a lease ahead, so it is not claimed again while it is being sent;
 * should the process die before the result is recorded, it becomes due again when the lease
 * ends (at-least-once delivery: receivers dedupe on `webhook-id`).
 */

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
  /** The secret before the last rotation, which signs too until `previousSecretExpiresAt`. */
  previousSecret: string | null;
  previousSecretExpiresAt: string | null;
  data: string;
  eventCreatedAt: string;
  allowedHosts: string[];
}

/** Whether anything is due at `nowIso` (an index probe, no transaction). */
export async function anyDue(db: Kysely<DB>, nowIso: string): Promise<boolean> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('next_attempt_at', '<=', nowIso)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The earliest `next_attempt_at` of the queue, leases included; null when it is empty. */
export async function nextDueAt(db: Kysely<DB>): Promise<string | null> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.min('next_attempt_at').as('next'))
    .where('next_attempt_at', 'is not', null)
    .executeTakeFirst();
  return row?.next ?? null;
}

/** Enabled endpoints with at least one delivery due at `nowIso` (one index probe each). */
export async function endpointsWithDue(trx: Kysely<DB>, nowIso: string): Promise<string[]> {
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
  trx: Kysely<DB>,
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
      'w.previous_secret',
      'w.previous_secret_expires_at',
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
    previousSecret: r.previous_secret,
    previousSecretExpiresAt: r.previous_secret_expires_at,
    data: r.data,
    eventCreatedAt: r.event_created_at,
    allowedHosts: JSON.parse(r.webhook_allowed_hosts) as string[],
  }));
}

/** Moves the deliveries' next attempt to `untilIso`, which keeps them from being claimed again. */
export async function lease(
  trx: Kysely<DB>,
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

/** A claimed delivery whose attempt was aborted: due again at `atIso`, if it is still queued. */
export async function requeue(trx: Kysely<DB>, id: string, atIso: string): Promise<void> {
  await trx
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: atIso })
    .where('id', '=', id)
    .where('next_attempt_at', 'is not', null)
    .execute();
}

/** What an attempt left on its delivery. */
export type AttemptRecord = Pick<
  DeliveryRow,
  | 'status'
  | 'attempts'
  | 'response_status'
  | 'response_ms'
  | 'error'
  | 'next_attempt_at'
  | 'updated_at'
>;

/** Records an attempt on its delivery: status, attempts, response and next attempt. */
export async function recordAttempt(
  trx: Kysely<DB>,
  id: string,
  record: AttemptRecord,
): Promise<void> {
  await trx.updateTable('webhook_deliveries').set(record).where('id', '=', id).execute();
}
