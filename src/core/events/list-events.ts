import { notFound } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import {
  findEvent,
  listEvents as listEventRows,
} from '../../store/events/events-list.repository.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import type { EventTable } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import type { EventType } from '../../domain/event-types.js';

/** An event as GET /v1/events shows it: what a webhook delivery's body carries, and its id. */
export interface EventView {
  id: string;
  object: 'event';
  type: EventType;
  created_at: string;
  data: unknown;
}

export interface EventListFilters extends PageParams {
  type?: string | undefined;
  /** Events created at or after this instant (ISO 8601, inclusive). */
  created_after?: string | undefined;
}

const toView = (row: EventTable): EventView => ({
  id: row.id,
  object: 'event',
  // Only the factory's own types are listed (test events are left out by the store).
  type: row.type as EventType,
  created_at: row.created_at,
  data: JSON.parse(row.data) as unknown,
});

/**
 * A factory's events newest first, by keyset: the ones its webhooks carried, kept as long as
 * their deliveries are (the `webhook_retention_days` setting). A receiver that was down pages
 * from `created_after` (its last event's instant) until `has_more` is false, and applies what
 * it has not seen, deduplicating on the id as it does for deliveries.
 */
export async function listEvents(
  ctx: CoreContext,
  factoryId: string,
  filters: EventListFilters,
): Promise<Page<EventView>> {
  const after = filters.created_after;
  // Ids begin with their instant: the bound lets the index skip what came before.
  const createdAfterId =
    after === undefined
      ? undefined
      : `${newId('event', new Date(after)).slice(0, 14)}${'0'.repeat(16)}`;
  const rows = await listEventRows(ctx.db, factoryId, {
    ...filters,
    ...(after === undefined
      ? {}
      : { created_after: new Date(after).toISOString(), createdAfterId }),
  });
  return toPage(rows, filters, toView);
}

/** One event of the factory, or 404. */
export async function getEvent(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<EventView> {
  const row = await findEvent(ctx.db, factoryId, id);
  if (!row) throw notFound('event', 'id', id);
  return toView(row);
}
