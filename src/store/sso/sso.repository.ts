import type { Kysely, Transaction } from 'kysely';
import type { DB, SsoLoginTable, SsoSettingsTable } from '../schema.js';

/** Single sign-on: a factory's OpenID Connect provider, and the sign-ins under way. */

export function ssoSettingsOf(
  db: Kysely<DB>,
  factoryId: string,
): Promise<SsoSettingsTable | undefined> {
  return db
    .selectFrom('sso_settings')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .executeTakeFirst();
}

/** Every factory's provider, in factory order: the public sign-in page picks among them. */
export function allSsoSettings(db: Kysely<DB>): Promise<SsoSettingsTable[]> {
  return db.selectFrom('sso_settings').selectAll().orderBy('factory_id').execute();
}

/** Writes a factory's provider whole: inserted the first time, replaced after. */
export async function saveSsoSettings(trx: Transaction<DB>, row: SsoSettingsTable): Promise<void> {
  const { factory_id: _, ...set } = row;
  await trx
    .insertInto('sso_settings')
    .values(row)
    .onConflict((oc) => oc.column('factory_id').doUpdateSet(set))
    .execute();
}

export async function deleteSsoSettings(trx: Transaction<DB>, factoryId: string): Promise<void> {
  await trx.deleteFrom('sso_settings').where('factory_id', '=', factoryId).execute();
}

/** Records a sign-in under way; sign-ins past their time are removed on the way. */
export async function insertSsoLogin(
  trx: Transaction<DB>,
  row: SsoLoginTable,
  nowIso: string,
): Promise<void> {
  await trx.deleteFrom('sso_logins').where('expires_at', '<', nowIso).execute();
  await trx.insertInto('sso_logins').values(row).execute();
}

/**
 * Takes the sign-in of this state out (it is used once, whatever the callback's outcome);
 * undefined when there is none or it has expired.
 */
export async function takeSsoLogin(
  trx: Transaction<DB>,
  stateHash: string,
  nowIso: string,
): Promise<SsoLoginTable | undefined> {
  const row = await trx
    .selectFrom('sso_logins')
    .selectAll()
    .where('state_hash', '=', stateHash)
    .executeTakeFirst();
  if (!row) return undefined;
  await trx.deleteFrom('sso_logins').where('state_hash', '=', stateHash).execute();
  return row.expires_at > nowIso ? row : undefined;
}
