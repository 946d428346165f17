import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * Single sign-on for staff (docs/operate.md, "Single sign-on"):
 * - `sso_settings`: a factory's OpenID Connect provider (issuer, client, the claim and its
 *   mapping to staff roles); no row = no single sign-on.
 * - `sso_logins`: sign-ins under way, from the redirect to the provider until its callback: the
 *   state (hashed), the PKCE verifier and the nonce, kept in the database so any factoryd of a
 *   group can finish a sign-in another one started.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { text } = columnTypes(db);
  await db.schema
    .createTable('sso_settings')
    .addColumn('factory_id', text, (c) => c.primaryKey().references('factories.id'))
    .addColumn('provider_name', text, (c) => c.notNull())
    .addColumn('issuer_url', text, (c) => c.notNull())
    .addColumn('client_id', text, (c) => c.notNull())
    .addColumn('client_secret', text)
    .addColumn('claim', text, (c) => c.notNull())
    .addColumn('role_map', text, (c) => c.notNull())
    .addColumn('updated_at', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sso_logins')
    .addColumn('state_hash', text, (c) => c.primaryKey())
    .addColumn('factory_id', text, (c) => c.notNull().references('factories.id'))
    .addColumn('code_verifier', text, (c) => c.notNull())
    .addColumn('nonce', text, (c) => c.notNull())
    .addColumn('redirect_uri', text, (c) => c.notNull())
    .addColumn('expires_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_logins_expires').on('sso_logins').column('expires_at').execute();
}
