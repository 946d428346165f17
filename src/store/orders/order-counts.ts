import { sql, type Kysely } from 'kysely';
import { ORDER_STATUSES, type OrderStatus } from '../../domain/order-status.js';
import type { DB } from '../schema.js';
import { orderIsVisible } from './order-visibility.js';

/**
 * How many of a factory's orders are in each status, and how many are stuck (the stored flag),
 * each count stopping past `limit`: it reads at most `limit + 1` entries of the (factory, status)
 * or (factory, stuck) index, so it costs the same on a million orders as on a thousand. One
 * statement, so the counts agree with each other. Orders an upload still hides are not counted:
 * the mark is in no index, so each entry's row is checked, and the few hidden entries are read
 * past.
 */
export async function cappedOrderCounts(
  db: Kysely<DB>,
  factoryId: string,
  limit: number,
): Promise<{ statuses: Record<OrderStatus, number>; stuck: number }> {
  const capped = (column: 'status' | 'stuck', value: string | number) =>
    sql<number>`(select count(*) from (select 1 from orders
      where factory_id = ${factoryId} and ${sql.ref(column)} = ${value}
        and ${orderIsVisible()}
      limit ${limit + 1}) as m)`;
  const row = await db
    .selectNoFrom([
      ...ORDER_STATUSES.map((status, i) => capped('status', status).as(`s${i}`)),
      capped('stuck', 1).as('stuck'),
    ])
    .executeTakeFirstOrThrow();
  const counts = row as Record<string, number | string | bigint>;
  const statuses = {} as Record<OrderStatus, number>;
  ORDER_STATUSES.forEach((status, i) => (statuses[status] = Number(counts[`s${i}`] ?? 0)));
  return { statuses, stuck: Number(counts.stuck ?? 0) };
}
