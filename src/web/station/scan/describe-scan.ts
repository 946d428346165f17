import type { ScanAnswer } from '../station-api.js';

/** One scan as the station shows it, in the verdict and in the list of last scans. */
export interface ShownScan {
  client_scan_id: string;
  barcode: string;
  scanned_at: string;
  /** `sending` until the server answers or the scan is kept for later (`queued`). */
  state: 'sending' | 'queued' | 'accepted' | 'refused';
  /** The server's sentence (or ours for a queued scan). */
  message: string;
  /** "Unit 2 of 5 · Piece 1 of 3". */
  piece: string | null;
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

export const QUEUED_MESSAGE =
  'The server does not answer. The scan is kept on this device and will be sent when it does.';

/** Where the piece belongs, as its label says it: units count across the order's lines. */
export function pieceLine(answer: ScanAnswer): string | null {
  const { piece, order } = answer;
  if (!piece || !order) return null;
  const unitsTotal = order.lines.reduce((sum, line) => sum + line.qty, 0);
  const perUnit = order.lines[piece.line_no - 1]?.pieces_per_unit ?? order.pieces_per_unit;
  return `Unit ${piece.unit_no} of ${unitsTotal} · Piece ${piece.piece_no} of ${perUnit}`;
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
    message: answer.message,
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
