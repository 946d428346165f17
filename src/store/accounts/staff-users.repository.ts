import type { Kysely, Transaction } from 'kysely';
import { newestFirst, type PageParams } from '../pagination.js';
import type { DB, StaffUserTable } from '../schema.js';

/** Staff users: the factory's people, who sign in to the staff app. Emails are stored lower-cased. */

/** The enabled staff user with this (normalised) email: emails are unique across the database. */
export function enabledStaffUserOfEmail(
  db: Kysely<DB>,
  email: string,
): Promise<StaffUserTable | undefined> {
  return db
    .selectFrom('staff_users')
    .selectAll()
    .where('email', '=', email)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
}

/** Whether any staff user, of any factory, has this (normalised) email. */
export async function staffEmailTaken(db: Kysely<DB>, email: string): Promise<boolean> {
  const taken = await db
    .selectFrom('staff_users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return taken !== undefined;
}

export async function insertStaffUser(trx: Transaction<DB>, row: StaffUserTable): Promise<void> {
  await trx.insertInto('staff_users').values(row).execute();
}

/** A page of a factory's staff users, newest first (`toPage` makes the page). */
export function listStaffUsers(
  db: Kysely<DB>,
  factoryId: string,
  params: PageParams,
): Promise<StaffUserTable[]> {
  return db
    .selectFrom('staff_users')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .$call(newestFirst(params))
    .execute();
}

export function staffUserOf(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<StaffUserTable | undefined> {
  return db
    .selectFrom('staff_users')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Writes a staff user's changeable fields. */
export async function updateStaffUser(
  trx: Transaction<DB>,
  id: string,
  set: Partial<
    Pick<StaffUserTable, 'name' | 'role' | 'password_hash' | 'disabled_at' | 'updated_at'>
  >,
): Promise<void> {
  await trx.updateTable('staff_users').set(set).where('id', '=', id).execute();
}

/** A staff user as "who am I" shows them; throws when there is none. */
export function staffUserSummaryOf(
  db: Kysely<DB>,
  id: string,
): Promise<{ id: string; email: string; name: string; role: 'admin' | 'supervisor' }> {
  return db
    .selectFrom('staff_users')
    .select(['id', 'email', 'name', 'role'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** Whether the factory has a staff user at all (enabled or not). */
export async function factoryHasStaffUser(db: Kysely<DB>, factoryId: string): Promise<boolean> {
  const staff = await db
    .selectFrom('staff_users')
    .select('id')
    .where('factory_id', '=', factoryId)
    .limit(1)
    .executeTakeFirst();
  return staff !== undefined;
}

/** The staff user with this (normalised) email, enabled or not (single sign-on's match). */
export function staffUserOfEmail(
  db: Kysely<DB>,
  email: string,
): Promise<StaffUserTable | undefined> {
  return db.selectFrom('staff_users').selectAll().where('email', '=', email).executeTakeFirst();
}
