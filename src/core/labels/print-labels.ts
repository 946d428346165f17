import type { PieceLabelContent } from '../../domain/piece-label.js';
import { notFound } from '../../domain/errors.js';
import type { CoreContext } from '../context.js';
import { loadLines } from '../orders/order-queries.js';
import { findOrderRow } from '../orders/order-view.js';
import { orderIsVisible } from '../orders/order-visibility.js';
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
  const settings = await tx.trx
    .selectFrom('settings')
    .select('default_dpi')
    .where('factory_id', '=', factoryId)
    .executeTakeFirst();
  return settings?.default_dpi === 300 ? 300 : 203;
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

    const pieces = await tx.trx
      .selectFrom('pieces')
      .select(['barcode', 'line_no', 'unit_no', 'piece_no', 'piece_name'])
      .where('factory_id', '=', factoryId)
      .where('order_id', '=', order.id)
      .$if(unprintedOnly, (qb) => qb.where('label_printed_at', 'is', null))
      .orderBy('unit_no')
      .orderBy('piece_no')
      .execute();
    if (pieces.length > 0) {
      // The same condition as the read, in the same transaction: exactly the pieces returned.
      await tx.trx
        .updateTable('pieces')
        .set({ label_printed_at: tx.nowIso, updated_at: tx.nowIso })
        .where('factory_id', '=', factoryId)
        .where('order_id', '=', order.id)
        .$if(unprintedOnly, (qb) => qb.where('label_printed_at', 'is', null))
        .execute();
    }

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
    const piece = await tx.trx
      .selectFrom('pieces as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .innerJoin('retailers as r', 'r.id', 'o.retailer_id')
      .innerJoin('order_lines as l', (join) =>
        join.onRef('l.order_id', '=', 'p.order_id').onRef('l.line_no', '=', 'p.line_no'),
      )
      .select([
        'p.id',
        'p.barcode',
        'p.unit_no',
        'p.piece_no',
        'p.piece_name',
        'o.id as order_id',
        'o.order_no',
        'o.needed_by',
        'r.name as retailer_name',
        'l.sku',
        'l.colour',
        'l.pieces_per_unit',
      ])
      .where('p.factory_id', '=', factoryId)
      .where('p.barcode', '=', barcode)
      .where(orderIsVisible('o'))
      .executeTakeFirst();
    if (!piece) throw notFound('label', 'barcode', barcode);

    const units = await tx.trx
      .selectFrom('order_lines')
      .select((eb) => eb.fn.sum<number>('qty').as('total'))
      .where('factory_id', '=', factoryId)
      .where('order_id', '=', piece.order_id)
      .executeTakeFirstOrThrow();
    await tx.trx
      .updateTable('pieces')
      .set({ label_printed_at: tx.nowIso, updated_at: tx.nowIso })
      .where('id', '=', piece.id)
      .execute();

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
          units_total: Number(units.total),
          piece_no: piece.piece_no,
          pieces_per_unit: piece.pieces_per_unit,
          piece_name: piece.piece_name,
          needed_by: piece.needed_by,
        },
      ],
    };
  });
}
