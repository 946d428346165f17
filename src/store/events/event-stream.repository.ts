import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

// What the event stream reads (DESIGN §16): events in `seq` order, the order they became
// visible in (migration 0301), never by id.

/** An event as the stream reads it: its position, and the webhook body's parts. */
export interface StreamEventRow {
  seq: number;
  id: string;
  factory_id: string;
  type: string;
  /** The event's data as stored (JSON text). */
  data: string;
  created_at: string;
}

const COLUMNS = ['seq', 'id', 'factory_id', 'type', 'data', 'created_at'] as const;

/** The position of the newest event of every factory (0 when there is none). */
export async function lastEventSeq(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** Up to `limit` events of every factory after position `afterSeq`, in order: the process's feed. */
export function eventsAfter(
  db: Kysely<DB>,
  afterSeq: number,
  limit: number,
): Promise<StreamEventRow[]> {
  return db
    .selectFrom('events')
    .select(COLUMNS)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/**
 * Up to `limit` of one factory's events after position `afterSeq`, in order, of `types` only when
 * given: a client's catch-up.
 */
export function factoryEventsAfter(
  db: Kysely<DB>,
  input: { factoryId: string; afterSeq: number; types: readonly string[] | null; limit: number },
): Promise<StreamEventRow[]> {
  let q = db
    .selectFrom('events')
    .select(COLUMNS)
    .where('factory_id', '=', input.factoryId)
    .where('seq', '>', input.afterSeq);
  if (input.types) q = q.where('type', 'in', input.types);
  return q.orderBy('seq').limit(input.limit).execute();
}

/**
 * Where a client that last saw event `eventId` resumes: that event's position, or, when the event
 * is gone (past retention) or unknown, just before the first of the factory's events with a
 * later id (ids sort by time); null when there is none.
 */
export async function resumePointOf(
  db: Kysely<DB>,
  factoryId: string,
  eventId: string,
): Promise<number | null> {
  const seen = await db
    .selectFrom('events')
    .select('seq')
    .where('factory_id', '=', factoryId)
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (seen) return Number(seen.seq);
  const later = await db
    .selectFrom('events')
    .select((eb) => eb.fn.min('seq').as('seq'))
    .where('factory_id', '=', factoryId)
    .where('id', '>', eventId)
    .executeTakeFirst();
  return later?.seq == null ? null : Number(later.seq) - 1;
}
