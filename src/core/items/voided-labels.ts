import type { Page, PageParams } from '../../store/pagination.js';
import { voidedLabelsOfOrder } from '../../store/pieces/voided-labels.js';
import type { CoreContext } from '../context.js';
import { findOrderRow } from '../orders/order-view.js';
import { toVoidedLabelView, type VoidedLabelView } from './void-label.js';

/**
 * GET /v1/orders/{id}/voided-labels: the labels voided on an order's pieces, so a screen can mark
 * the pieces that were relabelled and say which barcodes are dead. Keyset pages on the voided
 * barcode (unique in the factory), last first; the cursor is a barcode.
 */
export async function listOrderVoidedLabels(
  ctx: CoreContext,
  factoryId: string,
  idOrOrderNo: string,
  params: PageParams,
): Promise<Page<VoidedLabelView>> {
  const order = await findOrderRow(ctx.db, factoryId, idOrOrderNo);
  const rows = await voidedLabelsOfOrder(
    ctx.db,
    factoryId,
    order.id,
    params.starting_after,
    params.limit + 1,
  );
  const has_more = rows.length > params.limit;
  const kept = has_more ? rows.slice(0, params.limit) : rows;
  return {
    object: 'list',
    data: kept.map(toVoidedLabelView),
    has_more,
    next_cursor: has_more ? kept[kept.length - 1]!.barcode : null,
  };
}
