import type { PieceLabelContent } from '../../domain/piece-label.js';
import { notFound } from '../../domain/errors.js';
import type { CoreContext } from '../context.js';
import { loadLines } from '../../store/orders/order-rows.js';
import { defaultDpi, takeItemLabel, takeOrderLabels } from '../../store/pieces/piece-labels.js';
import { findOrderRow } from '../orders/order-view.js';
import type { Tx } from '../transaction.js';
import { transact } from '../transaction.js';

export type PrinterDpi = 203 | 300;

/** `all` prints every piece of the order; `unprinted` only those whose label was never printed. */
export type PieceSelection = 'all' | 'unprinted';

/** What one piece's label says (the label model of src/labels, without its kind). */
export type LabelledPiece = PieceLabelContent;

export interface LabelRun {
  order_id: string;
  order_no: string;
  /** The resolution asked for, else the factory's `default_dpi` setting. */
  dpi: PrinterDpi;
  /** In unit order, then piece order. */
  pieces: LabelledPiece[];
}

async function resolveDpi(tx: Tx, factoryId: string, dpi: PrinterDpi | undefined) {
  if (dpi !== undefined) return dpi;
  return (await defaultDpi(tx.trx, factoryId)) === 300 ? 300 : 203;
}

/**
 * GET /v1/orders/{id}/labels: the labels of an order's pieces (by order id, or by `order_no` when
 * unique in the factory), marking them printed (`label_printed_at`) in the same transaction, so
 * two runs of `unprinted` at once never hand out the same labels. Printed here means handed out
 * for printing: rendering and the printer come after the commit.
 */
export function printOrderLabels(
  ctx: CoreContext,
  factoryId: string,
  idOrOrderNo: string,
  options: { pieces: PieceSelection; dpi?: PrinterDpi | undefined },
): Promise<LabelRun> {
  return transact(ctx, async (tx) => {
    const order = await findOrderRow(tx.trx, factoryId, idOrOrderNo);
    const lines = (await loadLines(tx.trx, factoryId, [order.id])).get(order.id) ?? [];
    const lineByNo = new Map(lines.map((line) => [line.line_no, line]));
    const unitsTotal = lines.reduce((sum, line) => sum + line.qty, 0);
    const unprintedOnly = options.pieces === 'unprinted';

    const pieces = await takeOrderLabels(tx.trx, factoryId, order.id, unprintedOnly, tx.nowIso);

    return {
      order_id: order.id,
      order_no: order.order_no,
      dpi: await resolveDpi(tx, factoryId, options.dpi),
      pieces: pieces.map((piece) => {
        const line = lineByNo.get(piece.line_no);
        if (!line) throw new Error(`piece of order ${order.id} on a missing line ${piece.line_no}`);
        return {
          barcode: piece.barcode,
          order_no: order.order_no,
          retailer_name: order.retailer_name,
          sku: line.sku,
          colour: line.colour,
          unit_no: piece.unit_no,
          units_total: unitsTotal,
          piece_no: piece.piece_no,
          pieces_per_unit: line.pieces_per_unit,
          piece_name: piece.piece_name,
          needed_by: order.needed_by,
        };
      }),
    };
  });
}

/**
 * GET /v1/items/{barcode}/label: one piece's label, marked printed. A barcode no piece carries
 * (unknown, or voided: the piece now has its replacement) is 404, and so is a piece of an order
 * an upload still hides.
 */
export function printItemLabel(
  ctx: CoreContext,
  factoryId: string,
  barcode: string,
  options: { dpi?: PrinterDpi | undefined },
): Promise<LabelRun> {
  return transact(ctx, async (tx) => {
    const piece = await takeItemLabel(tx.trx, factoryId, barcode, tx.nowIso);
    if (!piece) throw notFound('label', 'barcode', barcode);

    return {
      order_id: piece.order_id,
      order_no: piece.order_no,
      dpi: await resolveDpi(tx, factoryId, options.dpi),
      pieces: [
        {
          barcode: piece.barcode,
          order_no: piece.order_no,
          retailer_name: piece.retailer_name,
          sku: piece.sku,
          colour: piece.colour,
          unit_no: piece.unit_no,
          units_total: piece.units_total,
          piece_no: piece.piece_no,
          pieces_per_unit: piece.pieces_per_unit,
          piece_name: piece.piece_name,
          needed_by: piece.needed_by,
        },
      ],
    };
  });
}
