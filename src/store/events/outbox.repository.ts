import type { Kysely } from 'kysely';
import { insertRows } from '../insert-rows.js';
import type { DB, EventTable } from '../schema.js';

// The outbox: one row per event, written in the transaction of the change it describes
// (DESIGN §6). Its deliveries are the webhooks repository's.

/** An outbox row, as written: `data` is the event's JSON, sent byte for byte. */
export type EventRow = EventTable;

/**
 * Writes outbox rows in multi-row statements, in order (insert-rows.ts). `turn` is called
 * between statements, so that other requests are served while a large insert runs.
 */
export function insertEvents(
  trx: Kysely<DB>,
  events: readonly EventRow[],
  turn?: () => Promise<void> | undefined,
): Promise<void> {
  // `seq` is the database's to fill in (migration 0301): the rows leave it out.
  return insertRows(trx, 'events', events as readonly DB['events'][], turn);
}

/** Writes one outbox row. */
export async function insertEvent(trx: Kysely<DB>, event: EventRow): Promise<void> {
  await trx.insertInto('events').values(event).execute();
}

/**
 * Deletes up to `limit` of a factory's events made before the id `beforeId` that no delivery
 * refers to any more. Returns how many it deleted.
 */
export async function deleteUnreferencedEventsBefore(
  trx: Kysely<DB>,
  input: { factoryId: string; beforeId: string; limit: number },
): Promise<number> {
  const r = await trx
    .deleteFrom('events')
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('events as e')
        .select('e.id')
        .where('e.factory_id', '=', input.factoryId)
        .where('e.id', '<', input.beforeId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('webhook_deliveries as d')
                .select('d.id')
                .whereRef('d.event_id', '=', 'e.id'),
            ),
          ),
        )
        .limit(input.limit),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
