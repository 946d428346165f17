import {
  deleteUploadIfUnmarked,
  findUpload,
  releaseStagedEvents,
  stagedEventIds,
} from '../../store/orders/uploads.js';
import type { CoreContext } from '../context.js';
import { appendDeliveries } from '../events.js';
import { transact } from '../transaction.js';

// The last step of an upload (upload-staging.ts): its events, staged with its rows, reach the
// outbox once it is published.

/** Events released per transaction: a few milliseconds each. */
const RELEASE_EVENTS = 2_000;

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
      const upload = await findUpload(tx.trx, uploadId);
      if (!upload?.published_at) return 0;
      const events = await stagedEventIds(tx.trx, uploadId, RELEASE_EVENTS);
      if (events.length === 0) {
        // Not while an order still carries its mark (being cleared, or left by a process that
        // stopped): the row is how a sweep finds the marks to clear (upload-leftovers.ts).
        await deleteUploadIfUnmarked(tx.trx, uploadId);
        return 0;
      }
      const range = { first: events[0]!.seq, last: events[events.length - 1]!.seq };
      await releaseStagedEvents(tx.trx, uploadId, range, upload.built_at, upload.published_at);
      await appendDeliveries(tx.trx, {
        factoryId: upload.factory_id,
        type: 'order.created',
        eventIds: events.map((e) => e.id),
        now: tx.now,
      });
      return events.length;
    });
    if (released === 0) return;
    ctx.signals.eventsAppended();
    const wait = turn?.();
    if (wait) await wait;
  }
}
