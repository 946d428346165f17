import { clearMarksSlice, findUpload } from '../../store/orders/uploads.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';

// The step of an upload after its publishing (upload-staging.ts): the marks its orders were
// staged with are cleared, a slice at a time.

/**
 * Orders one clearing transaction takes: a few milliseconds of the writer each (a row rewrite
 * and an entry in each index that holds one of the changed columns), so a scan queued behind one
 * hardly notices it.
 */
const CLEAR_ORDERS = 2_500;

/**
 * Clears `hidden_by_upload` on the orders of a published upload, CLEAR_ORDERS to a transaction,
 * with turns for other requests between them. Its orders are already visible (orderIsVisible):
 * this only restamps them and empties the partial index, so that the `uploads` row may go.
 *
 * Each order's `created_at` becomes the publishing instant (which its `order.created` event
 * carries too), and `updated_at` that of the transaction clearing it, never earlier than the
 * publishing: the row changes there, and a client that synced with `updated_since` after the
 * publishing and before this transaction must find the order on its next call. Until its
 * transaction commits, an order shows the instants it was built at.
 *
 * Does nothing for an upload not published (its marks are what hides it) or with no `uploads`
 * row. Safe to run twice at once (the next upload, the housekeeping, another process): each
 * transaction clears what is still marked.
 */
export async function clearMarks(
  ctx: CoreContext,
  uploadId: string,
  turn?: () => Promise<void> | undefined,
): Promise<void> {
  for (;;) {
    const cleared = await transact(ctx, async (tx) => {
      const upload = await findUpload(tx.trx, uploadId);
      const publishedAt = upload?.published_at;
      if (!publishedAt) return 0;
      return clearMarksSlice(tx.trx, uploadId, publishedAt, tx.nowIso, CLEAR_ORDERS);
    });
    if (cleared < CLEAR_ORDERS) return;
    const wait = turn?.();
    if (wait) await wait;
  }
}
