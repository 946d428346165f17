import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * Set-password links for retailer portal users (docs/portal.md, "Setting a password"): a
 * single-use token, kept as its SHA-256 only, that lets whoever holds it set the user's password
 * until `expires_at`. A user has at most one link: a new one replaces the last, and using one, or
 * any new password, removes it.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { text } = columnTypes(db);
  await db.schema
    .createTable('retailer_user_password_links')
    .addColumn('token_hash', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('retailer_user_id', text, (c) =>
      c.notNull().unique().references('retailer_users.id'),
    )
    .addColumn('created_at', text, (c) => c.notNull())
    .addColumn('expires_at', text, (c) => c.notNull())
    .execute();
}
