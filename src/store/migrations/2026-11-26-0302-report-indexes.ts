import type { Kysely } from 'kysely';

/**
 * Indexes of the reports (DESIGN §16), so a report over a range reads only that range:
 * - `scans_factory_at`: throughput, the scans of a time range, covering what it counts (role,
 *   verdict, test label, station), so the table's rows are not read;
 * - `pieces_factory_in_stock_at`, `pieces_factory_dispatched_at`: cycle times, the pieces that
 *   reached a stage in a time range.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('scans_factory_at')
    .on('scans')
    .columns(['factory_id', 'at', 'test_label', 'accepted', 'event', 'station_id'])
    .execute();
  await db.schema
    .createIndex('pieces_factory_in_stock_at')
    .on('pieces')
    .columns(['factory_id', 'in_stock_at'])
    .where('in_stock_at', 'is not', null)
    .execute();
  await db.schema
    .createIndex('pieces_factory_dispatched_at')
    .on('pieces')
    .columns(['factory_id', 'dispatched_at'])
    .where('dispatched_at', 'is not', null)
    .execute();
}
