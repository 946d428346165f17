import type { Kysely, Transaction } from 'kysely';
import type { DB, IdempotencyKeyTable } from '../schema.js';

/** `Idempotency-Key`s: each claim of a key and, once there is one, the answer to replay. */

/** One claim of a key: its `created_at` tells it from a later claim of the same key. */
export interface KeyClaim {
  factoryId: string;
  key: string;
  claimedAt: string;
}

/** An answer as stored: status, body and content type. */
export interface StoredAnswer {
  status: number;
  body: string;
  contentType: string;
}

/** Deletes the factory's key when it was claimed before `before` (past its replay window). */
export async function deleteKeyClaimedBefore(
  trx: Transaction<DB>,
  factoryId: string,
  key: string,
  before: string,
): Promise<void> {
  await trx
    .deleteFrom('idempotency_keys')
    .where('factory_id', '=', factoryId)
    .where('key', '=', key)
    .where('created_at', '<', before)
    .execute();
}

export function keyOf(
  db: Kysely<DB>,
  factoryId: string,
  key: string,
): Promise<IdempotencyKeyTable | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function insertKey(trx: Transaction<DB>, row: IdempotencyKeyTable): Promise<void> {
  await trx.insertInto('idempotency_keys').values(row).execute();
}

/** Claims the factory's key anew, as of `claimedAt`. */
export async function reclaimKey(
  trx: Transaction<DB>,
  factoryId: string,
  key: string,
  claimedAt: string,
): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ created_at: claimedAt })
    .where('factory_id', '=', factoryId)
    .where('key', '=', key)
    .execute();
}

/**
 * Stores the answer of this claim and marks it done; with `onlyRunning`, only while the claim
 * has no answer yet. Answers whether the claim was there to store it on.
 */
export async function storeAnswer(
  db: Kysely<DB>,
  claim: KeyClaim,
  answer: StoredAnswer,
  options: { onlyRunning?: boolean } = {},
): Promise<boolean> {
  const { numUpdatedRows } = await db
    .updateTable('idempotency_keys')
    .set({
      state: 'done',
      response_status: answer.status,
      response_body: answer.body,
      response_type: answer.contentType,
    })
    .where('factory_id', '=', claim.factoryId)
    .where('key', '=', claim.key)
    .where('created_at', '=', claim.claimedAt)
    .$if(options.onlyRunning === true, (qb) => qb.where('state', '=', 'running'))
    .executeTakeFirst();
  return numUpdatedRows !== 0n;
}

/** Removes this claim while it has no answer. */
export async function deleteRunningClaim(db: Kysely<DB>, claim: KeyClaim): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('factory_id', '=', claim.factoryId)
    .where('key', '=', claim.key)
    .where('created_at', '=', claim.claimedAt)
    .where('state', '=', 'running')
    .execute();
}

/** Overwrites the answer stored for this claim (its state unchanged). */
export async function replaceAnswer(
  db: Kysely<DB>,
  claim: KeyClaim,
  answer: StoredAnswer,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({
      response_status: answer.status,
      response_body: answer.body,
      response_type: answer.contentType,
    })
    .where('factory_id', '=', claim.factoryId)
    .where('key', '=', claim.key)
    .where('created_at', '=', claim.claimedAt)
    .execute();
}
