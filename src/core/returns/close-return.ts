import { AppError, invalid } from '../../domain/errors.js';
import { closeReturnedPiece } from '../../store/pieces/pieces.js';
import { closeReturnRow } from '../../store/returns/returns.js';
import type { CoreContext } from '../context.js';
import { recomputeOrder } from '../orders/recompute-order.js';
import { transact } from '../transaction.js';
import { loadReturn, type ReturnView } from './return-view.js';

export type ReturnOutcome = 'restocked' | 'written_off';

export interface ReturnDecision {
  status: ReturnOutcome;
  /** The bay the piece goes back to; required for `restocked`, refused for `written_off`. */
  location?: string | undefined;
}

/**
 * Closes a return. `restocked` puts the piece back `in_stock` at the bay in `location` (400
 * `location_required` without one), from where it can be dispatched again; `written_off` writes
 * the piece off, and it no longer holds its order back. Asking for the outcome the return
 * already has answers it unchanged (a retry is safe); the other outcome is 409 `return_closed`.
 */
export async function closeReturn(
  ctx: CoreContext,
  factoryId: string,
  id: string,
  decision: ReturnDecision,
): Promise<ReturnView> {
  const location = decision.location?.trim() ?? '';
  if (decision.status === 'restocked' && location === '') {
    throw new AppError('location_required', {
      param: 'location',
      message: 'Restocking needs the bay the piece goes to, in location.',
    });
  }
  if (decision.status === 'written_off' && location !== '') {
    throw invalid('location', 'location is only given when restocking.');
  }
  return transact(ctx, async (tx) => {
    const current = await loadReturn(tx.trx, factoryId, id);
    if (current.status === decision.status) return current;
    if (current.status !== 'received') {
      throw new AppError('return_closed', {
        message: `The return is already ${current.status.replace('_', ' ')}.`,
      });
    }
    const restocked = decision.status === 'restocked';
    await closeReturnRow(
      tx.trx,
      id,
      { status: decision.status, location: restocked ? location : null },
      tx.nowIso,
    );
    await closeReturnedPiece(
      tx.trx,
      factoryId,
      current.piece_id,
      { restockedAt: restocked ? tx.nowIso : null, location: restocked ? location : null },
      tx.nowIso,
    );
    await recomputeOrder(tx, factoryId, current.order_id);
    const view = await loadReturn(tx.trx, factoryId, id);
    tx.emit(factoryId, restocked ? 'return.restocked' : 'return.written_off', view);
    return view;
  });
}
