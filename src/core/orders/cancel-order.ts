import { AppError } from '../../domain/errors.js';
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
      const shipped = await tx.trx
        .selectFrom('pieces')
        .select('id')
        .where('order_id', '=', row.id)
        .where('status', 'in', ['dispatched', 'returned'])
        .limit(1)
        .executeTakeFirst();
      if (shipped) {
        throw new AppError('order_not_cancellable', {
          message: `Order ${row.order_no} cannot be cancelled: pieces have been dispatched.`,
        });
      }
      await tx.trx
        .updateTable('pieces')
        .set({ status: 'cancelled', updated_at: tx.nowIso })
        .where('order_id', '=', row.id)
        .where('status', '!=', 'written_off')
        .execute();
      await tx.trx
        .updateTable('orders')
        .set({ cancelled_at: tx.nowIso })
        .where('factory_id', '=', factoryId)
        .where('id', '=', row.id)
        .execute();
      const { order } = await recomputeOrder(tx, factoryId, row.id);
      tx.emit(factoryId, 'order.cancelled', order);
    }
    return getOrder(tx.trx, factoryId, row.id, { now: tx.now });
  });
}
