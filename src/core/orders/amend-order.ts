import { formatBarcode } from '../../domain/barcode.js';
import { AppError, invalid } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import {
  amendablePieces,
  deletePieces,
  insertPieces,
  moveAmendedPiece,
  orderLinesOf,
  replaceOrderLines,
  updateAmendedOrder,
  writeOffDroppedPieces,
  type AmendablePiece,
} from '../../store/orders/order-amend.js';
import { claimSerials } from '../../store/orders/order-writes.js';
import { relabelPiece } from '../../store/pieces/pieces.js';
import { insertVoidedLabel } from '../../store/pieces/voided-labels.js';
import type { OrderLineTable, PieceTable } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { transact, type Tx } from '../transaction.js';
import {
  itemsOf,
  normalizeOrder,
  validateOrder,
  type CreateOrderLineInput,
} from './order-input.js';
import { findOrderRow, getOrder, type OrderView } from './order-view.js';
import { recomputeOrder } from './recompute-order.js';

/** What PATCH /v1/orders/{id} may change; omitted fields keep their values, null clears a date. */
export interface OrderPatch {
  production_date?: string | null | undefined;
  needed_by?: string | null | undefined;
  /** The order's lines, all of them: they replace the current ones. */
  lines?: CreateOrderLineInput[] | undefined;
}

/** The reason a label voided by an amendment carries. */
export const AMENDED_REASON = 'order amended';

/** A slot of the amended order: where a piece sits and what its label says. */
interface Slot {
  line_no: number;
  unit_no: number;
  piece_no: number;
  piece_name: string | null;
  /** Everything a piece label prints but its barcode and the order's own number and retailer. */
  label: string;
}

/**
 * Changes an order before production (DESIGN §19): its dates, and its lines and quantities.
 * Allowed while every piece awaits production; otherwise 409 `order_in_production` (a cancelled
 * order too). New lines are checked as a new order's are (400 naming `lines.<i>.<field>`).
 *
 * Pieces follow the new lines slot by slot (line, unit, piece): a piece whose label would read
 * the same keeps its barcode; one whose label changes (SKU, colour, "Unit 2 of 5", piece name,
 * needed-by date) keeps its barcode if its label was never printed, and otherwise has that label
 * voided — refused at every station, listed with the order's voided labels — and a new barcode
 * to print, as `POST /v1/items/{barcode}/void` does. Extra slots get new pieces; pieces left over
 * are deleted, or written off when a record refers to them (a refused scan, a voided or printed
 * label) so their barcodes stay refused. Emits `order.updated` when anything changed.
 */
export async function amendOrder(
  ctx: CoreContext,
  factoryId: string,
  idOrOrderNo: string,
  patch: OrderPatch,
): Promise<OrderView> {
  let amendedId: string | undefined;
  const view = await transact(ctx, async (tx) => {
    const row = await findOrderRow(tx.trx, factoryId, idOrOrderNo);
    amendedId = row.id;
    if (row.cancelled_at !== null) {
      throw new AppError('order_in_production', {
        message: `Order ${row.order_no} is cancelled and can no longer be changed.`,
      });
    }
    const pieces = await amendablePieces(tx.trx, row.id);
    if (pieces.some((p) => p.status !== 'awaiting_production')) {
      throw new AppError('order_in_production', {
        message: `Order ${row.order_no} can no longer be changed: production has started (a piece has been produced).`,
      });
    }
    const currentLines = await orderLinesOf(tx.trx, row.id);
    const next = normalizeOrder({
      order_no: row.order_no,
      production_date:
        patch.production_date === undefined ? row.production_date : patch.production_date,
      needed_by: patch.needed_by === undefined ? row.needed_by : patch.needed_by,
      lines: patch.lines ?? currentLines.map(toLineInput),
    });
    const issue = validateOrder(next)[0];
    if (issue) throw invalid(issue.param, issue.message);

    const newLines: OrderLineTable[] = next.lines.map((line, i) => ({
      id: newId('orderLine', tx.now),
      factory_id: factoryId,
      order_id: row.id,
      line_no: i + 1,
      sku: line.sku,
      colour: line.colour,
      qty: line.qty,
      pieces_per_unit: line.pieces_per_unit,
      piece_names: line.piece_names === null ? null : JSON.stringify(line.piece_names),
    }));
    const linesChanged = !sameLines(currentLines, newLines);
    const datesChanged =
      next.production_date !== row.production_date || next.needed_by !== row.needed_by;
    if (!linesChanged && !datesChanged) return getOrder(tx.trx, factoryId, row.id, { now: tx.now });

    const before = slotsOf(currentLines, row.needed_by);
    const after = slotsOf(newLines, next.needed_by);
    await regeneratePieces(tx, factoryId, row.id, pieces, before, after);
    if (linesChanged) {
      await replaceOrderLines(tx.trx, row.id, newLines);
      ctx.orderLines.forget(row.id);
    }
    await updateAmendedOrder(tx.trx, row.id, {
      production_date: next.production_date,
      needed_by: next.needed_by,
      items: itemsOf(next.lines),
      updated_at: tx.nowIso,
    });
    const { order } = await recomputeOrder(tx, factoryId, row.id);
    tx.emit(factoryId, 'order.updated', order);
    return getOrder(tx.trx, factoryId, row.id, { now: tx.now });
  });
  if (amendedId) ctx.orderLines.forget(amendedId);
  return view;
}

const toLineInput = (line: OrderLineTable): CreateOrderLineInput => ({
  sku: line.sku,
  colour: line.colour,
  qty: line.qty,
  pieces_per_unit: line.pieces_per_unit,
  piece_names: line.piece_names === null ? null : (JSON.parse(line.piece_names) as string[]),
});

function sameLines(a: readonly OrderLineTable[], b: readonly OrderLineTable[]): boolean {
  const key = (l: OrderLineTable) =>
    JSON.stringify([l.sku, l.colour, l.qty, l.pieces_per_unit, l.piece_names]);
  return a.length === b.length && a.every((line, i) => key(line) === key(b[i]!));
}

/** Every piece slot of these lines in order, with what its label prints. */
function slotsOf(lines: readonly OrderLineTable[], neededBy: string | null): Slot[] {
  const units = lines.reduce((sum, l) => sum + l.qty, 0);
  const slots: Slot[] = [];
  let unitNo = 0;
  for (const line of lines) {
    const names = line.piece_names === null ? null : (JSON.parse(line.piece_names) as string[]);
    for (let u = 0; u < line.qty; u++) {
      unitNo++;
      for (let p = 1; p <= line.pieces_per_unit; p++) {
        const piece_name = names ? names[p - 1]! : null;
        slots.push({
          line_no: line.line_no,
          unit_no: unitNo,
          piece_no: p,
          piece_name,
          label: JSON.stringify([
            line.sku,
            line.colour,
            unitNo,
            units,
            p,
            line.pieces_per_unit,
            piece_name,
            neededBy,
          ]),
        });
      }
    }
  }
  return slots;
}

async function regeneratePieces(
  tx: Tx,
  factoryId: string,
  orderId: string,
  pieces: readonly AmendablePiece[],
  before: readonly Slot[],
  after: readonly Slot[],
): Promise<void> {
  // Pieces are read in slot order, which is the order of `before`.
  const kept = Math.min(pieces.length, after.length);
  const relabel: AmendablePiece[] = [];
  for (let i = 0; i < kept; i++) {
    const piece = pieces[i]!;
    const slot = after[i]!;
    const moved =
      piece.line_no !== slot.line_no ||
      piece.unit_no !== slot.unit_no ||
      piece.piece_no !== slot.piece_no ||
      piece.piece_name !== slot.piece_name;
    if (moved) {
      await moveAmendedPiece(tx.trx, piece.id, {
        line_no: slot.line_no,
        unit_no: slot.unit_no,
        piece_no: slot.piece_no,
        piece_name: slot.piece_name,
        updated_at: tx.nowIso,
      });
    }
    if (piece.label_printed_at !== null && before[i]?.label !== slot.label) relabel.push(piece);
  }
  const added = after.slice(kept);
  const serial = await claimSerials(tx.trx, factoryId, relabel.length + added.length);
  let next = serial.before;
  const barcode = () => formatBarcode(serial.prefix, ++next);

  for (const piece of relabel) {
    const replacement = barcode();
    await relabelPiece(tx.trx, piece.id, replacement, tx.nowIso);
    await insertVoidedLabel(tx.trx, {
      factory_id: factoryId,
      barcode: piece.barcode,
      piece_id: piece.id,
      order_id: orderId,
      reason: AMENDED_REASON,
      voided_at: tx.nowIso,
      replacement_barcode: replacement,
    });
  }
  const newPieces: PieceTable[] = added.map((slot) => ({
    id: newId('piece', tx.now),
    factory_id: factoryId,
    order_id: orderId,
    line_no: slot.line_no,
    unit_no: slot.unit_no,
    piece_no: slot.piece_no,
    piece_name: slot.piece_name,
    barcode: barcode(),
    status: 'awaiting_production',
    location: null,
    scanned: 0,
    produced_at: null,
    in_stock_at: null,
    dispatched_at: null,
    label_printed_at: null,
    updated_at: tx.nowIso,
  }));
  await insertPieces(tx.trx, newPieces);

  const dropped = pieces.slice(kept);
  const keep = (p: AmendablePiece) => p.referenced || p.label_printed_at !== null;
  await deletePieces(
    tx.trx,
    dropped.filter((p) => !keep(p)).map((p) => p.id),
  );
  await writeOffDroppedPieces(
    tx.trx,
    dropped.filter(keep).map((p) => p.id),
    tx.nowIso,
  );
}
