import { sql, type RawBuilder } from 'kysely';
import type { EventTable } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { appendDeliveries } from '../events.js';
import { transact, type Tx } from '../transaction.js';

// The last step of an upload (upload-staging.ts): its events, staged with its rows, reach the
// outbox once it is published.

/** Events released per transaction: a few milliseconds each. */
const RELEASE_EVENTS = 2_000;

/** The event columns, staged and released as they are. */
const EVENT_COLUMNS = [
  'id',
  'factory_id',
  'type',
  'data',
  'created_at',
] as const satisfies readonly (keyof EventTable)[];

/**
 * Copies a published upload's events from `staged_events` into the outbox, with their
 * deliveries, in short transactions; deletes its `uploads` row once none is left and no order
 * carries its mark any more (upload-clearing.ts). Each event's instants (its own, and those of the
 * order in its data) become the publishing instant. Safe to run twice at once (another process,
 * the housekeeping): each transaction moves what is still staged. Does nothing for an upload not
 * published.
 */
export async function releaseEvents(
  ctx: CoreContext,
  uploadId: string,
  turn?: () => Promise<void> | undefined,
): Promise<void> {
  for (;;) {
    const released = await transact(ctx, async (tx) => {
      const upload = await tx.trx
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', uploadId)
        .executeTakeFirst();
      if (!upload?.published_at) return 0;
      const events = await tx.trx
        .selectFrom('staged_events')
        .select(['id', 'seq'])
        .where('upload_id', '=', uploadId)
        .orderBy('seq')
        .limit(RELEASE_EVENTS)
        .execute();
      if (events.length === 0) {
        // Not while an order still carries its mark (being cleared, or left by a process that
        // stopped): the row is how a sweep finds the marks to clear (upload-leftovers.ts).
        await tx.trx
          .deleteFrom('uploads')
          .where('id', '=', uploadId)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('orders').select('id').where('hidden_by_upload', '=', uploadId))),
          )
          .execute();
        return 0;
      }
      const range = { first: events[0]!.seq, last: events[events.length - 1]!.seq };
      await copyEvents(tx, uploadId, range, upload.built_at, upload.published_at);
      await appendDeliveries(tx.trx, {
        factoryId: upload.factory_id,
        type: 'order.created',
        eventIds: events.map((e) => e.id),
        now: tx.now,
      });
      await tx.trx
        .deleteFrom('staged_events')
        .where('upload_id', '=', uploadId)
        .where('seq', '>=', range.first)
        .where('seq', '<=', range.last)
        .execute();
      return events.length;
    });
    if (released === 0) return;
    ctx.signals.eventsAppended();
    const wait = turn?.();
    if (wait) await wait;
  }
}

/** INSERT … SELECT of a range of staged events, their instants `builtAt` made `at`. */
async function copyEvents(
  tx: Tx,
  uploadId: string,
  range: { first: number; last: number },
  builtAt: string,
  at: string,
): Promise<void> {
  // An event's data is its order's list view, built at `builtAt`. A key with its quotes cannot
  // occur inside a JSON string value, where quotes are escaped.
  const stamp = (key: string, expr: RawBuilder<unknown>) =>
    sql`replace(${expr}, ${`"${key}":"${builtAt}"`}, ${`"${key}":"${at}"`})`;
  const values: Record<(typeof EVENT_COLUMNS)[number], RawBuilder<unknown>> = {
    id: sql.ref('id'),
    factory_id: sql.ref('factory_id'),
    type: sql.ref('type'),
    data: stamp('updated_at', stamp('created_at', sql.ref('data'))),
    created_at: sql`cast(${at} as text)`,
  };
  await sql`insert into events (${sql.join(EVENT_COLUMNS.map((c) => sql.ref(c)))})
    select ${sql.join(EVENT_COLUMNS.map((c) => values[c]))} from staged_events
    where upload_id = ${uploadId} and seq >= ${range.first} and seq <= ${range.last}`.execute(
    tx.trx,
  );
}
