import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * `orders.created_by`: who pushed or uploaded the order, as JSON `{"type","id","name"}` — a staff
 * user or an API key, with its name at that time, so a later rename or a revoked key does not
 * change the record. Orders made before this stay null ("not recorded"). No index: nothing lists
 * orders by creator, and the column is read with the row every answer already reads.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const { text } = columnTypes(db);
  await db.schema.alterTable('orders').addColumn('created_by', text).execute();
}
