import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

/** The retailer of each of these orders of a factory (orders that do not exist are left out). */
export async function retailersOfOrders(
  db: Kysely<DB>,
  factoryId: string,
  orderIds: readonly string[],
): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'retailer_id'])
    .where('factory_id', '=', factoryId)
    .where('id', 'in', orderIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.retailer_id]));
}
