import type { Kysely } from 'kysely';

/**
 * Drops `scans_station` (station_id, id): no query reads scans by station (a station's replays
 * use the partial unique index on `client_scan_id`; its `last_scan_at` is a column), yet every
 * scan wrote it. With many stations scanning at once each one's entries sit on a different index
 * page, so a group commit of N scans rewrote about N pages of this index alone: half of what a
 * scan wrote to the WAL, each page synced to disk at commit.
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('scans_station').execute();
}
