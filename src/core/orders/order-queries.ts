import type { Kysely } from 'kysely';
import type { DB, OrderLineTable, OrderTable } from '../../store/schema.js';

/** An order row with what every order answer needs from other tables. */
export interface OrderRow extends OrderTable {
  retailer_name: string;
  retailer_code: string;
  /** The factory's setting, for `stuck` at read time. */
  stuck_after_days: number;
}

export type LineRow = Pick<
  OrderLineTable,
  'order_id' | 'line_no' | 'sku' | 'colour' | 'qty' | 'pieces_per_unit' | 'piece_names'
>;

/**
 * Orders joined with their retailer and the factory's settings: one query gives everything an
 * order answer shows apart from lines, pieces and scans. Callers add the factory filter.
 */
export function selectOrderRows(db: Kysely<DB>) {
  return db
    .selectFrom('orders as o')
    .innerJoin('retailers as r', 'r.id', 'o.retailer_id')
    .innerJoin('settings as s', 's.factory_id', 'o.factory_id')
    .selectAll('o')
    .select(['r.name as retailer_name', 'r.code as retailer_code', 's.stuck_after_days']);
}

/** The lines of some orders, in line order, grouped by order id. */
export async function loadLines(
  db: Kysely<DB>,
  factoryId: string,
  orderIds: readonly string[],
): Promise<Map<string, LineRow[]>> {
  const byOrder = new Map<string, LineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('order_lines')
    .select(['order_id', 'line_no', 'sku', 'colour', 'qty', 'pieces_per_unit', 'piece_names'])
    .where('factory_id', '=', factoryId)
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('line_no')
    .execute();
  for (const row of rows) {
    const list = byOrder.get(row.order_id);
    if (list) list.push(row);
    else byOrder.set(row.order_id, [row]);
  }
  return byOrder;
}
