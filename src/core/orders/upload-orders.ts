import type { FieldError } from '../../domain/errors.js';
import type { CoreContext } from '../context.js';
import { findRetailersByCode } from '../retailers/retailers.js';
import { transact } from '../transaction.js';
import { writeOrder } from './create-order.js';
import { CSV_LIMITS, csvError, parseOrdersCsv } from './orders-csv.js';

export interface UploadResult {
  object: 'upload';
  dry_run: boolean;
  orders_created: number;
  /** In file order; `id` is null on a dry run. */
  orders: { id: string | null; order_no: string; retailer_code: string; pieces_total: number }[];
}

/**
 * POST /v1/orders/upload: every order of a CSV file in one transaction, or none. Any problem
 * (shape, unknown retailer, an order number the retailer already has) → 400 `invalid_csv` with
 * every problem by row and column, and nothing written. A dry run checks the same and writes
 * nothing.
 */
export function uploadOrders(
  ctx: CoreContext,
  factoryId: string,
  csv: string,
  options: { dryRun: boolean },
): Promise<UploadResult> {
  const parsed = parseOrdersCsv(csv);
  return transact(ctx, async (tx) => {
    const errors: FieldError[] = [...parsed.errors];
    const retailers = await findRetailersByCode(
      tx.trx,
      factoryId,
      parsed.orders.map((o) => o.retailer_code),
    );

    // Order numbers the named retailers already use, fetched in chunks.
    const taken = new Set<string>();
    const orderNos = [...new Set(parsed.orders.map((o) => o.order.order_no))];
    for (let i = 0; i < orderNos.length; i += 500) {
      const rows = await tx.trx
        .selectFrom('orders')
        .select(['retailer_id', 'order_no'])
        .where('factory_id', '=', factoryId)
        .where('order_no', 'in', orderNos.slice(i, i + 500))
        .execute();
      for (const row of rows) taken.add(`${row.retailer_id}\u0000${row.order_no}`);
    }

    let pieces = 0;
    for (const { retailer_code, rows, order } of parsed.orders) {
      const retailer = retailers.get(retailer_code);
      if (!retailer) {
        errors.push({
          row: rows[0]!,
          column: 'retailer_code',
          code: 'unknown_retailer',
          message: `No retailer has the code ${retailer_code}.`,
        });
      } else if (taken.has(`${retailer.id}\u0000${order.order_no}`)) {
        errors.push({
          row: rows[0]!,
          column: 'order_no',
          code: 'order_exists',
          message: `Retailer ${retailer_code} already has an order numbered ${order.order_no}.`,
        });
      }
      const before = pieces;
      pieces += order.pieces_total;
      if (before <= CSV_LIMITS.piecesMax && pieces > CSV_LIMITS.piecesMax) {
        errors.push({
          row: rows[0]!,
          column: 'qty',
          code: 'too_many_pieces',
          message: `The upload reaches ${CSV_LIMITS.piecesMax} pieces at this order; split the file.`,
        });
      }
    }
    if (errors.length > 0) throw csvError(errors);

    const result: UploadResult = {
      object: 'upload',
      dry_run: options.dryRun,
      orders_created: 0,
      orders: [],
    };
    for (const { retailer_code, order } of parsed.orders) {
      let id: string | null = null;
      if (!options.dryRun) {
        const created = await writeOrder(
          tx,
          factoryId,
          retailers.get(retailer_code)!,
          order,
          'upload',
        );
        id = created.id;
        result.orders_created++;
      }
      result.orders.push({
        id,
        order_no: order.order_no,
        retailer_code,
        pieces_total: order.pieces_total,
      });
    }
    return result;
  });
}
