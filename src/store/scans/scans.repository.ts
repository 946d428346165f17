import type { Transaction } from 'kysely';
// The orders' row type and summary write are still in core (until the orders repository holds them).
import type { OrderRow } from '../orders/order-rows.js';
import { writeOrderSummary, type OrderSummary } from '../orders/order-summary.js';
import { dialectOf } from '../dialect.js';
import type { DB, ScanTable } from '../schema.js';
import type { StoreTx } from '../unit-of-work.js';
import type { ReadAhead } from '../write-behind.js';
import type { PieceMove, PieceRow, ScanRead } from './scan-rows.js';
import {
  foundPieceAndOrder,
  insertScan,
  movePieceQuery,
  pieceById,
  recordAcceptedScan,
  scanByClientId,
  stationPieceAndOrder,
  type StationPieceAndOrderRow,
  stationPieceOrderAndResend,
  voidedLabel,
} from './scan-statements.js';
import { scanWriteBehind } from './scan-write-behind.js';

// The scans' repository: what a scan reads and writes. Inside a group-commit batch on PostgreSQL
// a scan's writes wait for the batch's end and its reads see through what the batch holds
// (scan-write-behind.ts); a caller cannot tell, but for the statements it costs.

/** What a scan's request reads first, for the group committer to read for its batch at once. */
export function scanReadAhead(read: ScanRead): ReadAhead<ScanRead> {
  return { kind: scanWriteBehind, read };
}

/** What a scan found first: its station as it is now, the piece its barcode names, its order. */
export interface ScanFound {
  stationName: string;
  stationDefaultLocation: string | null;
  /** What a dispatch station loads into (DESIGN §15), as it is now; null when nothing. */
  load: StationLoad | null;
  /** Who is signed in at the station (DESIGN §17), as the station's row says; null: nobody. */
  operator: StationOperator | null;
  /**
   * The piece and its order as this transaction has left them; null when the barcode is no
   * piece's, or its order is one an upload still hides.
   */
  found: { piece: PieceRow; order: OrderRow } | null;
}

/**
 * The scanning station, checked, with the scanned piece and its order when there is one: one
 * statement, or none when the batch read for its scans at once. Null when the station's token no
 * longer stands (revoked, or the station paired again). The station's name and default location
 * are read here, so a rename counts from the next scan.
 *
 * A resent `client_scan_id` is answered from its first scan, which must be read back: in a batch
 * that holds its writes, the batch is written first and this scan writes at once.
 */
export async function readScan(tx: StoreTx, read: ScanRead): Promise<ScanFound | null> {
  const held = tx.unit.behind(scanWriteBehind);
  if (!held) {
    const row = await stationPieceAndOrder.first(tx.trx, read);
    if (!row) return null;
    const found = foundPieceAndOrder(row);
    return { ...stationOf(row), found };
  }
  // Null from the batch's read: the station no longer stands.
  const together = held.readOf(read);
  const row =
    together !== undefined ? together : await stationPieceOrderAndResend.first(tx.trx, read);
  if (!row) return null;
  const found = foundPieceAndOrder(row);
  const seen = found && { piece: held.piece(found.piece), order: held.order(found.order) };
  const { clientScanId } = read;
  if (
    row.resent_scan_id !== null ||
    (clientScanId !== null && held.holdsClientScanId(read.stationId, clientScanId))
  ) {
    await tx.unit.writeAtOnce();
  }
  return { ...stationOf(row), found: seen };
}

/** A station's consignment and handling unit, read with its scan. */
export interface StationLoad {
  consignmentId: string;
  number: number;
  open: boolean;
  retailerId: string;
  retailerName: string;
  handlingUnit: { id: string; sscc: string } | null;
}

/** The operator signed in at a station, and what tells whether they still are. */
export interface StationOperator {
  id: string;
  name: string;
  language: 'en' | 'pl' | 'ro';
  since: string;
  lastScanAt: string | null;
  idleMinutes: number | null;
}

const stationOf = (row: StationPieceAndOrderRow): Omit<ScanFound, 'found'> => ({
  stationName: row.station_name,
  stationDefaultLocation: row.station_default_location,
  load:
    row.load_consignment_id === null
      ? null
      : {
          consignmentId: row.load_consignment_id,
          number: row.load_number!,
          open: row.load_status === 'open',
          retailerId: row.load_retailer_id!,
          retailerName: row.load_retailer_name!,
          handlingUnit:
            row.load_unit_id === null ? null : { id: row.load_unit_id, sscc: row.load_unit_sscc! },
        },
  operator:
    row.station_operator_id === null || row.operator_name === null
      ? null
      : {
          id: row.station_operator_id,
          name: row.operator_name,
          language: row.operator_language ?? 'en',
          since: row.station_operator_since ?? row.station_last_scan_at ?? '',
          lastScanAt: row.station_last_scan_at,
          idleMinutes:
            row.operator_idle_minutes === null ? null : Number(row.operator_idle_minutes),
        },
});

/**
 * The piece a voided label was on, read anew (what the batch holds is written first, and the
 * scan writes at once from then on); undefined when the barcode is no voided label.
 */
export async function voidedLabelPiece(
  tx: StoreTx,
  factoryId: string,
  barcode: string,
): Promise<PieceRow | undefined> {
  const voided = await voidedLabel.first(tx.trx, { factoryId, barcode });
  if (!voided) return undefined;
  await tx.unit.writeAtOnce();
  return readPiece(tx.trx, factoryId, voided.piece_id);
}

/**
 * A piece by id, for a voided label's piece or a recorded scan's: no hidden order's piece is
 * either, as voiding and scanning do not find those pieces.
 */
export function readPiece(
  trx: Transaction<DB>,
  factoryId: string,
  pieceId: string,
): Promise<PieceRow> {
  return pieceById.one(trx, { factoryId, pieceId });
}

/** The scan a station recorded with this `client_scan_id`, if any. */
export function readScanByClientId(
  trx: Transaction<DB>,
  stationId: string,
  clientScanId: string,
): Promise<ScanTable | undefined> {
  return scanByClientId.first(trx, { stationId, clientScanId });
}

/**
 * Records a scan that moves no piece. False (nothing written) when it is a resend of a
 * `client_scan_id` the station already used (the scan row's unique index finds it, so a first
 * scan costs no lookup).
 */
export async function writeScan(tx: StoreTx, row: ScanTable): Promise<boolean> {
  const held = tx.unit.behind(scanWriteBehind);
  if (held) {
    held.add(row);
    return true;
  }
  return (await insertScan.execute(tx.trx, row)).numAffectedRows === 1n;
}

/**
 * Records an accepted scan, its piece's move and its order's summary (`planned`); false (and
 * nothing written) when the scan is a resend. PostgreSQL writes the three in one statement.
 */
export async function writeAcceptedScan(
  tx: StoreTx,
  row: ScanTable,
  move: PieceMove,
  planned: { row: OrderRow; update: OrderSummary },
): Promise<boolean> {
  const held = tx.unit.behind(scanWriteBehind);
  if (held) {
    held.add(row, { move, next: { ...planned.row, ...planned.update } });
    return true;
  }
  const { trx } = tx;
  if (dialectOf(trx) === 'postgres') {
    const result = await recordAcceptedScan.execute(trx, { ...row, ...move, ...planned.update });
    return result.numAffectedRows === 1n;
  }
  if ((await insertScan.execute(trx, row)).numAffectedRows === 0n) return false;
  await movePieceQuery.execute(trx, move);
  await writeOrderSummary(trx, planned.row, planned.update);
  return true;
}

/**
 * Records an accepted scan and its piece's move at once (what the batch holds first), so that
 * its order can then be counted again from its pieces as they are; false when it is a resend.
 */
export async function writeScanAndMove(
  tx: StoreTx,
  row: ScanTable,
  move: PieceMove,
): Promise<boolean> {
  await tx.unit.writeAtOnce();
  if ((await insertScan.execute(tx.trx, row)).numAffectedRows === 0n) return false;
  await movePieceQuery.execute(tx.trx, move);
  return true;
}
