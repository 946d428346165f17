import { AppError, invalid, notFound } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import { normalizeScannedBarcode } from '../../domain/barcode.js';
import type { CoreContext } from '../context.js';
import { findVisiblePiece, markPieceReturned } from '../../store/pieces/pieces.js';
import { insertReturn } from '../../store/returns/returns.js';
import { recomputeOrder } from '../orders/recompute-order.js';
import { transact } from '../transaction.js';
import { loadReturn, type ReturnView } from './return-view.js';

/** Piece barcodes are upper-case letters, digits and a space: a typed one may be lower-case. */
const pieceBarcode = (raw: string): string => normalizeScannedBarcode(raw).toUpperCase();

export interface NewReturn {
  /** Exactly one of `barcode` and `piece_id` names the piece that came back. */
  barcode?: string | undefined;
  piece_id?: string | undefined;
  reason?: string | undefined;
}

/**
 * Records goods coming back: the dispatched piece becomes `returned` (no bay until someone
 * decides) and the return `received`. Only a dispatched piece can come back (409
 * `piece_not_dispatched`); a piece with an open return is `returned`, not dispatched, so it
 * cannot be returned twice. The order is recomputed: an open return keeps it
 * `partially_dispatched`, which is what needs a person's attention. A piece of an order an
 * upload still hides is 404, as a piece that does not exist.
 */
export async function createReturn(
  ctx: CoreContext,
  factoryId: string,
  input: NewReturn,
): Promise<ReturnView> {
  const hasBarcode = input.barcode !== undefined;
  const hasPiece = input.piece_id !== undefined;
  if (hasBarcode === hasPiece) {
    throw invalid(hasBarcode ? 'piece_id' : 'barcode', 'Give exactly one of barcode and piece_id.');
  }
  const reason = input.reason?.trim() || null;
  return transact(ctx, async (tx) => {
    const piece = await findVisiblePiece(
      tx.trx,
      factoryId,
      hasBarcode ? { barcode: pieceBarcode(input.barcode!) } : { id: input.piece_id! },
    );
    if (!piece) {
      throw hasBarcode
        ? notFound('piece', 'barcode', input.barcode!)
        : notFound('piece', 'piece_id', input.piece_id!);
    }
    if (piece.status !== 'dispatched') {
      throw new AppError('piece_not_dispatched', {
        message: `Only a dispatched piece can be returned; ${piece.barcode} is ${piece.status}.`,
      });
    }
    const id = newId('return', tx.now);
    await insertReturn(tx.trx, {
      id,
      factory_id: factoryId,
      piece_id: piece.id,
      order_id: piece.order_id,
      barcode: piece.barcode,
      reason,
      status: 'received',
      location: null,
      created_at: tx.nowIso,
      updated_at: tx.nowIso,
      closed_at: null,
    });
    await markPieceReturned(tx.trx, piece.id, tx.nowIso);
    await recomputeOrder(tx, factoryId, piece.order_id);
    const view = await loadReturn(tx.trx, factoryId, id);
    tx.emit(factoryId, 'return.created', view);
    return view;
  });
}
