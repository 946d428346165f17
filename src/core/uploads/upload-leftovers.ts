import { MINUTE } from '../../domain/clock.js';
import { dropUploadSlice, findUpload, uploadsToSettle } from '../../store/orders/uploads.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';
import { clearMarks } from './upload-clearing.js';
import { releaseEvents } from './upload-events.js';

// What an upload cut short leaves (upload-staging.ts, whose doc comment says what holds at every
// instant): deleted when it was not published, finished — its marks cleared, then its events
// released — when it was.

/** Orders deleted per transaction when an unpublished upload is deleted (with their pieces). */
const DROP_ORDERS = 500;

/**
 * Rows of an unpublished upload not staging in this process are left over from one that died (a
 * crash, a kill). A SQLite file has one factoryd, so any such rows are; on PostgreSQL another
 * factoryd may be staging, so only those of uploads built longer ago than this are.
 */
export const STAGING_LEASE_MS = 10 * MINUTE;

/**
 * Deletes an upload that was not published — its hidden orders with their lines and pieces, its
 * staged events, its `uploads` row — in short transactions. The row goes last: it is what hides
 * the orders, and one deleted first would show what is left of them. Each transaction reads the
 * row again, so a publishing that commits meanwhile (another process) stops the deleting, and
 * one that finds some orders gone refuses to publish. Deletes nothing of one that was published
 * (a publishing whose outcome its process never learnt): that one is finished instead.
 */
export async function dropUpload(
  ctx: CoreContext,
  uploadId: string,
  turn?: () => Promise<void> | undefined,
): Promise<void> {
  try {
    for (;;) {
      const left = await transact(ctx, async (tx) => {
        const upload = await findUpload(tx.trx, uploadId);
        if (upload?.published_at) return 'published';
        return dropUploadSlice(tx.trx, uploadId, DROP_ORDERS);
      });
      if (left === 'published') return await finishPublished(ctx, uploadId, turn);
      if (left === 'done') return;
      const wait = turn?.();
      if (wait) await wait;
    }
  } finally {
    ctx.stagingUploads.delete(uploadId);
  }
}

/**
 * Finishes a published upload whose process may have stopped: clears its orders' marks, then
 * releases its events, which deletes its `uploads` row once neither is left (in that order, so
 * that the row outlives the marks). Its orders are visible throughout.
 */
async function finishPublished(
  ctx: CoreContext,
  uploadId: string,
  turn?: () => Promise<void> | undefined,
): Promise<void> {
  await clearMarks(ctx, uploadId, turn);
  await releaseEvents(ctx, uploadId, turn);
}

/**
 * Settles what uploads that died left (see STAGING_LEASE_MS), before each upload and in the
 * hourly housekeeping and once at start: finishes published ones (marks cleared, events
 * released) and deletes unpublished ones. Answers how many unpublished uploads it deleted.
 */
export async function deleteLeftovers(
  ctx: CoreContext,
  turn?: () => Promise<void> | undefined,
): Promise<number> {
  const bound = new Date(ctx.clock.now().getTime() - STAGING_LEASE_MS).toISOString();
  let deleted = 0;
  for (const upload of await uploadsToSettle(ctx.db, bound)) {
    if (upload.published_at) {
      await finishPublished(ctx, upload.id, turn);
    } else if (!ctx.stagingUploads.has(upload.id)) {
      await dropUpload(ctx, upload.id, turn);
      deleted += 1;
    }
  }
  return deleted;
}
