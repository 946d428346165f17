import type { Kysely } from 'kysely';
import { AppError, invalid, notFound } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import { consignmentDocumentFor, type PrintJobStatus } from '../../domain/printing.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import {
  barcodesOfOrder,
  findPrintableOrder,
  findPrintJob,
  insertPrintJobs,
  listPrintJobs,
  moveJob,
  orderBarcodes,
  type PrintJobRow,
} from '../../store/printers/print-jobs.repository.js';
import {
  consignmentOf,
  handlingUnitsOf,
} from '../../store/consignments/consignments.repository.js';
import { findPrinter, stationPrinterId } from '../../store/printers/printers.repository.js';
import type { DB } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { transact, type Tx } from '../transaction.js';
import { toPrintJobView, type PrintJobView } from './views.js';

export interface NewPrintJob {
  printer_id?: string | undefined;
  station_id?: string | undefined;
  order_id?: string | undefined;
  pieces?: 'all' | 'unprinted' | string[] | undefined;
  test_label?: boolean | undefined;
  consignment_id?: string | undefined;
  document?: 'delivery_note' | 'sscc_labels' | undefined;
  operator_id?: string | undefined;
}

/** What a job prints, as a row's source columns. */
export type JobSource =
  | { source: 'order'; orderId: string; pieces: string; barcodes: string[] }
  | { source: 'test_label' }
  | {
      source: 'consignment';
      consignmentId: string;
      document: 'delivery_note' | 'sscc_labels';
      /** A delivery note counts 1; SSCC labels one per handling unit. */
      labels: number;
    };

/**
 * Queues a job in the caller's transaction; the print worker hears of it once the transaction
 * commits. `stationId`: the station that asked, `ruleEvent`: the rule that queued it.
 */
export async function queuePrintJob(
  tx: Tx,
  factoryId: string,
  printerId: string,
  what: JobSource,
  origin: { stationId?: string | null; ruleEvent?: string | null } = {},
): Promise<PrintJobRow> {
  const row: PrintJobRow = {
    id: newId('printJob', tx.now),
    factory_id: factoryId,
    printer_id: printerId,
    status: 'queued',
    source: what.source,
    order_id: what.source === 'order' ? what.orderId : null,
    pieces: what.source === 'order' ? what.pieces : null,
    barcodes: what.source === 'order' ? JSON.stringify(what.barcodes) : null,
    consignment_id: what.source === 'consignment' ? what.consignmentId : null,
    document: what.source === 'consignment' ? what.document : null,
    // Consignment documents are rendered when the job is sent (print-rules.ts says why).
    content: null,
    station_id: origin.stationId ?? null,
    rule_event: origin.ruleEvent ?? null,
    labels:
      what.source === 'order'
        ? what.barcodes.length
        : what.source === 'consignment'
          ? what.labels
          : 1,
    held_reason: null,
    error: null,
    claimed_by: null,
    claimed_at: null,
    printed_at: null,
    created_at: tx.nowIso,
    updated_at: tx.nowIso,
  };
  await insertPrintJobs(tx.trx, [row]);
  tx.afterCommit((signals) => signals.printQueueChanged?.());
  return row;
}

/** The printer a request names (by id, or a station's), or 400/404 naming the field. */
async function resolvePrinter(
  db: Kysely<DB>,
  factoryId: string,
  input: Pick<NewPrintJob, 'printer_id' | 'station_id'>,
): Promise<string> {
  if ((input.printer_id === undefined) === (input.station_id === undefined)) {
    throw invalid('printer_id', 'Give exactly one of printer_id and station_id.');
  }
  if (input.station_id !== undefined) {
    const printerId = await stationPrinterId(db, factoryId, input.station_id);
    if (printerId === undefined) throw notFound('station', 'id', input.station_id);
    if (printerId === null) {
      throw invalid(
        'station_id',
        'The station has no printer: give it one with PATCH /v1/stations/{id} {printer_id}.',
      );
    }
    return printerId;
  }
  const printer = await findPrinter(db, factoryId, input.printer_id!);
  if (!printer) throw invalid('printer_id', `No printer has the id ${input.printer_id}.`);
  return printer.id;
}

/** An order's labels to print: all, the unprinted ones, or the barcodes listed (of that order). */
export async function orderSource(
  db: Kysely<DB>,
  factoryId: string,
  orderRef: string,
  pieces: 'all' | 'unprinted' | string[],
): Promise<JobSource> {
  const order = await findPrintableOrder(db, factoryId, orderRef);
  if (!order) throw notFound('order', 'id', orderRef);
  let barcodes: string[];
  if (Array.isArray(pieces)) {
    barcodes = [...new Set(pieces.map((b) => b.trim().toUpperCase()))];
    const found = await barcodesOfOrder(db, factoryId, order.id, barcodes);
    barcodes.forEach((barcode, i) => {
      if (!found.has(barcode)) {
        throw invalid(`pieces.${i}`, `No piece of order ${order.id} carries ${barcode}.`);
      }
    });
  } else {
    barcodes = await orderBarcodes(db, factoryId, order.id, pieces === 'unprinted');
    if (barcodes.length === 0) throw new AppError('no_labels_to_print');
  }
  return {
    source: 'order',
    orderId: order.id,
    pieces: Array.isArray(pieces) ? JSON.stringify(barcodes) : pieces,
    barcodes,
  };
}

/**
 * A consignment's document to print: the delivery note (a PDF printer only) or its handling
 * units' SSCC labels (either language); `document` defaults to what the printer's language prints.
 */
async function consignmentSource(
  db: Kysely<DB>,
  factoryId: string,
  printerId: string,
  input: Pick<NewPrintJob, 'consignment_id' | 'document'>,
): Promise<JobSource> {
  const consignment = await consignmentOf(db, factoryId, input.consignment_id!);
  if (!consignment) throw notFound('consignment', 'consignment_id', input.consignment_id!);
  const printer = (await findPrinter(db, factoryId, printerId))!;
  const document = input.document ?? consignmentDocumentFor(printer.language);
  if (document === 'delivery_note' && printer.language !== 'pdf') {
    throw invalid(
      'document',
      'A delivery note is a PDF: print it on a PDF (IPP) printer; a ZPL printer prints sscc_labels.',
    );
  }
  let labels = 1;
  if (document === 'sscc_labels') {
    labels = (await handlingUnitsOf(db, factoryId, consignment.id)).length;
    if (labels === 0) {
      throw new AppError('no_labels_to_print', {
        message: 'The consignment has no handling units, so it has no SSCC labels.',
      });
    }
  }
  return { source: 'consignment', consignmentId: consignment.id, document, labels };
}

/** POST /v1/print-jobs: queues a job on a printer (or a station's printer). */
export async function createPrintJob(
  ctx: CoreContext,
  factoryId: string,
  input: NewPrintJob,
): Promise<PrintJobView> {
  const sources = [
    input.order_id !== undefined,
    input.test_label !== undefined,
    input.consignment_id !== undefined,
    input.operator_id !== undefined,
  ].filter(Boolean).length;
  if (sources !== 1) {
    throw invalid(
      'order_id',
      'Give exactly one of order_id (with pieces), test_label, consignment_id (with document) and operator_id.',
    );
  }
  if (input.test_label === false) throw invalid('test_label', 'test_label must be true.');
  if (input.pieces !== undefined && input.order_id === undefined) {
    throw invalid('pieces', 'pieces goes with order_id.');
  }
  if (input.document !== undefined && input.consignment_id === undefined) {
    throw invalid('document', 'document goes with consignment_id.');
  }
  if (input.operator_id !== undefined) {
    throw invalid('operator_id', 'Operator badges cannot be printed by this server yet.');
  }
  return transact(ctx, async (tx) => {
    const printerId = await resolvePrinter(tx.trx, factoryId, input);
    const what: JobSource =
      input.order_id !== undefined
        ? await orderSource(tx.trx, factoryId, input.order_id, input.pieces ?? 'all')
        : input.consignment_id !== undefined
          ? await consignmentSource(tx.trx, factoryId, printerId, input)
          : { source: 'test_label' };
    const row = await queuePrintJob(tx, factoryId, printerId, what, {
      stationId: input.station_id ?? null,
    });
    return toPrintJobView(row);
  });
}

export async function listPrintJobsOf(
  ctx: CoreContext,
  factoryId: string,
  filter: PageParams & { printer_id?: string | undefined; status?: PrintJobStatus | undefined },
): Promise<Page<PrintJobView>> {
  return toPage(await listPrintJobs(ctx.db, factoryId, filter), filter, toPrintJobView);
}

export async function getPrintJob(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<PrintJobView> {
  const row = await findPrintJob(ctx.db, factoryId, id);
  if (!row) throw notFound('print job', 'id', id);
  return toPrintJobView(row);
}

async function changeJob(
  ctx: CoreContext,
  factoryId: string,
  id: string,
  from: readonly PrintJobStatus[],
  change: (nowIso: string) => Partial<PrintJobRow> & { updated_at: string },
  refusal: string,
): Promise<PrintJobView> {
  return transact(ctx, async (tx) => {
    const row = await findPrintJob(tx.trx, factoryId, id);
    if (!row) throw notFound('print job', 'id', id);
    if (!(await moveJob(tx.trx, id, from, change(tx.nowIso)))) {
      throw new AppError('print_job_state', {
        message: `The print job is ${row.status}: ${refusal}`,
      });
    }
    return toPrintJobView((await findPrintJob(tx.trx, factoryId, id))!);
  });
}

/** Cancels a queued job; a job being sent or done cannot be (409 `print_job_state`). */
export function cancelPrintJob(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<PrintJobView> {
  return changeJob(
    ctx,
    factoryId,
    id,
    ['queued'],
    (at) => ({ status: 'cancelled', held_reason: null, updated_at: at }),
    'only a queued job can be cancelled.',
  );
}

/**
 * Queues a job that did not print (failed, interrupted or cancelled) again: a person's decision
 * that a second copy is what they want. It keeps its place (its id) in its printer's queue.
 */
export async function retryPrintJob(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<PrintJobView> {
  const view = await changeJob(
    ctx,
    factoryId,
    id,
    ['failed', 'interrupted', 'cancelled'],
    (at) => ({
      status: 'queued',
      error: null,
      held_reason: null,
      claimed_by: null,
      claimed_at: null,
      updated_at: at,
    }),
    'only a failed, interrupted or cancelled job can be retried.',
  );
  ctx.signals.printQueueChanged?.();
  return view;
}
