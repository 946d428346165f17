import type { Kysely, Transaction } from 'kysely';
import type { DB, FactoryTable } from '../schema.js';

/** Factories: the company record of each factory in the database. */

export async function insertFactory(trx: Transaction<DB>, row: FactoryTable): Promise<void> {
  await trx.insertInto('factories').values(row).execute();
}

/** The factories' ids, oldest first. */
export async function factoryIds(db: Kysely<DB>): Promise<string[]> {
  const rows = await db.selectFrom('factories').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

export function factoryOf(db: Kysely<DB>, id: string): Promise<FactoryTable | undefined> {
  return db.selectFrom('factories').selectAll().where('id', '=', id).executeTakeFirst();
}

/** `factoryOf`, throwing when there is none. */
export function existingFactoryOf(db: Kysely<DB>, id: string): Promise<FactoryTable> {
  return db.selectFrom('factories').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function updateFactory(
  trx: Transaction<DB>,
  id: string,
  set: Partial<FactoryTable>,
): Promise<void> {
  await trx.updateTable('factories').set(set).where('id', '=', id).execute();
}

/**
 * A factory's id and the name people know it by: the company's (`factories.name` is its
 * owner's). Throws when there is none.
 */
export function factoryNameOf(db: Kysely<DB>, id: string): Promise<{ id: string; name: string }> {
  return db
    .selectFrom('factories')
    .select(['id', 'company as name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
