import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * `orders.at_risk_since`: set by the at-risk job when an open order's dispatch forecast first
 * falls after its needed_by day (one `order.at_risk` event per episode), cleared when it no
 * longer does or the order closes (DESIGN §16).
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('at_risk_since', columnTypes(db).text).execute();
  await db.schema
    .createIndex('orders_at_risk')
    .on('orders')
    .columns(['factory_id', 'id'])
    .where(sql.ref('at_risk_since'), 'is not', null)
    .execute();
}
