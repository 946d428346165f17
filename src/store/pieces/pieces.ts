import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { orderIsVisible } from '../orders/order-visibility.js';

// Pieces found by their barcode or id, and the changes made to one piece outside a scan. A piece
// of an order an upload still hides is never found.

/** A piece of a visible order by barcode or by id (exactly one given). */
export function findVisiblePiece(
  db: Kysely<DB>,
  factoryId: string,
  by: { barcode: string } | { id: string },
) {
  return db
    .selectFrom('pieces as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select(['p.id', 'p.order_id', 'p.barcode', 'p.status'])
    .where('p.factory_id', '=', factoryId)
    .$if('barcode' in by, (qb) => qb.where('p.barcode', '=', (by as { barcode: string }).barcode))
    .$if('id' in by, (qb) => qb.where('p.id', '=', (by as { id: string }).id))
    .where(orderIsVisible('o'))
    .executeTakeFirst();
}

/** Gives a piece a new barcode, its label to be printed again. */
export async function relabelPiece(
  db: Kysely<DB>,
  pieceId: string,
  barcode: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('pieces')
    .set({ barcode, label_printed_at: null, updated_at: at })
    .where('id', '=', pieceId)
    .execute();
}

/** A piece back from the retailer: `returned`, with no bay until someone decides. */
export async function markPieceReturned(
  db: Kysely<DB>,
  pieceId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('pieces')
    .set({ status: 'returned', location: null, updated_at: at })
    .where('id', '=', pieceId)
    .execute();
}

/** A returned piece closed: back `in_stock` at a bay, or `written_off`. */
export async function closeReturnedPiece(
  db: Kysely<DB>,
  factoryId: string,
  pieceId: string,
  outcome: { restockedAt: string | null; location: string | null },
  at: string,
): Promise<void> {
  const { restockedAt, location } = outcome;
  await db
    .updateTable('pieces')
    .set(
      restockedAt !== null
        ? { status: 'in_stock', location, in_stock_at: restockedAt, updated_at: at }
        : { status: 'written_off', location: null, updated_at: at },
    )
    .where('id', '=', pieceId)
    .where('factory_id', '=', factoryId)
    .execute();
}
