import type { Kysely, Transaction } from 'kysely';
import { newestFirst, type PageParams } from '../pagination.js';
import type { DB, RetailerUserTable } from '../schema.js';

/** Retailers' users: who signs in to the portal. Emails are stored lower-cased, unique per retailer. */

/**
 * The enabled users with a portal password and this (normalised) email, oldest first, at most
 * `limit`: one person may hold logins at several retailers.
 */
export function loginCandidatesOfEmail(
  db: Kysely<DB>,
  email: string,
  limit: number,
): Promise<RetailerUserTable[]> {
  return db
    .selectFrom('retailer_users')
    .selectAll()
    .where('email', '=', email)
    .where('password_hash', 'is not', null)
    .where('disabled_at', 'is', null)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** A user of one retailer of the factory. */
export function retailerUserOf(
  db: Kysely<DB>,
  factoryId: string,
  retailerId: string,
  id: string,
): Promise<RetailerUserTable | undefined> {
  return db
    .selectFrom('retailer_users')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('retailer_id', '=', retailerId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A user by id alone; throws when there is none. */
export function retailerUserById(db: Kysely<DB>, id: string): Promise<RetailerUserTable> {
  return db.selectFrom('retailer_users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** How many enabled owners the retailer has. */
export async function enabledOwnerCount(db: Kysely<DB>, retailerId: string): Promise<number> {
  const { n } = await db
    .selectFrom('retailer_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('retailer_id', '=', retailerId)
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Whether `retailerUserId` is an enabled owner of the retailer. */
export async function isEnabledOwner(
  db: Kysely<DB>,
  retailerUserId: string,
  retailerId: string,
): Promise<boolean> {
  const owner = await db
    .selectFrom('retailer_users')
    .select('id')
    .where('id', '=', retailerUserId)
    .where('retailer_id', '=', retailerId)
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return owner !== undefined;
}

/** Whether a user of the retailer has this (normalised) email. */
export async function retailerEmailTaken(
  db: Kysely<DB>,
  retailerId: string,
  email: string,
): Promise<boolean> {
  const taken = await db
    .selectFrom('retailer_users')
    .select('id')
    .where('retailer_id', '=', retailerId)
    .where('email', '=', email)
    .executeTakeFirst();
  return taken !== undefined;
}

export async function insertRetailerUser(
  trx: Transaction<DB>,
  row: RetailerUserTable,
): Promise<void> {
  await trx.insertInto('retailer_users').values(row).execute();
}

/** A page of a retailer's users, newest first (`toPage` makes the page). */
export function listRetailerUsers(
  db: Kysely<DB>,
  factoryId: string,
  retailerId: string,
  params: PageParams,
): Promise<RetailerUserTable[]> {
  return db
    .selectFrom('retailer_users')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('retailer_id', '=', retailerId)
    .$call(newestFirst(params))
    .execute();
}

/** Writes a user's changeable fields. */
export async function updateRetailerUser(
  trx: Transaction<DB>,
  id: string,
  set: Partial<
    Pick<RetailerUserTable, 'role' | 'name' | 'password_hash' | 'disabled_at' | 'updated_at'>
  >,
): Promise<void> {
  await trx.updateTable('retailer_users').set(set).where('id', '=', id).execute();
}

export async function deleteRetailerUser(trx: Transaction<DB>, id: string): Promise<void> {
  await trx.deleteFrom('retailer_users').where('id', '=', id).execute();
}

/** A user's email and their retailer's name; throws when there is none. */
export function retailerUserEmailAndRetailerName(
  db: Kysely<DB>,
  id: string,
): Promise<{ id: string; email: string; retailer_name: string }> {
  return db
    .selectFrom('retailer_users as u')
    .innerJoin('retailers as r', 'r.id', 'u.retailer_id')
    .select(['u.id', 'u.email', 'r.name as retailer_name'])
    .where('u.id', '=', id)
    .executeTakeFirstOrThrow();
}
