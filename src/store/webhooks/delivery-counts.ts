import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

/**
 * The deliveries waiting to be sent (pending, or retrying after a failure), by status, over
 * every factory: the queue's depth for monitoring. Reads the queue's partial index only.
 */
export async function queuedDeliveries(
  db: Kysely<DB>,
): Promise<{ status: 'pending' | 'retrying' | 'succeeded' | 'failed'; n: number }[]> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('next_attempt_at', 'is not', null)
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}
