import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * - `settings.public_url`: the address stations and phones open (docs/station.md, "Pairing");
 *   null = the address the staff app's request came in on.
 * - A new factory's owner name (`factories.name`) was filled with the factory's name as a
 *   placeholder, so the Company page offered it as the owner's name. A factory whose company
 *   details were never saved gets an empty owner name: the page asks for it.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('settings').addColumn('public_url', columnTypes(db).text).execute();
  await db
    .updateTable('factories')
    .set({ name: '' })
    .whereRef('name', '=', 'company')
    .whereRef('created_at', '=', 'updated_at')
    .execute();
}
