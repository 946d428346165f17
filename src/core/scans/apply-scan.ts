import type { StationPrincipal, StationTokens } from '../auth/station-tokens.js';
import { AppError } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import {
  decideScan,
  progressAfterScan,
  recordedDecision,
  scanMessage,
  type ScanDecision,
  type ScannedBarcode,
} from '../../domain/scan-rules.js';
import { blankToNull } from '../../domain/text.js';
import type { ScanTable } from '../../store/schema.js';
import type { PieceMove, PieceRow, ScanRead } from '../../store/scans/scan-rows.js';
import {
  readPiece,
  readScan,
  readScanByClientId,
  voidedLabelPiece,
  type StationLoad,
  writeAcceptedScan,
  writeScan,
  writeScanAndMove,
} from '../../store/scans/scans.repository.js';
import { stampLastScan } from '../../store/stations/last-scan-stamps.js';
import { consignmentOf } from '../../store/consignments/consignments.repository.js';
import { formatConsignmentNumber } from '../../domain/consignment-number.js';
import type { OrderRow } from '../../store/orders/order-rows.js';
import {
  loadOrderListItem,
  toOrderListItem,
  type OrderListItem,
  type PieceView,
} from '../orders/order-view.js';
import {
  announceRecompute,
  countsAfterMove,
  recomputeOrder,
  summarizeOrder,
} from '../orders/recompute-order.js';
import type { Tx } from '../transaction.js';
import {
  stationView,
  type RecordedScan,
  type ScanConsignment,
  type ScanOperator,
  type ScanRecord,
} from './scan-view.js';
import { badgeAnswer, operatorOfScan, readOperator, signInOrOut } from './operator-scan.js';
import { readBadge } from '../../domain/operator-badge.js';

/** A scan as the station sent it, its barcode read once (readScannedBarcode). */
export interface ScanRequest {
  /** What the scan reads first (its station, the piece its barcode names). */
  read: ScanRead;
  barcode: ScannedBarcode;
  location: string | null;
  clientScanId: string | null;
  scannedAt: string | null;
}

const toPieceView = ({ order_id: _order, scanned: _scanned, ...piece }: PieceRow): PieceView => ({
  ...piece,
  status: piece.status,
});

/**
 * Records one scan inside the caller's transaction: checks the station (its token may have been
 * revoked since the request's station was looked up: 401), decides the scan (domain rules),
 * writes the scan row whether accepted or refused, moves the piece, recomputes its order, stamps
 * the station's `last_scan_at` and emits `scan.recorded` with the answer.
 *
 * A `client_scan_id` this station already used answers the scan recorded then and writes nothing.
 *
 * How the reads and writes reach the database (in one statement or several, at once or at the
 * end of a group-commit batch) is the scans repository's business: src/store/scans/.
 */
export async function applyScan(
  tx: Tx,
  remembered: StationPrincipal,
  request: ScanRequest,
  stations: StationTokens,
): Promise<RecordedScan> {
  const factoryId = remembered.factoryId;
  const { testLabel, key } = request.barcode;
  const checked = await readScan(tx, request.read);
  if (!checked) {
    stations.forget(remembered.tokenHash);
    throw new AppError('invalid_token');
  }
  const station: StationPrincipal = {
    ...remembered,
    stationName: checked.stationName,
    defaultLocation: checked.stationDefaultLocation,
  };
  if (
    station.stationName !== remembered.stationName ||
    station.defaultLocation !== remembered.defaultLocation
  ) {
    stations.remember(station);
  }
  const badge = testLabel ? null : readBadge(key);
  if (badge) return signInOrOut(tx, station, request, checked.operator, badge);
  const operator = await operatorOfScan(tx, station, request, checked.operator);
  // The test label is no piece's barcode: what the read found with it is not looked at.
  const found = testLabel ? null : checked.found;
  let piece: PieceRow | undefined = found?.piece;
  const orderRow: OrderRow | undefined = found?.order;
  // A voided label's refusal belongs to the history of the piece it was on.
  const voidedPiece = found || testLabel ? undefined : await voidedLabelPiece(tx, factoryId, key);
  // A label is recorded as printed; anything else as it was read.
  const barcode = piece || voidedPiece ? key : request.barcode.text;

  // A dispatch station loading a consignment (DESIGN §15); a test label loads nothing.
  const load = station.role === 'dispatch' && !testLabel ? checked.load : null;
  const decision = decideScan({
    event: station.role,
    isTestLabel: testLabel,
    piece: piece ? { status: piece.status } : null,
    labelVoided: voidedPiece !== undefined,
    location: request.location,
    stationDefaultLocation: station.defaultLocation,
    consignment: load && {
      open: load.open,
      sameRetailer: orderRow !== undefined && orderRow.retailer_id === load.retailerId,
    },
  });
  piece ??= voidedPiece;

  const row: ScanTable = {
    id: newId('scan', tx.now),
    factory_id: factoryId,
    station_id: station.stationId,
    station_name: station.stationName,
    event: station.role,
    barcode,
    piece_id: piece?.id ?? null,
    order_id: piece?.order_id ?? null,
    accepted: decision.accepted ? 1 : 0,
    reason: decision.accepted ? null : decision.reason,
    // The bay the piece went to, else where the station says it scanned (a dock door, say).
    location: (decision.accepted ? decision.location : null) ?? blankToNull(request.location),
    test_label: testLabel ? 1 : 0,
    client_scan_id: request.clientScanId,
    scanned_at: request.scannedAt,
    at: tx.nowIso,
    consignment_id: load?.consignmentId ?? null,
    handling_unit_id: (decision.accepted && load?.handlingUnit?.id) || null,
    operator_id: operator?.id ?? null,
  };
  let order: OrderListItem | null = null;
  let written: boolean;
  if (piece && decision.accepted && decision.nextStatus !== null) {
    const before = piece;
    piece = { ...before, ...progressAfterScan(before, decision, tx.nowIso), scanned: 1 };
    const move: PieceMove = {
      piece_id: piece.id,
      piece_status: piece.status,
      piece_location: piece.location,
      piece_produced_at: piece.produced_at,
      piece_in_stock_at: piece.in_stock_at,
      piece_dispatched_at: piece.dispatched_at,
      at: tx.nowIso,
    };
    const moved = { from: before.status, to: decision.nextStatus, firstScan: !before.scanned };
    // An accepted scan's piece came with its order's row (a voided label is refused).
    const counted = orderRow && countsAfterMove(orderRow, moved);
    if (orderRow && counted) {
      const planned = summarizeOrder(tx, orderRow, counted);
      written = await writeAcceptedScan(tx, row, move, planned);
      if (written) order = (await announceRecompute(tx, planned)).order;
    } else {
      // Counts that do not add up: the pieces are counted once this one has moved.
      written = await writeScanAndMove(tx, row, move);
      if (written) order = (await recomputeOrder(tx, factoryId, piece.order_id)).order;
    }
  } else {
    written = await writeScan(tx, row);
    if (written && orderRow) {
      order = toOrderListItem(
        orderRow,
        await tx.orderLines.of(tx.trx, factoryId, orderRow.id),
        tx.now,
      );
    } else if (written && piece) {
      order = await loadOrderListItem(tx, factoryId, piece.order_id);
    }
  }
  if (!written) {
    // Nothing was written: the resend is answered as the first scan was.
    const previous =
      request.clientScanId === null
        ? undefined
        : await readScanByClientId(tx.trx, station.stationId, request.clientScanId);
    if (!previous) throw new Error(`scan ${row.id} was not recorded`);
    const scan = stationView(await replayAnswer(tx, previous));
    return { scan, json: JSON.stringify(scan), replayed: true };
  }

  const record = toAnswer(row, decision, piece ?? null, order, load && loadView(load), operator);
  tx.emit(factoryId, 'scan.recorded', record, JSON.stringify(record));
  stampLastScan(tx, station.stationId, tx.nowIso);
  // The station is told less than the event's receivers (scan-view.ts).
  const scan = stationView(record);
  return { scan, json: JSON.stringify(scan), replayed: false };
}

function toAnswer(
  row: ScanTable,
  decision: ScanDecision,
  piece: PieceRow | null,
  order: OrderListItem | null,
  consignment: ScanConsignment | null,
  operator: ScanOperator | null,
): ScanRecord {
  const message = scanMessage(decision, row.barcode);
  return {
    id: row.id,
    object: 'scan',
    accepted: row.accepted === 1,
    reason: row.reason,
    message: consignment && decision.accepted ? `${message} on ${consignment.number}` : message,
    event: row.event,
    barcode: row.barcode,
    location: row.location,
    station: row.station_name,
    station_id: row.station_id,
    client_scan_id: row.client_scan_id,
    scanned_at: row.scanned_at,
    at: row.at,
    test_label: row.test_label === 1,
    operator_id: row.operator_id,
    operator,
    piece: piece ? toPieceView(piece) : null,
    order,
    consignment_id: row.consignment_id,
    handling_unit_id: row.handling_unit_id,
    consignment,
  };
}

/** What the station loads into, as a scan's answer shows it. */
export function loadView(load: StationLoad): ScanConsignment {
  return {
    id: load.consignmentId,
    number: formatConsignmentNumber(load.number),
    retailer_name: load.retailerName,
    open: load.open,
    handling_unit: load.handlingUnit,
  };
}

/**
 * The answer of a scan recorded earlier, for a resent `client_scan_id`: the same scan (id,
 * verdict, message, time), with its piece and order as they are now.
 */
async function replayAnswer(tx: Tx, row: ScanTable): Promise<ScanRecord> {
  const decision = recordedDecision({
    event: row.event,
    accepted: row.accepted === 1,
    testLabel: row.test_label === 1,
    reason: row.reason,
    location: row.location,
  });
  const piece =
    row.piece_id === null ? null : await readPiece(tx.trx, row.factory_id, row.piece_id);
  const order = piece === null ? null : await loadOrderListItem(tx, row.factory_id, piece.order_id);
  const consignment = row.consignment_id === null ? null : await replayedLoad(tx, row);
  const made =
    row.operator_id === null ? null : await readOperator(tx.trx, row.factory_id, row.operator_id);
  const record = toAnswer(row, decision, piece, order, consignment, made);
  // A badge's answer says what it did then: signed its operator in, or out.
  const badge = readBadge(row.barcode);
  if (badge === null) return record;
  return badgeAnswer(record, row, badge === 'badge' && row.reason === null ? made : null);
}

/** The consignment a replayed scan loaded into, as it is now. */
async function replayedLoad(tx: Tx, row: ScanTable): Promise<ScanConsignment | null> {
  const consignment = await consignmentOf(tx.trx, row.factory_id, row.consignment_id!);
  if (!consignment) return null;
  return {
    id: consignment.id,
    number: formatConsignmentNumber(consignment.number),
    retailer_name: consignment.retailer_name,
    open: consignment.status === 'open',
    handling_unit: null,
  };
}
