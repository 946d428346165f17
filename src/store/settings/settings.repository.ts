import type { Kysely, Transaction } from 'kysely';
import type { DB, SettingsTable } from '../schema.js';

/** A factory's settings: one row per factory, made with the factory. */

/**
 * The address people open this factory's pages at, when the setting `public_url` is set (a
 * proxy's name); null when links should be built from the address a request came in on.
 */
export async function publicUrlOf(db: Kysely<DB>, factoryId: string): Promise<string | null> {
  const row = await db
    .selectFrom('settings')
    .select('public_url')
    .where('factory_id', '=', factoryId)
    .executeTakeFirst();
  return row?.public_url ?? null;
}

export async function insertSettings(
  trx: Transaction<DB>,
  row: Omit<
    SettingsTable,
    | 'public_url'
    | 'backup_schedule'
    | 'backup_dir'
    | 'backup_keep'
    | 'gs1_company_prefix'
    | 'print_rules'
    | 'operator_idle_minutes'
  >,
): Promise<void> {
  // The columns left out get their defaults (a database older than them has none of them).
  await trx
    .insertInto('settings')
    .values(row as SettingsTable)
    .execute();
}

export function settingsOf(db: Kysely<DB>, factoryId: string): Promise<SettingsTable | undefined> {
  return db
    .selectFrom('settings')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .executeTakeFirst();
}

/** Writes the settings given, then reads the whole row back; throws when there is none. */
export async function updateSettings(
  trx: Transaction<DB>,
  factoryId: string,
  set: Partial<Omit<SettingsTable, 'factory_id'>>,
): Promise<SettingsTable> {
  await trx.updateTable('settings').set(set).where('factory_id', '=', factoryId).execute();
  return trx
    .selectFrom('settings')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .executeTakeFirstOrThrow();
}

/** How long the factory's sessions last, in hours; throws when it has no settings. */
export async function sessionTtlHoursOf(db: Kysely<DB>, factoryId: string): Promise<number> {
  const settings = await db
    .selectFrom('settings')
    .select('session_ttl_hours')
    .where('factory_id', '=', factoryId)
    .executeTakeFirstOrThrow();
  return settings.session_ttl_hours;
}

/** What a pairing code's links are made of; throws when the factory has no settings. */
export function pairingSettingsOf(
  db: Kysely<DB>,
  factoryId: string,
): Promise<Pick<SettingsTable, 'station_app_scheme' | 'public_url'>> {
  return db
    .selectFrom('settings')
    .select(['station_app_scheme', 'public_url'])
    .where('factory_id', '=', factoryId)
    .executeTakeFirstOrThrow();
}
