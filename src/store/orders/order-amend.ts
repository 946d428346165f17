import type { Kysely } from 'kysely';
import { insertRows } from '../insert-rows.js';
import type { DB, OrderLineTable, PieceTable } from '../schema.js';

// What PATCH /v1/orders/{id} reads and writes (core/orders/amend-order.ts): an order changed
// before production — its dates, its lines and the pieces they make.

/** A piece as an amendment sees it: its slot, its label, and whether a record refers to it. */
export interface AmendablePiece {
  id: string;
  line_no: number;
  unit_no: number;
  piece_no: number;
  piece_name: string | null;
  barcode: string;
  status: PieceTable['status'];
  label_printed_at: string | null;
  /** A scan (a refused one: nothing was produced) or a voided label names it. */
  referenced: boolean;
}

/** Every piece of the order in slot order (line, unit, piece). */
export async function amendablePieces(db: Kysely<DB>, orderId: string): Promise<AmendablePiece[]> {
  const rows = await db
    .selectFrom('pieces as p')
    .select([
      'p.id',
      'p.line_no',
      'p.unit_no',
      'p.piece_no',
      'p.piece_name',
      'p.barcode',
      'p.status',
      'p.label_printed_at',
    ])
    .select(({ exists, selectFrom, or }) =>
      or([
        exists(selectFrom('scans as s').select('s.id').whereRef('s.piece_id', '=', 'p.id')),
        exists(
          selectFrom('voided_labels as v').select('v.barcode').whereRef('v.piece_id', '=', 'p.id'),
        ),
      ]).as('referenced'),
    )
    .where('p.order_id', '=', orderId)
    .orderBy('p.unit_no')
    .orderBy('p.piece_no')
    .execute();
  return rows.map((r) => ({ ...r, referenced: Boolean(r.referenced) }));
}

/** The order's lines as stored, in line order. */
export function orderLinesOf(db: Kysely<DB>, orderId: string): Promise<OrderLineTable[]> {
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('line_no')
    .execute();
}

/** Replaces the order's lines with these. */
export async function replaceOrderLines(
  db: Kysely<DB>,
  orderId: string,
  lines: readonly OrderLineTable[],
): Promise<void> {
  await db.deleteFrom('order_lines').where('order_id', '=', orderId).execute();
  await insertRows(db, 'order_lines', lines);
}

/** Moves a piece to another slot of the order (and its label, if it changed, to a new barcode). */
export async function moveAmendedPiece(
  db: Kysely<DB>,
  pieceId: string,
  slot: Pick<PieceTable, 'line_no' | 'unit_no' | 'piece_no' | 'piece_name' | 'updated_at'>,
): Promise<void> {
  await db.updateTable('pieces').set(slot).where('id', '=', pieceId).execute();
}

export async function insertPieces(db: Kysely<DB>, pieces: readonly PieceTable[]): Promise<void> {
  await insertRows(db, 'pieces', pieces);
}

/** Deletes pieces nothing refers to (the caller checked). */
export async function deletePieces(db: Kysely<DB>, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .deleteFrom('pieces')
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
}

/**
 * Writes off pieces an amendment dropped that records refer to (or whose label was printed):
 * kept for those records, refused at every station (`written_off`).
 */
export async function writeOffDroppedPieces(
  db: Kysely<DB>,
  ids: readonly string[],
  at: string,
): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable('pieces')
      .set({ status: 'written_off', updated_at: at })
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
}

/** The order's own fields an amendment changes. */
export async function updateAmendedOrder(
  db: Kysely<DB>,
  orderId: string,
  fields: {
    production_date: string | null;
    needed_by: string | null;
    items: string;
    updated_at: string;
  },
): Promise<void> {
  await db.updateTable('orders').set(fields).where('id', '=', orderId).execute();
}
