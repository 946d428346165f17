import { formatBarcode } from '../../domain/barcode.js';
import { notFound } from '../../domain/errors.js';
import { claimSerials } from '../../store/orders/order-writes.js';
import { findVisiblePiece, relabelPiece } from '../../store/pieces/pieces.js';
import { findVoidedLabel, insertVoidedLabel } from '../../store/pieces/voided-labels.js';
import type { VoidedLabelTable } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { recomputeOrder } from '../orders/recompute-order.js';
import { transact } from '../transaction.js';
import { printReplacementLabel } from '../printers/print-rules.js';

export interface VoidedLabelView {
  object: 'voided_label';
  barcode: string;
  voided_at: string;
  reason: string | null;
  piece_id: string;
  order_id: string;
  /** The piece's new barcode, to print on its new label. */
  replacement_barcode: string;
}

export const toVoidedLabelView = (row: VoidedLabelTable): VoidedLabelView => ({
  object: 'voided_label',
  barcode: row.barcode,
  voided_at: row.voided_at,
  reason: row.reason,
  piece_id: row.piece_id,
  order_id: row.order_id,
  replacement_barcode: row.replacement_barcode,
});

/**
 * Voids a label for good: its barcode is refused at every station from now on and is never
 * issued again. The piece keeps its status and gets a new barcode from the factory's serial, with
 * `label_printed_at` cleared so the next run of unprinted labels includes it.
 *
 * Voiding the same barcode again answers the first record (its reason included); a barcode no
 * piece carries and no label ever had is 404, as is a piece of an order an upload still hides.
 * The barcode is matched trimmed, in upper case. `station_id`: the station that asked for it,
 * where a `label.voided` print rule prints the replacement when the station has a printer.
 */
export function voidLabel(
  ctx: CoreContext,
  factoryId: string,
  typedBarcode: string,
  input: { reason?: string | undefined; station_id?: string | undefined },
): Promise<VoidedLabelView> {
  // Piece barcodes are upper case; a barcode typed in lower case still names its label.
  const barcode = typedBarcode.trim().toUpperCase();
  return transact(ctx, async (tx) => {
    const already = await findVoidedLabel(tx.trx, factoryId, barcode);
    if (already) return toVoidedLabelView(already);

    const piece = await findVisiblePiece(tx.trx, factoryId, { barcode });
    if (!piece) throw notFound('label', 'barcode', barcode);

    const serial = await claimSerials(tx.trx, factoryId, 1);
    const replacement = formatBarcode(serial.prefix, serial.before + 1);
    await relabelPiece(tx.trx, piece.id, replacement, tx.nowIso);
    const row: VoidedLabelTable = {
      factory_id: factoryId,
      barcode,
      piece_id: piece.id,
      order_id: piece.order_id,
      reason: input.reason?.trim() || null,
      voided_at: tx.nowIso,
      replacement_barcode: replacement,
    };
    await insertVoidedLabel(tx.trx, row);
    // The piece's status is unchanged; the order is recomputed all the same, as after every
    // change to a piece, so it is marked updated for integrations that sync by `updated_since`.
    await recomputeOrder(tx, factoryId, piece.order_id);

    const view = toVoidedLabelView(row);
    tx.emit(factoryId, 'label.voided', view);
    await printReplacementLabel(tx, factoryId, view, input.station_id ?? null);
    return view;
  });
}
