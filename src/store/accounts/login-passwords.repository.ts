import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

/** The accounts a sign-in opens: staff users, or retailers' users (the portal). */
export type LoginAccounts = 'staff_users' | 'retailer_users';

/** An account's password hash, or null when it has none (or there is no such account). */
export async function passwordHashOfAccount(
  db: Kysely<DB>,
  accounts: LoginAccounts,
  id: string,
): Promise<string | null> {
  const row = await db
    .selectFrom(accounts)
    .select('password_hash')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.password_hash ?? null;
}

/**
 * The password hashes of the enabled accounts with this (normalised) email, oldest first, at
 * most `limit`: those a sign-in as that email may open.
 */
export async function passwordHashesOfEmail(
  db: Kysely<DB>,
  accounts: LoginAccounts,
  email: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom(accounts)
    .select('password_hash')
    .where('email', '=', email)
    .where('password_hash', 'is not', null)
    .where('disabled_at', 'is', null)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.password_hash!);
}
