import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { orderIsVisible } from '../orders/order-visibility.js';

/** The factory's `default_dpi` setting (undefined without settings). */
export async function defaultDpi(db: Kysely<DB>, factoryId: string): Promise<number | undefined> {
  const settings = await db
    .selectFrom('settings')
    .select('default_dpi')
    .where('factory_id', '=', factoryId)
    .executeTakeFirst();
  return settings?.default_dpi;
}

/**
 * The pieces of an order whose labels a run prints (all, or those never printed), by unit then
 * piece, marked printed at `at` in the same transaction: exactly the pieces returned, so two
 * runs of unprinted labels at once never hand out the same ones.
 */
export async function takeOrderLabels(
  db: Kysely<DB>,
  factoryId: string,
  orderId: string,
  unprintedOnly: boolean,
  at: string,
) {
  const pieces = await db
    .selectFrom('pieces')
    .select(['barcode', 'line_no', 'unit_no', 'piece_no', 'piece_name'])
    .where('factory_id', '=', factoryId)
    .where('order_id', '=', orderId)
    .$if(unprintedOnly, (qb) => qb.where('label_printed_at', 'is', null))
    .orderBy('unit_no')
    .orderBy('piece_no')
    .execute();
  if (pieces.length > 0) {
    // The same condition as the read, in the same transaction: exactly the pieces returned.
    await db
      .updateTable('pieces')
      .set({ label_printed_at: at, updated_at: at })
      .where('factory_id', '=', factoryId)
      .where('order_id', '=', orderId)
      .$if(unprintedOnly, (qb) => qb.where('label_printed_at', 'is', null))
      .execute();
  }
  return pieces;
}

/**
 * What a piece's label shows (its order, retailer and line) for the pieces of one factory; callers
 * narrow it to the barcodes they print.
 */
export function labelRows(db: Kysely<DB>, factoryId: string) {
  return db
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
    .where('p.factory_id', '=', factoryId);
}

/**
 * One piece's label by barcode (with its order, retailer and line, and its order's units),
 * marked printed at `at`; undefined when no piece of a visible order carries the barcode.
 */
export async function takeItemLabel(
  db: Kysely<DB>,
  factoryId: string,
  barcode: string,
  at: string,
) {
  const piece = await labelRows(db, factoryId)
    .where('p.barcode', '=', barcode)
    .where(orderIsVisible('o'))
    .executeTakeFirst();
  if (!piece) return undefined;
  const units = await db
    .selectFrom('order_lines')
    .select((eb) => eb.fn.sum<number>('qty').as('total'))
    .where('factory_id', '=', factoryId)
    .where('order_id', '=', piece.order_id)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('pieces')
    .set({ label_printed_at: at, updated_at: at })
    .where('id', '=', piece.id)
    .execute();
  return { ...piece, units_total: Number(units.total) };
}
