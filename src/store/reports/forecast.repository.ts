import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';

// What the dispatch forecast reads (DESIGN §16): the floor's recent dispatch rate from the scan
// ledger, and the queue of open orders.

/**
 * Accepted dispatch scans in each of the last `hours` working hours since `since`: UTC hours in
 * which the floor accepted any scan, newest first.
 */
export async function recentWorkingHours(
  db: Kysely<DB>,
  input: { factoryId: string; since: string; until: string; hours: number },
): Promise<{ hour: string; dispatched: number }[]> {
  const { rows } = await sql<{ hour: string; dispatched: number }>`
    select substr(at, 1, 13) as hour,
      sum(case when event = 'dispatch' then 1 else 0 end) as dispatched
    from scans
    where factory_id = ${input.factoryId} and at >= ${input.since} and at < ${input.until}
      and test_label = 0 and accepted = 1 and piece_id is not null
    group by 1 order by 1 desc limit ${input.hours}`.execute(db);
  return rows.map((r) => ({ hour: r.hour, dispatched: Number(r.dispatched) }));
}

/** The UTC hours of the day (0–23) in which the floor accepted any scan since `since`. */
export async function workingHoursOfDay(
  db: Kysely<DB>,
  input: { factoryId: string; since: string; until: string },
): Promise<number[]> {
  const { rows } = await sql<{ h: string }>`
    select distinct substr(at, 12, 2) as h from scans
    where factory_id = ${input.factoryId} and at >= ${input.since} and at < ${input.until}
      and test_label = 0 and accepted = 1`.execute(db);
  return rows.map((r) => Number(r.h));
}

/** An open order as the forecast queues it. */
export interface QueuedOrder {
  id: string;
  order_no: string;
  retailer_id: string;
  /** Set while the at-risk job counts it at risk (migration 0303). */
  at_risk_since: string | null;
  needed_by: string | null;
  created_at: string;
  /** Pieces still to dispatch (written off and cancelled pieces never will be). */
  remaining: number;
}

/** Every open order of a factory (not dispatched, not cancelled, visible). */
export async function openOrders(db: Kysely<DB>, factoryId: string): Promise<QueuedOrder[]> {
  const rows = await db
    .selectFrom('orders')
    .select([
      'id',
      'order_no',
      'retailer_id',
      'at_risk_since',
      'needed_by',
      'created_at',
      sql<number>`pieces_total - pieces_dispatched - pieces_written_off - pieces_cancelled`.as(
        'remaining',
      ),
    ])
    .where('factory_id', '=', factoryId)
    .where('status', 'in', [
      'awaiting_production',
      'in_production',
      'produced',
      'in_stock',
      'partially_dispatched',
    ])
    .where('hidden_by_upload', 'is', null)
    .execute();
  return rows.map((r) => ({
    ...r,
    at_risk_since: r.at_risk_since ?? null,
    remaining: Number(r.remaining),
  }));
}

/** Orders the at-risk job counts at risk that are no longer open (dispatched, cancelled). */
export async function closedAtRiskOrders(db: Kysely<DB>, factoryId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('factory_id', '=', factoryId)
    .where('at_risk_since', 'is not', null)
    .where('status', 'in', ['dispatched', 'cancelled'])
    .execute();
  return rows.map((r) => r.id);
}

/** Sets (an instant) or clears (null) `at_risk_since` of these orders. */
export async function setAtRiskSince(
  db: Kysely<DB>,
  factoryId: string,
  ids: readonly string[],
  since: string | null,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('orders')
    .set({ at_risk_since: since })
    .where('factory_id', '=', factoryId)
    .where('id', 'in', ids)
    .execute();
}
