import type { OrderListItem, PieceView } from '../orders/order-view.js';
import type { RefusalReason, ScanEvent } from '../../domain/scan-rules.js';

/**
 * A scan as recorded, with its piece and order in full: the data of the `scan.recorded` event,
 * which goes to the factory's own receivers (webhooks), who may read every order anyway.
 */
export interface ScanRecord<P = PieceView, O = OrderListItem> {
  id: string;
  object: 'scan';
  accepted: boolean;
  reason: RefusalReason | null;
  /** A short sentence for the station's screen. */
  message: string;
  /** The station's role: the kind of scan it records. */
  event: ScanEvent;
  /** What was read, with the scanner's suffix and control characters trimmed. */
  barcode: string;
  location: string | null;
  /** The station's name; `station_id` carries its id. */
  station: string;
  station_id: string;
  client_scan_id: string | null;
  /** When the station says it read the barcode (scans buffered offline), if it said. */
  scanned_at: string | null;
  /** When the service recorded the scan. */
  at: string;
  test_label: boolean;
  /** The operator the scan is recorded as made by (DESIGN §17): signed in at its station. */
  operator_id: string | null;
  /**
   * Who is signed in at the station after this scan (a badge signs in, the sign-out badge out),
   * with the language the station page speaks to them; null: nobody.
   */
  operator: ScanOperator | null;
  /** The piece after the scan; for a voided label, the piece it belonged to (new barcode). */
  piece: P | null;
  /** The piece's order after the scan. */
  order: O | null;
  /** The consignment a dispatch scan loaded into, or was refused for (DESIGN §15); else null. */
  consignment_id: string | null;
  /** The handling unit (pallet, cage) an accepted scan put the piece on; else null. */
  handling_unit_id: string | null;
  /** What the station loads into now: shown on its screen ("Loading CN 000012 · Northwind"). */
  consignment: ScanConsignment | null;
}

/** A dispatch station's consignment as a scan's answer shows it. */
export interface ScanConsignment {
  id: string;
  /** `CN 000012`. */
  number: string;
  retailer_name: string;
  /** False once it is closed or cancelled: scans into it are refused `consignment_closed`. */
  open: boolean;
  /** The pallet or cage its next pieces go on (the last SSCC label scanned), or null. */
  handling_unit: { id: string; sscc: string } | null;
  /** On the answer to a scan of its number or an SSCC label: pieces loaded on it so far. */
  pieces_loaded?: number;
  /** Likewise: pieces of its orders that could still go on it. */
  pieces_to_load?: number;
}

export interface ScanOperator {
  id: string;
  name: string;
  language: 'en' | 'pl' | 'ro';
}

/** Of the piece scanned, what the station's operator is shown ("Unit 2 of 4 · Piece 1 of 3"). */
export type StationPiece = Pick<
  PieceView,
  'id' | 'barcode' | 'line_no' | 'unit_no' | 'piece_no' | 'piece_name' | 'status'
>;

/**
 * Of the piece's order, what the operator is shown: its number and retailer, and what the piece's
 * unit and piece counts are out of (each line's quantity and pieces per unit). Nothing else: a
 * station token scans any order's pieces, and may learn no more of an order than its label says.
 */
export interface StationOrder {
  order_no: string;
  retailer_name: string;
  pieces_per_unit: number;
  lines: { qty: number; pieces_per_unit: number }[];
}

/** The answer to POST /v1/scans: the scan, with the station's view of its piece and order. */
export type ScanAnswer = ScanRecord<StationPiece, StationOrder>;

/** The station's view of a recorded scan (docs/scanning.md, "What a station is told"). */
export function stationView(scan: ScanRecord): ScanAnswer {
  const { piece, order } = scan;
  return {
    ...scan,
    piece: piece && {
      id: piece.id,
      barcode: piece.barcode,
      line_no: piece.line_no,
      unit_no: piece.unit_no,
      piece_no: piece.piece_no,
      piece_name: piece.piece_name,
      status: piece.status,
    },
    order: order && {
      order_no: order.order_no,
      retailer_name: order.retailer_name,
      pieces_per_unit: order.pieces_per_unit,
      lines: order.lines.map((line) => ({ qty: line.qty, pieces_per_unit: line.pieces_per_unit })),
    },
  };
}

/** The recorded scan, and whether it is the first answer again (a resent `client_scan_id`). */
export interface RecordedScan {
  scan: ScanAnswer;
  /** `scan` as JSON: the HTTP answer, written once. */
  json: string;
  replayed: boolean;
}
