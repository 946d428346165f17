import type { PieceLabelContent } from '../../domain/piece-label.js';
import {
  abandonedJobs,
  claimNextJob,
  factoryDpi,
  hasQueuedJobs,
  labelContents,
  markLabelsPrinted,
  moveJob,
  printersWithQueuedJobs,
  printJobById,
  refreshClaim,
  type PrintJobRow,
} from '../../store/printers/print-jobs.repository.js';
import { allLivePrinters, type PrinterRow } from '../../store/printers/printers.repository.js';
import type { CoreContext } from '../context.js';
import { transact, type Tx } from '../transaction.js';
import { toPrintJobView } from './views.js';

/**
 * The print worker's side of the queue (src/daemon/printers): claiming a printer's next job,
 * reading what it prints, and settling it. Every status change is guarded (moveJob), so a job is
 * settled once whichever process or person gets there first.
 */

/** Every printer to drive, and those with jobs waiting. */
export async function printersToDrive(
  ctx: CoreContext,
): Promise<{ printers: PrinterRow[]; withQueued: Set<string> }> {
  const [printers, queued] = await Promise.all([
    allLivePrinters(ctx.db),
    printersWithQueuedJobs(ctx.db),
  ]);
  return { printers, withQueued: new Set(queued) };
}

/** Whether the printer has jobs waiting: a read, so an idle printer's poll takes no write lock. */
export function printerHasQueuedJobs(ctx: CoreContext, printerId: string): Promise<boolean> {
  return hasQueuedJobs(ctx.db, printerId);
}

/** Claims the printer's next job for this process (`claimant`), or undefined. */
export function claimNextPrintJob(
  ctx: CoreContext,
  printerId: string,
  claimant: string,
): Promise<PrintJobRow | undefined> {
  return transact(ctx, (tx) => claimNextJob(tx.trx, printerId, claimant, tx.nowIso));
}

/** Says this process is still sending the job (its claim is not abandoned). */
export function keepClaim(ctx: CoreContext, jobId: string, claimant: string): Promise<void> {
  return transact(ctx, (tx) => refreshClaim(tx.trx, jobId, claimant, tx.nowIso));
}

/** The resolution labels are rendered at for this printer. */
export async function labelDpiOf(ctx: CoreContext, printer: PrinterRow): Promise<203 | 300> {
  const dpi = printer.dpi || (await factoryDpi(ctx.db, printer.factory_id));
  return dpi === 300 ? 300 : 203;
}

/**
 * The labels of an order job, `size` at a time in the job's order: a thousand labels are read,
 * rendered and sent a few at a time, so a long job holds little memory.
 */
export async function* jobLabels(
  ctx: CoreContext,
  job: PrintJobRow,
  size = 50,
): AsyncGenerator<PieceLabelContent[]> {
  const barcodes = JSON.parse(job.barcodes ?? '[]') as string[];
  for (let i = 0; i < barcodes.length; i += size) {
    const rows = await labelContents(ctx.db, job.factory_id, barcodes.slice(i, i + size));
    yield rows.map((r) => ({
      barcode: r.barcode,
      order_no: r.order_no,
      retailer_name: r.retailer_name,
      sku: r.sku,
      colour: r.colour,
      unit_no: r.unit_no,
      units_total: r.units_total,
      piece_no: r.piece_no,
      pieces_per_unit: r.pieces_per_unit,
      piece_name: r.piece_name,
      needed_by: r.needed_by,
    }));
  }
}

async function settle(
  tx: Tx,
  jobId: string,
  status: 'printed' | 'failed' | 'interrupted',
  error: string | null,
  claimant: string | null,
): Promise<boolean> {
  const job = await printJobById(tx.trx, jobId);
  if (!job || job.status !== 'sending') return false;
  if (claimant !== null && job.claimed_by !== claimant) return false;
  const moved = await moveJob(tx.trx, jobId, ['sending'], {
    status,
    error,
    held_reason: null,
    ...(status === 'printed' ? { printed_at: tx.nowIso } : {}),
    updated_at: tx.nowIso,
  });
  if (!moved) return false;
  if (status === 'printed' && job.barcodes) {
    await markLabelsPrinted(
      tx.trx,
      job.factory_id,
      JSON.parse(job.barcodes) as string[],
      tx.nowIso,
    );
  }
  const view = toPrintJobView((await printJobById(tx.trx, jobId))!);
  tx.emit(job.factory_id, status === 'printed' ? 'print_job.printed' : 'print_job.failed', view);
  return true;
}

/**
 * The printer confirmed the job: `printed`, its labels' `label_printed_at` set, and
 * `print_job.printed` told.
 */
export function confirmPrinted(
  ctx: CoreContext,
  jobId: string,
  claimant: string,
): Promise<boolean> {
  return transact(ctx, (tx) => settle(tx, jobId, 'printed', null, claimant));
}

/**
 * The job ended without a confirmation: `failed` (nothing of it reached paper: it could not be
 * rendered, the printer refused it) or `interrupted` (it was cut off mid-send: some of it may be
 * on paper). Either is told as `print_job.failed`; neither is sent again unless a person retries.
 */
export function endJob(
  ctx: CoreContext,
  jobId: string,
  claimant: string,
  status: 'failed' | 'interrupted',
  error: string,
): Promise<boolean> {
  return transact(ctx, (tx) => settle(tx, jobId, status, error, claimant));
}

/** Puts a claimed job back in the queue, in its place: not a byte of it reached the printer. */
export function unclaimJob(
  ctx: CoreContext,
  jobId: string,
  claimant: string,
  heldReason: string | null,
): Promise<boolean> {
  return transact(ctx, async (tx) => {
    const job = await printJobById(tx.trx, jobId);
    if (!job || job.claimed_by !== claimant) return false;
    return moveJob(tx.trx, jobId, ['sending'], {
      status: 'queued',
      held_reason: heldReason,
      claimed_by: null,
      claimed_at: null,
      updated_at: tx.nowIso,
    });
  });
}

/**
 * Jobs left `sending` by a process that stopped mid-send become `interrupted` (never sent again
 * by themselves). `staleBefore`: only claims not kept alive since then (several processes share
 * the database); null: every job another run of the process left (one process owns it).
 */
export async function interruptAbandonedJobs(
  ctx: CoreContext,
  claimant: string,
  staleBefore: Date | null,
): Promise<number> {
  const jobs = await abandonedJobs(ctx.db, claimant, staleBefore?.toISOString() ?? null);
  let interrupted = 0;
  for (const job of jobs) {
    const done = await transact(ctx, (tx) =>
      settle(tx, job.id, 'interrupted', 'the sending process stopped mid-job', null),
    );
    if (done) interrupted += 1;
  }
  return interrupted;
}
