import type { Kysely, Transaction } from 'kysely';
import type { DB, RetailerUserPasswordLinkTable } from '../schema.js';

/** Set-password links of retailer users: at most one per user, kept as the token's hash. */

export async function insertPasswordLink(
  trx: Transaction<DB>,
  row: RetailerUserPasswordLinkTable,
): Promise<void> {
  await trx.insertInto('retailer_user_password_links').values(row).execute();
}

/** Removes a user's link, if any. */
export async function deletePasswordLinksOf(
  trx: Transaction<DB>,
  retailerUserId: string,
): Promise<void> {
  await trx
    .deleteFrom('retailer_user_password_links')
    .where('retailer_user_id', '=', retailerUserId)
    .execute();
}

/** Whose link the token's hash is, while it has not expired at `now`. */
export function unexpiredPasswordLinkOf(
  db: Kysely<DB>,
  tokenHash: string,
  now: string,
): Promise<{ retailer_user_id: string } | undefined> {
  return db
    .selectFrom('retailer_user_password_links')
    .select('retailer_user_id')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Deletes the unexpired link of the token's hash and answers whose it was: of two takers at once,
 * only the first finds it.
 */
export function takePasswordLink(
  trx: Transaction<DB>,
  tokenHash: string,
  now: string,
): Promise<{ retailer_user_id: string } | undefined> {
  return trx
    .deleteFrom('retailer_user_password_links')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .returning('retailer_user_id')
    .executeTakeFirst();
}
