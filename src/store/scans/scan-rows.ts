import type { PieceTable } from '../schema.js';
// The piece's columns as answers show them are still named by the orders' view in core.
import { PIECE_VIEW_COLUMNS } from '../orders/order-pieces.js';

/** A piece as the scan answer shows it, plus its order and whether it was ever scanned. */
export const PIECE_COLUMNS = [...PIECE_VIEW_COLUMNS, 'order_id', 'scanned'] as const;

export type PieceRow = Pick<PieceTable, (typeof PIECE_COLUMNS)[number]>;

/** What a scan reads first: its station, checked, and the piece its barcode names. */
export interface ScanRead {
  factoryId: string;
  stationId: string;
  tokenHash: string;
  barcode: string;
  clientScanId: string | null;
}

/** Where an accepted scan moves its piece (the piece is the scan row's `piece_id`). */
export interface PieceMove {
  piece_id: string;
  piece_status: PieceRow['status'];
  piece_location: string | null;
  piece_produced_at: string | null;
  piece_in_stock_at: string | null;
  piece_dispatched_at: string | null;
  at: string;
}
