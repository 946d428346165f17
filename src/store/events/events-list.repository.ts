import type { Kysely } from 'kysely';
import { newestFirst, type PageParams } from '../pagination.js';
import type { DB, EventTable } from '../schema.js';

// What GET /v1/events reads of the outbox (DESIGN §19): the events themselves, kept as long as
// their deliveries are (housekeeping.ts). A test event (`webhook.test`) goes to one endpoint only
// and is no event of the floor: it is left out.

/** The type of the events that are sent to one endpoint only, and never listed. */
const ENDPOINT_ONLY_TYPE = 'webhook.test';

export interface EventFilters extends PageParams {
  type?: string | undefined;
  /** Events created at or after this instant (ISO 8601). */
  created_after?: string | undefined;
  /** The smallest event id made at `created_after` (ids start with their instant). */
  createdAfterId?: string | undefined;
}

/** A page of a factory's events, newest first, filtered (`toPage` makes the page). */
export function listEvents(
  db: Kysely<DB>,
  factoryId: string,
  filters: EventFilters,
): Promise<EventTable[]> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .$if(filters.type !== undefined, (qb) => qb.where('type', '=', filters.type!))
    .$if(filters.type === undefined, (qb) => qb.where('type', '<>', ENDPOINT_ONLY_TYPE))
    .$if(filters.createdAfterId !== undefined, (qb) =>
      qb.where('id', '>=', filters.createdAfterId!),
    )
    .$if(filters.created_after !== undefined, (qb) =>
      qb.where('created_at', '>=', filters.created_after!),
    )
    .$call(newestFirst(filters))
    .execute();
}

/** One of a factory's events (not a test event); undefined when there is none. */
export function findEvent(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<EventTable | undefined> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .where('type', '<>', ENDPOINT_ONLY_TYPE)
    .executeTakeFirst();
}
