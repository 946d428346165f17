import { AppError } from '../../domain/errors.js';
import { hasShippedPieces, markOrderCancelled } from '../../store/orders/order-writes.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';
import { findOrderRow, getOrder, type OrderView } from './order-view.js';
import { recomputeOrder } from './recompute-order.js';

/**
 * POST /v1/orders/{id}/cancel: every piece not written off becomes `cancelled` and the order
 * `cancelled` (stations then refuse its labels). Refused with 409 `order_not_cancellable` once
 * any piece has left the factory (dispatched, or back as an open return). Cancelling a cancelled
 * order answers it again and changes nothing.
 */
export function cancelOrder(
  ctx: CoreContext,
  factoryId: string,
  idOrOrderNo: string,
): Promise<OrderView> {
  return transact(ctx, async (tx) => {
    const row = await findOrderRow(tx.trx, factoryId, idOrOrderNo);
    if (row.cancelled_at === null) {
      const shipped = await hasShippedPieces(tx.trx, row.id);
      if (shipped) {
        throw new AppError('order_not_cancellable', {
          message: `Order ${row.order_no} cannot be cancelled: pieces have been dispatched.`,
        });
      }
      await markOrderCancelled(tx.trx, factoryId, row.id, tx.nowIso);
      const { order } = await recomputeOrder(tx, factoryId, row.id);
      tx.emit(factoryId, 'order.cancelled', order);
    }
    return getOrder(tx.trx, factoryId, row.id, { now: tx.now });
  });
}
