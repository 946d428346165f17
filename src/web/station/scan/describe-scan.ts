import {
  MAX_SHOWN_BARCODE,
  REFUSAL_REASONS,
  type RefusalReason,
} from '../../../domain/scan-rules.js';
import type { ScanAnswer } from '../station-api.js';
import type { StationText } from '../station-i18n.js';

/** One scan as the station shows it, in the verdict and in the list of last scans. */
export interface ShownScan {
  client_scan_id: string;
  barcode: string;
  scanned_at: string;
  /** `sending` until the server answers or the scan is kept for later (`queued`). */
  state: 'sending' | 'queued' | 'accepted' | 'refused';
  /** The sentence, in the station's language when it is shown (or the server's own words). */
  message: StationText;
  /** "Unit 2 of 5 · Piece 1 of 3". */
  piece: StationText | null;
  piece_name: string | null;
  /** "PO-1001 · Northwind Home". */
  order: string | null;
  /** Answered only after waiting through an outage: a refusal then needs the operator's eye. */
  after_outage: boolean;
  /**
   * Who is signed in at the station after this scan (a badge signs in, the sign-out badge out);
   * absent until the server answered (and in lists saved before operators existed).
   */
  operator?: { name: string; language: string } | null;
  /** The scan was a badge that signed its operator in: the verdict greets them. */
  signed_in?: boolean;
}

export const QUEUED_MESSAGE: StationText = { key: 'message.queued' };

/** The catalog's sentence for each refusal reason the server gives (`reason` of the answer). */
const REFUSAL_KEYS: Record<RefusalReason, string> = {
  unknown_barcode: 'refusal.unknown_barcode',
  label_voided: 'refusal.label_voided',
  order_cancelled: 'refusal.order_cancelled',
  written_off: 'refusal.written_off',
  return_open: 'refusal.return_open',
  already_produced: 'refusal.already_produced',
  not_produced: 'refusal.not_produced',
  already_dispatched: 'refusal.already_dispatched',
  location_required: 'refusal.location_required',
  consignment_closed: 'refusal.consignment_closed',
  wrong_retailer: 'refusal.wrong_retailer',
};

function isRefusalReason(reason: string): reason is RefusalReason {
  return (REFUSAL_REASONS as readonly string[]).includes(reason);
}

/**
 * The sentence for an answer in the station's words: a refusal by its reason code, an accepted
 * piece by what the scan did. Anything the catalog does not know (a newer server's reason, a scan
 * that is not of a piece) keeps the server's own sentence.
 */
export function answerText(answer: ScanAnswer): StationText {
  const barcode =
    answer.barcode.length > MAX_SHOWN_BARCODE
      ? `${answer.barcode.slice(0, MAX_SHOWN_BARCODE - 1)}…`
      : answer.barcode;
  if (!answer.accepted) {
    return answer.reason && isRefusalReason(answer.reason)
      ? { key: REFUSAL_KEYS[answer.reason], values: { barcode } }
      : { text: answer.message };
  }
  if (answer.test_label) return { key: 'message.test_label' };
  if (!answer.piece) return { text: answer.message };
  switch (answer.event) {
    case 'produce':
      return { key: 'message.produced', values: { barcode } };
    case 'stock':
      return answer.location === null
        ? { key: 'message.in_stock', values: { barcode } }
        : { key: 'message.in_stock_at', values: { barcode, bay: answer.location } };
    case 'dispatch':
      // Into a consignment, the verdict names it (DESIGN §15).
      return answer.consignment
        ? {
            key: 'message.dispatched_on',
            values: { barcode, consignment: answer.consignment.number },
          }
        : { key: 'message.dispatched', values: { barcode } };
    default:
      return { text: answer.message };
  }
}

/** Where the piece belongs, as its label says it: units count across the order's lines. */
export function pieceLine(answer: ScanAnswer): StationText | null {
  const { piece, order } = answer;
  if (!piece || !order) return null;
  const unitsTotal = order.lines.reduce((sum, line) => sum + line.qty, 0);
  const perUnit = order.lines[piece.line_no - 1]?.pieces_per_unit ?? order.pieces_per_unit;
  return {
    key: 'message.piece_line',
    values: { unit: piece.unit_no, units: unitsTotal, piece: piece.piece_no, pieces: perUnit },
  };
}

export function answered(
  scan: { client_scan_id: string; barcode: string; scanned_at: string },
  answer: ScanAnswer,
  afterOutage: boolean,
): ShownScan {
  return {
    client_scan_id: scan.client_scan_id,
    barcode: answer.barcode,
    scanned_at: scan.scanned_at,
    state: answer.accepted ? 'accepted' : 'refused',
    message: answerText(answer),
    piece: pieceLine(answer),
    piece_name: answer.piece?.piece_name ?? null,
    order: answer.order ? `${answer.order.order_no} · ${answer.order.retailer_name}` : null,
    after_outage: afterOutage,
    operator: answer.operator && { name: answer.operator.name, language: answer.operator.language },
    signed_in:
      answer.accepted &&
      answer.operator !== null &&
      answer.barcode.startsWith('OP ') &&
      !answer.piece,
  };
}

/** Who is signed in at the station: as the newest answered scan says; null: nobody. */
export function signedInOperator(recent: readonly ShownScan[]): ShownScan['operator'] {
  return recent.find((s) => s.operator !== undefined)?.operator ?? null;
}
