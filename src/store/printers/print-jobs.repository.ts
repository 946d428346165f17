import type { Kysely } from 'kysely';
import { newestFirst, type PageParams } from '../pagination.js';
import type { DB, PrintJobTable } from '../schema.js';
import { orderIsVisible } from '../orders/order-visibility.js';
import { labelRows } from '../pieces/piece-labels.js';

export type PrintJobRow = PrintJobTable;
export type PrintJobStatus = PrintJobRow['status'];

export async function insertPrintJobs(
  trx: Kysely<DB>,
  rows: readonly PrintJobRow[],
): Promise<void> {
  if (rows.length > 0)
    await trx
      .insertInto('print_jobs')
      .values([...rows])
      .execute();
}

/** A factory's print job by id; undefined when there is none. */
export function findPrintJob(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<PrintJobRow | undefined> {
  return db
    .selectFrom('print_jobs')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function printJobById(db: Kysely<DB>, id: string): Promise<PrintJobRow | undefined> {
  return db.selectFrom('print_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of a factory's print jobs, newest first, by printer and status when given. */
export function listPrintJobs(
  db: Kysely<DB>,
  factoryId: string,
  filter: PageParams & { printer_id?: string | undefined; status?: PrintJobStatus | undefined },
): Promise<PrintJobRow[]> {
  return db
    .selectFrom('print_jobs')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .$if(filter.printer_id !== undefined, (qb) => qb.where('printer_id', '=', filter.printer_id!))
    .$if(filter.status !== undefined, (qb) => qb.where('status', '=', filter.status!))
    .$call(newestFirst(filter))
    .execute();
}

/**
 * Moves a job from one status to another if it is in one of `from`: true when this call moved
 * it. Every change of a job's status goes through this guard, so two processes (or a person and
 * the worker) never both move one job.
 */
export async function moveJob(
  trx: Kysely<DB>,
  id: string,
  from: readonly PrintJobStatus[],
  changes: Partial<Omit<PrintJobRow, 'id' | 'factory_id'>> & { updated_at: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('print_jobs')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Claims a printer's next job for `claimant`: the printer's oldest job still to settle, if it is
 * queued. A job being sent (by this process or another) holds the ones behind it, so a printer
 * prints one job at a time, in order. The claim is an UPDATE guarded by `status = 'queued'`: of
 * two processes claiming at once, the one whose update lands second finds the status changed
 * (PostgreSQL re-checks the condition on the row it waited for; SQLite writes one at a time) and
 * claims nothing. Undefined when there is nothing to claim.
 */
export async function claimNextJob(
  trx: Kysely<DB>,
  printerId: string,
  claimant: string,
  at: string,
): Promise<PrintJobRow | undefined> {
  const next = await trx
    .selectFrom('print_jobs')
    .select(['id', 'status'])
    .where('printer_id', '=', printerId)
    .where('status', 'in', ['queued', 'sending'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!next || next.status !== 'queued') return undefined;
  const claimed = await moveJob(trx, next.id, ['queued'], {
    status: 'sending',
    claimed_by: claimant,
    claimed_at: at,
    held_reason: null,
    updated_at: at,
  });
  return claimed ? printJobById(trx, next.id) : undefined;
}

/** Whether a printer has jobs waiting (queued). */
export async function hasQueuedJobs(db: Kysely<DB>, printerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('print_jobs')
    .select('id')
    .where('printer_id', '=', printerId)
    .where('status', '=', 'queued')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The printers that have jobs waiting (queued). */
export async function printersWithQueuedJobs(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom('print_jobs')
    .select('printer_id')
    .distinct()
    .where('status', '=', 'queued')
    .execute();
  return rows.map((r) => r.printer_id);
}

/** Names the reason a printer's queued jobs wait (null: they wait for nothing). */
export async function holdQueuedJobs(
  trx: Kysely<DB>,
  printerId: string,
  reason: string | null,
  at: string,
): Promise<void> {
  await trx
    .updateTable('print_jobs')
    .set({ held_reason: reason, updated_at: at })
    .where('printer_id', '=', printerId)
    .where('status', '=', 'queued')
    .where((eb) =>
      reason === null
        ? eb('held_reason', 'is not', null)
        : eb.or([eb('held_reason', 'is', null), eb('held_reason', '!=', reason)]),
    )
    .execute();
}

/** Keeps a job's claim alive: a `sending` job whose claim is not refreshed is abandoned. */
export async function refreshClaim(
  trx: Kysely<DB>,
  id: string,
  claimant: string,
  at: string,
): Promise<void> {
  await trx
    .updateTable('print_jobs')
    .set({ claimed_at: at })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('claimed_by', '=', claimant)
    .execute();
}

/**
 * The jobs left in `sending` by a process that is gone: claimed by anyone but `claimant` and not
 * kept alive since `staleBefore` (null: whatever their age, as when one process owns the
 * database).
 */
export function abandonedJobs(
  db: Kysely<DB>,
  claimant: string,
  staleBefore: string | null,
): Promise<PrintJobRow[]> {
  return db
    .selectFrom('print_jobs')
    .selectAll()
    .where('status', '=', 'sending')
    .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '!=', claimant)]))
    .$if(staleBefore !== null, (qb) => qb.where('claimed_at', '<', staleBefore!))
    .execute();
}

/** Cancels a printer's queued jobs (the printer was deleted). */
export async function cancelQueuedJobs(
  trx: Kysely<DB>,
  printerId: string,
  error: string,
  at: string,
): Promise<void> {
  await trx
    .updateTable('print_jobs')
    .set({ status: 'cancelled', error, held_reason: null, updated_at: at })
    .where('printer_id', '=', printerId)
    .where('status', '=', 'queued')
    .execute();
}

/** The barcodes of an order's pieces (all, or those whose label never printed), unit then piece. */
export async function orderBarcodes(
  db: Kysely<DB>,
  factoryId: string,
  orderId: string,
  unprintedOnly: boolean,
): Promise<string[]> {
  const rows = await db
    .selectFrom('pieces')
    .select('barcode')
    .where('factory_id', '=', factoryId)
    .where('order_id', '=', orderId)
    .$if(unprintedOnly, (qb) => qb.where('label_printed_at', 'is', null))
    .orderBy('unit_no')
    .orderBy('piece_no')
    .execute();
  return rows.map((r) => r.barcode);
}

/** A visible order by id or by order number when it is unique; undefined when none or several. */
export async function findPrintableOrder(
  db: Kysely<DB>,
  factoryId: string,
  idOrOrderNo: string,
): Promise<{ id: string } | undefined> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('factory_id', '=', factoryId)
    .where((eb) => eb.or([eb('id', '=', idOrOrderNo), eb('order_no', '=', idOrOrderNo)]))
    .where(orderIsVisible())
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0] : undefined;
}

/** Which of these barcodes pieces of the order carry. */
export async function barcodesOfOrder(
  db: Kysely<DB>,
  factoryId: string,
  orderId: string,
  barcodes: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < barcodes.length; i += 500) {
    const rows = await db
      .selectFrom('pieces')
      .select('barcode')
      .where('factory_id', '=', factoryId)
      .where('order_id', '=', orderId)
      .where('barcode', 'in', barcodes.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.barcode);
  }
  return found;
}

/** What the labels of these barcodes say, in the order given (barcodes no piece carries are left out). */
export async function labelContents(
  db: Kysely<DB>,
  factoryId: string,
  barcodes: readonly string[],
) {
  if (barcodes.length === 0) return [];
  const rows = await labelRows(db, factoryId)
    .where('p.barcode', 'in', [...barcodes])
    .execute();
  const orderIds = [...new Set(rows.map((r) => r.order_id))];
  const units = await db
    .selectFrom('order_lines')
    .select(['order_id', (eb) => eb.fn.sum<number>('qty').as('total')])
    .where('factory_id', '=', factoryId)
    .where('order_id', 'in', orderIds)
    .groupBy('order_id')
    .execute();
  const unitsOf = new Map(units.map((u) => [u.order_id, Number(u.total)]));
  const byBarcode = new Map(rows.map((r) => [r.barcode, r]));
  return barcodes.flatMap((barcode) => {
    const r = byBarcode.get(barcode);
    return r ? [{ ...r, units_total: unitsOf.get(r.order_id) ?? 0 }] : [];
  });
}

/** Marks these labels printed at `at` (the printer confirmed them). */
export async function markLabelsPrinted(
  trx: Kysely<DB>,
  factoryId: string,
  barcodes: readonly string[],
  at: string,
): Promise<void> {
  for (let i = 0; i < barcodes.length; i += 500) {
    await trx
      .updateTable('pieces')
      .set({ label_printed_at: at, updated_at: at })
      .where('factory_id', '=', factoryId)
      .where('barcode', 'in', barcodes.slice(i, i + 500))
      .execute();
  }
}

/** The factory's default label resolution (settings), 203 when none. */
export async function factoryDpi(db: Kysely<DB>, factoryId: string): Promise<number> {
  const row = await db
    .selectFrom('settings')
    .select('default_dpi')
    .where('factory_id', '=', factoryId)
    .executeTakeFirst();
  return row?.default_dpi ?? 203;
}
