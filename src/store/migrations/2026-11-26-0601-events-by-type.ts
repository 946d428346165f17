import type { Kysely } from 'kysely';

/**
 * `events_factory_type`: GET /v1/events?type=… pages one type's events newest first through
 * an index (the unfiltered list uses `events_factory`).
 */
// Migrations are frozen in time, so they must not depend on today's schema types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('events_factory_type')
    .on('events')
    .columns(['factory_id', 'type', 'id'])
    .execute();
}
