import type { Kysely } from 'kysely';
import type { DB, PieceTable, ScanTable } from '../schema.js';

// An order's pieces and scans, as its answers read them. Callers pass an order they found
// visible (order-rows.ts), so no hidden order's pieces are read.

/** The piece columns a PieceView is made of. */
export const PIECE_VIEW_COLUMNS = [
  'id',
  'barcode',
  'line_no',
  'unit_no',
  'piece_no',
  'piece_name',
  'status',
  'location',
  'produced_at',
  'in_stock_at',
  'dispatched_at',
  'label_printed_at',
] as const;

export type PieceViewRow = Pick<PieceTable, (typeof PIECE_VIEW_COLUMNS)[number]>;

/** Up to `limit` of an order's pieces by unit, then piece, after the piece `after` if given. */
export function orderPiecesPage(
  db: Kysely<DB>,
  factoryId: string,
  orderId: string,
  after: { unit_no: number; piece_no: number } | undefined,
  limit: number,
): Promise<PieceViewRow[]> {
  return db
    .selectFrom('pieces')
    .select(PIECE_VIEW_COLUMNS)
    .where('order_id', '=', orderId)
    .where('factory_id', '=', factoryId)
    .$if(after !== undefined, (qb) =>
      qb.where((eb) =>
        eb(eb.refTuple('unit_no', 'piece_no'), '>', eb.tuple(after!.unit_no, after!.piece_no)),
      ),
    )
    .orderBy('unit_no')
    .orderBy('piece_no')
    .limit(limit)
    .execute();
}

/** A scan of an order as its answer shows it (`station` is the station's name then). */
export type OrderScanRow = Pick<
  ScanTable,
  'id' | 'event' | 'accepted' | 'reason' | 'location' | 'station_id' | 'barcode' | 'piece_id'
> &
  Pick<ScanTable, 'scanned_at' | 'at' | 'consignment_id' | 'handling_unit_id' | 'operator_id'> & {
    station: string;
    /** The operator's name now (DESIGN §17), null when the scan had none. */
    operator_name: string | null;
  };

/** Up to `limit` of an order's scans, oldest first, after the scan id `after` if given. */
export function orderScansPage(
  db: Kysely<DB>,
  factoryId: string,
  orderId: string,
  after: string | undefined,
  limit: number,
): Promise<OrderScanRow[]> {
  return db
    .selectFrom('scans')
    .select([
      'id',
      'event',
      'accepted',
      'reason',
      'location',
      'station_name as station',
      'station_id',
      'barcode',
      'piece_id',
      'scanned_at',
      'at',
      'consignment_id',
      'handling_unit_id',
      'operator_id',
    ])
    .select((eb) =>
      eb
        .selectFrom('operators')
        .select('operators.name')
        .whereRef('operators.id', '=', 'scans.operator_id')
        .as('operator_name'),
    )
    .where('order_id', '=', orderId)
    .where('factory_id', '=', factoryId)
    .$if(after !== undefined, (qb) => qb.where('id', '>', after!))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Every piece of an order as the retailer portal shows it, by unit, then piece. */
export function portalPiecesOf(db: Kysely<DB>, factoryId: string, orderId: string) {
  return db
    .selectFrom('pieces')
    .select([
      'id',
      'barcode',
      'line_no',
      'unit_no',
      'piece_no',
      'piece_name',
      'status',
      'scanned',
      'produced_at',
      'in_stock_at',
      'dispatched_at',
    ])
    .where('factory_id', '=', factoryId)
    .where('order_id', '=', orderId)
    .orderBy('unit_no')
    .orderBy('piece_no')
    .execute();
}
