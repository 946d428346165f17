import { MINUTE } from '../../domain/clock.js';
import { dialectOf } from '../../store/dialect.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';
import { releaseEvents } from './upload-events.js';

// What an upload cut short leaves (upload-staging.ts): deleted when it was not published, its
// events released when it was.

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
 * staged events, its `uploads` row — in short transactions. Deletes nothing of one that was
 * published (a publishing whose outcome its process never learnt): that one's events are
 * released instead.
 */
export async function dropUpload(
  ctx: CoreContext,
  uploadId: string,
  turn?: () => Promise<void> | undefined,
): Promise<void> {
  try {
    for (;;) {
      const left = await transact(ctx, async (tx) => {
        const upload = await tx.trx
          .selectFrom('uploads')
          .select('published_at')
          .where('id', '=', uploadId)
          .executeTakeFirst();
        if (upload?.published_at) return 'published';
        const orders = await tx.trx
          .selectFrom('orders')
          .select('id')
          .where('hidden_by_upload', '=', uploadId)
          .limit(DROP_ORDERS)
          .execute();
        if (orders.length > 0) {
          const ids = orders.map((o) => o.id);
          await tx.trx.deleteFrom('pieces').where('order_id', 'in', ids).execute();
          await tx.trx.deleteFrom('order_lines').where('order_id', 'in', ids).execute();
          await tx.trx.deleteFrom('orders').where('id', 'in', ids).execute();
          return 'more';
        }
        await tx.trx.deleteFrom('staged_events').where('upload_id', '=', uploadId).execute();
        await tx.trx.deleteFrom('uploads').where('id', '=', uploadId).execute();
        return 'done';
      });
      if (left === 'published') return await releaseEvents(ctx, uploadId, turn);
      if (left === 'done') return;
      const wait = turn?.();
      if (wait) await wait;
    }
  } finally {
    ctx.stagingUploads.delete(uploadId);
  }
}

/**
 * Settles what uploads that died left (see STAGING_LEASE_MS), before each upload and in the
 * hourly housekeeping and once at start: releases the events of published ones and deletes
 * unpublished ones. Answers how many unpublished uploads it deleted.
 */
export async function deleteLeftovers(
  ctx: CoreContext,
  turn?: () => Promise<void> | undefined,
): Promise<number> {
  const sqlite = dialectOf(ctx.db) === 'sqlite';
  const bound = new Date(ctx.clock.now().getTime() - STAGING_LEASE_MS).toISOString();
  const uploads = await ctx.db.selectFrom('uploads').selectAll().execute();
  let deleted = 0;
  for (const upload of uploads) {
    if (upload.published_at) {
      await releaseEvents(ctx, upload.id, turn);
    } else if (!ctx.stagingUploads.has(upload.id) && (sqlite || upload.built_at < bound)) {
      await dropUpload(ctx, upload.id, turn);
      deleted += 1;
    }
  }
  return deleted;
}
