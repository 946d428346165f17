import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * Retailers get an address (printed on delivery notes, DESIGN §15), in the company address's
 * shape: two lines, town, postcode, country (ISO 3166-1 alpha-2). Every part may be empty.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { text } = columnTypes(db);
  for (const column of [
    'address_line1',
    'address_line2',
    'address_town',
    'address_postcode',
    'address_country',
  ]) {
    await db.schema.alterTable('retailers').addColumn(column, text).execute();
  }
}
