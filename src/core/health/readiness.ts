import { AppError } from '../../domain/errors.js';
import { isDiskFull } from '../../store/disk-full.js';
import { probeRead, probeWrite } from '../../store/health/write-probe.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';

/**
 * Below this much free space where a SQLite database lives it is reported full: the next
 * write-ahead log growth or checkpoint would fail, even when a small write still fits.
 */
export const MIN_FREE_BYTES = 1024 * 1024;

/**
 * Whether the database can write: a one-row write transaction, committed (docs/operate.md, "A
 * full disk"). Throws `disk_full` when the disk is full (or nearly: MIN_FREE_BYTES), `not_ready`
 * for any other failure. Nothing is remembered: the next check after space is freed passes.
 */
export async function checkWritable(ctx: CoreContext): Promise<void> {
  let freeBytes: number | null;
  try {
    ({ freeBytes } = await transact(ctx, (tx) => probeWrite(tx.trx, tx.nowIso)));
  } catch (err) {
    if (isDiskFull(err)) throw new AppError('disk_full', { retryAfter: 30 });
    throw new AppError('not_ready');
  }
  if (freeBytes !== null && freeBytes < MIN_FREE_BYTES) {
    throw new AppError('disk_full', {
      retryAfter: 30,
      message: `The disk of the database is full: ${Math.floor(freeBytes / 1024)} KiB free, below the 1024 KiB a write may need. Free space on it; nothing needs restarting.`,
    });
  }
}

/** Whether the database answers a read; `not_ready` when it does not. */
export async function checkReadable(ctx: CoreContext): Promise<void> {
  try {
    await probeRead(ctx.db);
  } catch {
    throw new AppError('not_ready');
  }
}
