import type { Kysely } from 'kysely';
import { insertRows } from '../insert-rows.js';
import type { DB, OrderLineTable, OrderTable, PieceTable } from '../schema.js';

/**
 * True when the retailer already has an order with that number. Unlike every read that shows
 * orders, this one counts an order an upload still hides: the upload holds its number (the
 * unique index on factory, retailer and number says so too, and would refuse the insert with an
 * error instead), and the order appears under it once the upload publishes.
 */
export async function orderNoTaken(
  db: Kysely<DB>,
  factoryId: string,
  retailerId: string,
  orderNo: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('factory_id', '=', factoryId)
    .where('retailer_id', '=', retailerId)
    .where('order_no', '=', orderNo)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The (retailer id, order number) pairs of a factory's orders among these numbers, hidden ones
 * included (as orderNoTaken), read 500 numbers to a statement with `turn` between statements.
 */
export async function takenOrderNumbers(
  db: Kysely<DB>,
  factoryId: string,
  orderNos: readonly string[],
  turn?: () => Promise<void> | undefined,
): Promise<{ retailer_id: string; order_no: string }[]> {
  const taken: { retailer_id: string; order_no: string }[] = [];
  for (let i = 0; i < orderNos.length; i += 500) {
    const rows = await db
      .selectFrom('orders')
      .select(['retailer_id', 'order_no'])
      .where('factory_id', '=', factoryId)
      .where('order_no', 'in', orderNos.slice(i, i + 500))
      .execute();
    taken.push(...rows);
    const wait = turn?.();
    if (wait) await wait;
  }
  return taken;
}

/**
 * Claims `count` barcode serials of the factory in one statement (a serial is never handed out
 * twice, even if its label is voided later): the label prefix, and the serial before the first.
 */
export async function claimSerials(
  db: Kysely<DB>,
  factoryId: string,
  count: number,
): Promise<{ prefix: string; before: number }> {
  const counter = await db
    .updateTable('factories')
    .set((eb) => ({ barcode_serial: eb('barcode_serial', '+', count) }))
    .where('id', '=', factoryId)
    .returning(['barcode_serial', 'label_prefix'])
    .executeTakeFirstOrThrow();
  return { prefix: counter.label_prefix, before: counter.barcode_serial - count };
}

/** Orders with their lines and pieces, in multi-row statements (`turn` between them). */
export async function insertOrders(
  db: Kysely<DB>,
  rows: { orders: OrderTable[]; lines: OrderLineTable[]; pieces: PieceTable[] },
  turn?: () => Promise<void> | undefined,
): Promise<void> {
  await insertRows(db, 'orders', rows.orders, turn);
  await insertRows(db, 'order_lines', rows.lines, turn);
  await insertRows(db, 'pieces', rows.pieces, turn);
}

/** True when a piece of the order has left the factory (dispatched, or back as an open return). */
export async function hasShippedPieces(db: Kysely<DB>, orderId: string): Promise<boolean> {
  const shipped = await db
    .selectFrom('pieces')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', 'in', ['dispatched', 'returned'])
    .limit(1)
    .executeTakeFirst();
  return shipped !== undefined;
}

/** Marks an order cancelled at `at` with every piece not written off. */
export async function markOrderCancelled(
  db: Kysely<DB>,
  factoryId: string,
  orderId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('pieces')
    .set({ status: 'cancelled', updated_at: at })
    .where('order_id', '=', orderId)
    .where('status', '!=', 'written_off')
    .execute();
  await db
    .updateTable('orders')
    .set({ cancelled_at: at })
    .where('factory_id', '=', factoryId)
    .where('id', '=', orderId)
    .execute();
}

/** The current name of a staff user or API key of the factory (undefined when there is none). */
export async function creatorName(
  db: Kysely<DB>,
  factoryId: string,
  ref: { type: 'staff' | 'api_key'; id: string },
): Promise<string | undefined> {
  const row =
    ref.type === 'staff'
      ? await db
          .selectFrom('staff_users')
          .select('name')
          .where('factory_id', '=', factoryId)
          .where('id', '=', ref.id)
          .executeTakeFirst()
      : await db
          .selectFrom('api_keys')
          .select('name')
          .where('factory_id', '=', factoryId)
          .where('id', '=', ref.id)
          .executeTakeFirst();
  return row?.name;
}
