import { invalid, notFound } from '../../domain/errors.js';
import { findVisiblePiece } from '../../store/pieces/pieces.js';
import { findPrinter, stationPrinterId } from '../../store/printers/printers.repository.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';
import { queuePrintJob } from './print-jobs.js';
import { toPrinterView, toPrintJobView, type PrinterView, type PrintJobView } from './views.js';

/** A station's view of its printer: what the station page's header shows. */
export interface StationPrinterView {
  object: 'station_printer';
  printer: Pick<PrinterView, 'id' | 'name' | 'state' | 'state_reasons' | 'last_seen_at'> | null;
}

/** The printer of the calling station, or null when it has none. */
export async function stationPrinter(
  ctx: CoreContext,
  factoryId: string,
  stationId: string,
): Promise<StationPrinterView> {
  const printerId = await stationPrinterId(ctx.db, factoryId, stationId);
  const row = printerId ? await findPrinter(ctx.db, factoryId, printerId) : undefined;
  if (!row) return { object: 'station_printer', printer: null };
  // The page asks every few seconds; while it does, the print worker asks the printer often too.
  ctx.signals.printerWatched?.(row.id);
  const { id, name, state, state_reasons, last_seen_at } = toPrinterView(row);
  return { object: 'station_printer', printer: { id, name, state, state_reasons, last_seen_at } };
}

/**
 * The station reprints one piece's label on its own printer (its last scan, say): a person at the
 * station decided that a second copy is wanted.
 */
export function reprintAtStation(
  ctx: CoreContext,
  factoryId: string,
  stationId: string,
  typedBarcode: string,
): Promise<PrintJobView> {
  const barcode = typedBarcode.trim().toUpperCase();
  return transact(ctx, async (tx) => {
    const printerId = await stationPrinterId(tx.trx, factoryId, stationId);
    if (!printerId) {
      throw invalid('station', 'This station has no printer: ask a supervisor to give it one.');
    }
    const piece = await findVisiblePiece(tx.trx, factoryId, { barcode });
    if (!piece) throw notFound('label', 'barcode', barcode);
    const row = await queuePrintJob(
      tx,
      factoryId,
      printerId,
      {
        source: 'order',
        orderId: piece.order_id,
        pieces: JSON.stringify([barcode]),
        barcodes: [barcode],
      },
      { stationId },
    );
    return toPrintJobView(row);
  });
}

/**
 * The guided hardware check prints the test label on the calling station's printer before it
 * asks for the scan. 400 when the station has no printer (the page then shows the label itself).
 */
export function printTestLabelAtStation(
  ctx: CoreContext,
  factoryId: string,
  stationId: string,
): Promise<PrintJobView> {
  return transact(ctx, async (tx) => {
    const printerId = await stationPrinterId(tx.trx, factoryId, stationId);
    if (!printerId) {
      throw invalid('station', 'This station has no printer: ask a supervisor to give it one.');
    }
    const row = await queuePrintJob(
      tx,
      factoryId,
      printerId,
      { source: 'test_label' },
      { stationId },
    );
    return toPrintJobView(row);
  });
}
