import { normalizeScannedBarcode } from './barcode.js';
import type { PieceStatus } from './order-status.js';
import { TEST_LABEL_LEAD, TEST_LABEL_STRING } from './test-label.js';
import { blankToNull } from './text.js';

/** The kinds of scan. A station's role is one of them: the only kind it may record. */
export const SCAN_EVENTS = ['produce', 'stock', 'dispatch'] as const;
export type ScanEvent = (typeof SCAN_EVENTS)[number];

/**
 * What a paired device is: a station of one scan kind, or a board (`/board` on a TV, DESIGN §16)
 * that reads the floor and records nothing.
 */
export const STATION_ROLES = [...SCAN_EVENTS, 'board'] as const;
export type StationRole = (typeof STATION_ROLES)[number];

/** Why a scan was refused, in the precedence order used when several apply. */
export const REFUSAL_REASONS = [
  'unknown_barcode',
  'label_voided',
  'order_cancelled',
  'written_off',
  'return_open',
  // A dispatch scan into a consignment (DESIGN §15).
  'consignment_closed',
  'wrong_retailer',
  'already_produced',
  'not_produced',
  'already_dispatched',
  'location_required',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** Where an accepted scan of each kind moves its piece. */
export const SCAN_MOVES_TO = {
  produce: 'produced',
  stock: 'in_stock',
  dispatch: 'dispatched',
} as const satisfies Record<ScanEvent, PieceStatus>;

/** What a station read, normalised once, and what it is. */
export interface ScannedBarcode {
  /** The read with the scanner's suffix and control characters trimmed (normalizeScannedBarcode). */
  text: string;
  /** How it is looked up among piece barcodes, which have no lower-case letters (caps lock). */
  key: string;
  /** The test label, read exactly (its mixed case is the point). */
  testLabel: boolean;
  /** The test label, read exactly or not (its first letters read alike on every layout). */
  testLabelRead: boolean;
}

export function readScannedBarcode(raw: string): ScannedBarcode {
  const text = normalizeScannedBarcode(raw);
  const key = text.toUpperCase();
  return {
    text,
    key,
    testLabel: text === TEST_LABEL_STRING,
    testLabelRead: key.startsWith(TEST_LABEL_LEAD),
  };
}

export type ScanDecision =
  | { accepted: true; testLabel: boolean; nextStatus: PieceStatus | null; location: string | null }
  | { accepted: false; reason: RefusalReason };

export type AcceptedScan = Extract<ScanDecision, { accepted: true }>;

export interface ScanInput {
  event: ScanEvent;
  isTestLabel: boolean;
  /** The piece the barcode belongs to; null when no live label carries it. */
  piece: { status: PieceStatus } | null;
  labelVoided: boolean;
  location: string | null;
  stationDefaultLocation: string | null;
  /**
   * A dispatch station's consignment, when it loads into one: whether it is still open and
   * whether the piece's order is the consignment's retailer's. Undefined or null: none.
   */
  consignment?: { open: boolean; sameRetailer: boolean } | null;
}

/**
 * Whether a scan is accepted, and what it does to its piece.
 *
 * Checked in this order, the first that applies wins:
 * 1. the test label: always accepted, touches no piece (`nextStatus` and `location` null);
 * 2. `unknown_barcode`: no piece carries the barcode and it is not a voided label;
 * 3. `label_voided`: the barcode was voided, whatever became of its piece;
 * 4. `order_cancelled`, `written_off`, `return_open` (the piece is `returned`), whatever the role;
 * 5. a dispatch scan into a consignment: `consignment_closed` (closed or cancelled), then
 *    `wrong_retailer` (the piece's order is another retailer's);
 * 6. the role's own rule:
 *    - produce: from `awaiting_production` to `produced`, else `already_produced`. The location is
 *      the scan's own (where it was made), never the station default;
 *    - stock: from `produced`, or from `in_stock` (a move between bays), to `in_stock` at the
 *      scan's location or else the station's default; `not_produced` before production,
 *      `already_dispatched` after dispatch;
 *    - dispatch: from `produced` or `in_stock` to `dispatched`, leaving its bay (location null);
 *      `not_produced` before production, `already_dispatched` after dispatch;
 * 7. `location_required`: a stock scan with no bay from the scan or the station.
 *
 * A blank location counts as none, so an empty field on a device falls back to the default.
 */
export function decideScan(input: ScanInput): ScanDecision {
  if (input.isTestLabel)
    return { accepted: true, testLabel: true, nextStatus: null, location: null };
  if (input.labelVoided) return refuse('label_voided');
  if (input.piece === null) return refuse('unknown_barcode');

  const status = input.piece.status;
  switch (status) {
    case 'cancelled':
      return refuse('order_cancelled');
    case 'written_off':
      return refuse('written_off');
    case 'returned':
      return refuse('return_open');
    case 'awaiting_production':
    case 'produced':
    case 'in_stock':
    case 'dispatched':
      break;
    default:
      return assertNever(status);
  }

  const consignment = input.event === 'dispatch' ? input.consignment : null;
  if (consignment) {
    if (!consignment.open) return refuse('consignment_closed');
    if (!consignment.sameRetailer) return refuse('wrong_retailer');
  }

  switch (input.event) {
    case 'produce':
      if (status !== 'awaiting_production') return refuse('already_produced');
      return accept('produce', blankToNull(input.location));
    case 'stock': {
      if (status === 'awaiting_production') return refuse('not_produced');
      if (status === 'dispatched') return refuse('already_dispatched');
      const location = blankToNull(input.location) ?? blankToNull(input.stationDefaultLocation);
      if (location === null) return refuse('location_required');
      return accept('stock', location);
    }
    case 'dispatch':
      if (status === 'awaiting_production') return refuse('not_produced');
      if (status === 'dispatched') return refuse('already_dispatched');
      return accept('dispatch', null);
    default:
      return assertNever(input.event);
  }
}

/** A scan as it was recorded: enough to tell its decision again (a resent `client_scan_id`). */
export interface RecordedVerdict {
  event: ScanEvent;
  accepted: boolean;
  testLabel: boolean;
  reason: RefusalReason | null;
  location: string | null;
}

/** The decision a recorded scan was: what its answer says again when it is replayed. */
export function recordedDecision(scan: RecordedVerdict): ScanDecision {
  if (!scan.accepted) return refuse(scan.reason!);
  if (scan.testLabel) return { accepted: true, testLabel: true, nextStatus: null, location: null };
  return { ...accept(scan.event, null), location: scan.location };
}

/** A piece's place in production: what a scan changes. */
export interface PieceProgress {
  status: PieceStatus;
  location: string | null;
  produced_at: string | null;
  in_stock_at: string | null;
  dispatched_at: string | null;
}

/**
 * Where a piece is after an accepted scan that moves it (`decision.nextStatus` set) at `at`: its
 * new status, its bay, and the milestone of the move. A move between bays keeps the time the
 * piece first went into stock; a dispatched piece leaves its bay.
 */
export function progressAfterScan(
  piece: Readonly<Omit<PieceProgress, 'status'> & { status: string }>,
  decision: AcceptedScan,
  at: string,
): PieceProgress {
  const { produced_at, in_stock_at, dispatched_at } = piece;
  const { nextStatus: status, location } = decision;
  switch (status) {
    case 'produced':
      return { status, location, produced_at: at, in_stock_at, dispatched_at };
    case 'in_stock': {
      const stocked = piece.status === 'in_stock' ? (in_stock_at ?? at) : at;
      return { status, location, produced_at, in_stock_at: stocked, dispatched_at };
    }
    case 'dispatched':
      return { status, location: null, produced_at, in_stock_at, dispatched_at: at };
    default:
      throw new Error(`a scan cannot move a piece to ${String(status)}`);
  }
}

export const MAX_SHOWN_BARCODE = 24;

const REFUSAL_MESSAGES: Record<RefusalReason, (barcode: string) => string> = {
  unknown_barcode: (b) => `Refused: unknown barcode ${b}`,
  label_voided: (b) => `Refused: label ${b} was voided`,
  order_cancelled: (b) => `Refused: ${b} order cancelled`,
  written_off: (b) => `Refused: ${b} written off`,
  return_open: (b) => `Refused: ${b} has an open return`,
  consignment_closed: (b) => `Refused: ${b}: this consignment is closed`,
  wrong_retailer: (b) => `Refused: ${b} is another retailer's order`,
  already_produced: (b) => `Refused: ${b} already produced`,
  not_produced: (b) => `Refused: ${b} not produced yet`,
  already_dispatched: (b) => `Refused: ${b} already dispatched`,
  // Says how to give it one on the station (the station page's button); ≤ 60 characters as all.
  location_required: (b) => `Refused: ${b} needs a bay: choose one with Change bay`,
};

/**
 * A short sentence for a station's screen ("Produced FD 0000042", "Refused: FD 0000042 already
 * produced"). A long unreadable barcode (a stray QR code, say) is cut short so the sentence fits.
 */
export function scanMessage(decision: ScanDecision, barcode: string): string {
  const shown =
    barcode.length > MAX_SHOWN_BARCODE ? `${barcode.slice(0, MAX_SHOWN_BARCODE - 1)}…` : barcode;
  if (!decision.accepted) return REFUSAL_MESSAGES[decision.reason](shown);
  if (decision.testLabel) return 'Test label read correctly';
  switch (decision.nextStatus) {
    case 'produced':
      return `Produced ${shown}`;
    case 'in_stock':
      return decision.location === null
        ? `In stock: ${shown}`
        : `In stock: ${shown} at ${decision.location}`;
    case 'dispatched':
      return `Dispatched ${shown}`;
    default:
      return `Accepted ${shown}`;
  }
}

function accept(event: ScanEvent, location: string | null): AcceptedScan {
  return { accepted: true, testLabel: false, nextStatus: SCAN_MOVES_TO[event], location };
}

function refuse(reason: RefusalReason): ScanDecision {
  return { accepted: false, reason };
}

function assertNever(value: never): never {
  throw new Error(`unexpected value: ${String(value)}`);
}
