import type { OrderListItem, PieceView } from '../orders/order-view.js';
import type { RefusalReason, ScanEvent } from '../../domain/scan-rules.js';

/** The answer to POST /v1/scans, and the data of its `scan.recorded` event. */
export interface ScanAnswer {
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
  /** The piece after the scan; for a voided label, the piece it belonged to (new barcode). */
  piece: PieceView | null;
  /** The piece's order after the scan. */
  order: OrderListItem | null;
}

/** The recorded scan, and whether it is the first answer again (a resent `client_scan_id`). */
export interface RecordedScan {
  scan: ScanAnswer;
  /** `scan` as JSON: the event's data, and the HTTP answer, written once. */
  json: string;
  replayed: boolean;
}
