import type { Kysely, Transaction } from 'kysely';
import { PreparedQuery, type Param } from '../prepared-query.js';
import type { DB, SessionTable } from '../schema.js';

/** Sessions of staff (`ss_…`) and of retailers' users in the portal (`rs_…`), kept hashed. */

export async function insertSession(trx: Transaction<DB>, row: SessionTable): Promise<void> {
  await trx.insertInto('sessions').values(row).execute();
}

/** Ends one open session of the factory (a logout). */
export async function revokeSession(
  trx: Transaction<DB>,
  factoryId: string,
  sessionId: string,
  at: string,
): Promise<void> {
  await trx
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('factory_id', '=', factoryId)
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every open session of a staff user. */
export async function revokeStaffUserSessions(
  trx: Transaction<DB>,
  staffUserId: string,
  at: string,
): Promise<void> {
  await trx
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('staff_user_id', '=', staffUserId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every open session of a retailer user. */
export async function revokeRetailerUserSessions(
  trx: Transaction<DB>,
  retailerUserId: string,
  at: string,
): Promise<void> {
  await trx
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('retailer_user_id', '=', retailerUserId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Removes every session of a retailer user, open or not (the user is being deleted). */
export async function deleteRetailerUserSessions(
  trx: Transaction<DB>,
  retailerUserId: string,
): Promise<void> {
  await trx.deleteFrom('sessions').where('retailer_user_id', '=', retailerUserId).execute();
}

/** A session's id and end; throws when there is none. */
export function sessionExpiryOf(
  db: Kysely<DB>,
  id: string,
): Promise<{ id: string; expires_at: string }> {
  return db
    .selectFrom('sessions')
    .select(['id', 'expires_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

// Every request looks its token up: the lookups are prepared once.

const staffSessionByHash = new PreparedQuery((db, p: Param<{ hash: string; now: string }>) =>
  db
    .selectFrom('sessions')
    .innerJoin('staff_users', 'staff_users.id', 'sessions.staff_user_id')
    .select([
      'sessions.id',
      'sessions.factory_id',
      'staff_users.id as user_id',
      'staff_users.role',
      'staff_users.name',
      'staff_users.email',
    ])
    .where('sessions.token_hash', '=', p('hash'))
    .where('sessions.kind', '=', 'staff')
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', p('now'))
    .where('staff_users.disabled_at', 'is', null),
);

const retailerSessionByHash = new PreparedQuery((db, p: Param<{ hash: string; now: string }>) =>
  db
    .selectFrom('sessions')
    .innerJoin('retailer_users', 'retailer_users.id', 'sessions.retailer_user_id')
    .select([
      'sessions.id',
      'sessions.factory_id',
      'retailer_users.id as user_id',
      'retailer_users.retailer_id',
      'retailer_users.name',
      'retailer_users.email',
    ])
    .where('sessions.token_hash', '=', p('hash'))
    .where('sessions.kind', '=', 'retailer')
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', p('now'))
    .where('retailer_users.disabled_at', 'is', null),
);

/** The open staff session whose token hashes to `hash`, of an enabled user, at `now`. */
export function liveStaffSessionOfHash(
  db: Kysely<DB>,
  hash: string,
  now: string,
): Promise<
  | {
      id: string;
      factory_id: string;
      user_id: string;
      role: 'admin' | 'supervisor';
      name: string;
      email: string;
    }
  | undefined
> {
  return staffSessionByHash.first(db, { hash, now });
}

/** The open portal session whose token hashes to `hash`, of an enabled user, at `now`. */
export function liveRetailerSessionOfHash(
  db: Kysely<DB>,
  hash: string,
  now: string,
): Promise<
  | {
      id: string;
      factory_id: string;
      user_id: string;
      retailer_id: string;
      name: string;
      email: string;
    }
  | undefined
> {
  return retailerSessionByHash.first(db, { hash, now });
}
