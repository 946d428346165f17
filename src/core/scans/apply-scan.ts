import type { Principal } from '../auth/principal.js';
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
import { PreparedQuery, type Param } from '../../store/prepared-query.js';
import type { PieceTable, ScanTable } from '../../store/schema.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import {
  loadOrderListItem,
  PIECE_VIEW_COLUMNS,
  type OrderListItem,
  type PieceView,
} from '../orders/order-view.js';
import { recomputeOrder } from '../orders/recompute-order.js';
import type { Tx } from '../transaction.js';
import type { RecordedScan, ScanAnswer } from './scan-view.js';

export type StationPrincipal = Extract<Principal, { kind: 'station' }>;

/** A scan as the station sent it, its barcode read once (readScannedBarcode). */
export interface ScanRequest {
  barcode: ScannedBarcode;
  location: string | null;
  clientScanId: string | null;
  scannedAt: string | null;
}

/** Thrown when another transaction recorded the same `client_scan_id` first (the caller retries). */
export class ClientScanIdTaken extends Error {
  constructor() {
    super('client_scan_id recorded concurrently');
  }
}

/** A piece as the scan answer shows it, plus its order and whether it was ever scanned. */
const PIECE_COLUMNS = [...PIECE_VIEW_COLUMNS, 'order_id', 'scanned'] as const;

type PieceRow = Pick<PieceTable, (typeof PIECE_COLUMNS)[number]>;

// The statements of a scan, prepared once: a scan is a handful of small statements, and
// building each query anew would cost as much as running it.

const scanByClientId = new PreparedQuery(
  (db, p: Param<{ stationId: string; clientScanId: string }>) =>
    db
      .selectFrom('scans')
      .selectAll()
      .where('station_id', '=', p('stationId'))
      .where('client_scan_id', '=', p('clientScanId')),
);

const pieceByBarcode = new PreparedQuery((db, p: Param<{ factoryId: string; barcode: string }>) =>
  db
    .selectFrom('pieces')
    .select(PIECE_COLUMNS)
    .where('factory_id', '=', p('factoryId'))
    .where('barcode', '=', p('barcode')),
);

const voidedLabel = new PreparedQuery((db, p: Param<{ factoryId: string; barcode: string }>) =>
  db
    .selectFrom('voided_labels')
    .select('piece_id')
    .where('factory_id', '=', p('factoryId'))
    .where('barcode', '=', p('barcode')),
);

const pieceById = new PreparedQuery((db, p: Param<{ factoryId: string; pieceId: string }>) =>
  db
    .selectFrom('pieces')
    .select(PIECE_COLUMNS)
    .where('factory_id', '=', p('factoryId'))
    .where('id', '=', p('pieceId')),
);

const insertScan = new PreparedQuery((db, p: Param<ScanTable>) =>
  db.insertInto('scans').values({
    id: p('id'),
    factory_id: p('factory_id'),
    station_id: p('station_id'),
    station_name: p('station_name'),
    event: p('event'),
    barcode: p('barcode'),
    piece_id: p('piece_id'),
    order_id: p('order_id'),
    accepted: p('accepted'),
    reason: p('reason'),
    location: p('location'),
    test_label: p('test_label'),
    client_scan_id: p('client_scan_id'),
    scanned_at: p('scanned_at'),
    at: p('at'),
  }),
);

type PieceMove = Pick<
  PieceRow,
  'id' | 'status' | 'location' | 'produced_at' | 'in_stock_at' | 'dispatched_at'
> & { at: string };

const movePieceQuery = new PreparedQuery((db, p: Param<PieceMove>) =>
  db
    .updateTable('pieces')
    .set({
      status: p('status'),
      location: p('location'),
      produced_at: p('produced_at'),
      in_stock_at: p('in_stock_at'),
      dispatched_at: p('dispatched_at'),
      scanned: 1,
      updated_at: p('at'),
    })
    .where('id', '=', p('id')),
);

const stampStation = new PreparedQuery((db, p: Param<{ stationId: string; at: string }>) =>
  db
    .updateTable('stations')
    .set({ last_scan_at: p('at') })
    .where('id', '=', p('stationId')),
);

const toPieceView = ({ order_id: _order, scanned: _scanned, ...piece }: PieceRow): PieceView => ({
  ...piece,
  status: piece.status,
});

/**
 * Records one scan inside the caller's transaction: decides it (domain rules), writes the scan
 * row whether accepted or refused, moves the piece, recomputes its order, stamps the station's
 * `last_scan_at` and emits `scan.recorded` with the answer.
 *
 * A `client_scan_id` this station already used answers the scan recorded then and writes nothing.
 */
export async function applyScan(
  tx: Tx,
  station: StationPrincipal,
  request: ScanRequest,
): Promise<RecordedScan> {
  const { trx } = tx;
  const factoryId = station.factoryId;

  if (request.clientScanId !== null) {
    const previous = await scanByClientId.first(trx, {
      stationId: station.stationId,
      clientScanId: request.clientScanId,
    });
    if (previous) {
      const scan = await replayAnswer(tx, previous);
      return { scan, json: JSON.stringify(scan), replayed: true };
    }
  }

  const { testLabel, key } = request.barcode;
  let piece: PieceRow | undefined;
  let voided: { piece_id: string } | undefined;
  if (!testLabel) {
    piece = await pieceByBarcode.first(trx, { factoryId, barcode: key });
    if (!piece) voided = await voidedLabel.first(trx, { factoryId, barcode: key });
  }
  // A label is recorded as printed; anything else as it was read.
  const barcode = piece || voided ? key : request.barcode.text;

  const decision = decideScan({
    event: station.role,
    isTestLabel: testLabel,
    piece: piece ? { status: piece.status } : null,
    labelVoided: voided !== undefined,
    location: request.location,
    stationDefaultLocation: station.defaultLocation,
  });

  // A voided label's refusal belongs to the history of the piece it was on.
  if (voided) {
    piece = await pieceById.one(trx, { factoryId, pieceId: voided.piece_id });
  }

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
  };
  try {
    await insertScan.execute(trx, row);
  } catch (err) {
    if (request.clientScanId !== null && isUniqueViolation(err)) throw new ClientScanIdTaken();
    throw err;
  }

  let order: OrderListItem | null = null;
  if (piece && decision.accepted && decision.nextStatus !== null) {
    const before = piece;
    piece = { ...before, ...progressAfterScan(before, decision, tx.nowIso), scanned: 1 };
    await movePieceQuery.execute(trx, { ...piece, at: tx.nowIso });
    order = (
      await recomputeOrder(tx, factoryId, piece.order_id, {
        from: before.status,
        to: decision.nextStatus,
        firstScan: !before.scanned,
      })
    ).order;
  } else if (piece) {
    order = await loadOrderListItem(tx, factoryId, piece.order_id);
  }

  await stampStation.execute(trx, { stationId: station.stationId, at: tx.nowIso });

  const scan = toAnswer(row, decision, piece ?? null, order);
  const json = JSON.stringify(scan);
  await tx.emit(factoryId, 'scan.recorded', scan, json);
  return { scan, json, replayed: false };
}

function toAnswer(
  row: ScanTable,
  decision: ScanDecision,
  piece: PieceRow | null,
  order: OrderListItem | null,
): ScanAnswer {
  return {
    id: row.id,
    object: 'scan',
    accepted: row.accepted === 1,
    reason: row.reason,
    message: scanMessage(decision, row.barcode),
    event: row.event,
    barcode: row.barcode,
    location: row.location,
    station: row.station_name,
    station_id: row.station_id,
    client_scan_id: row.client_scan_id,
    scanned_at: row.scanned_at,
    at: row.at,
    test_label: row.test_label === 1,
    piece: piece ? toPieceView(piece) : null,
    order,
  };
}

/**
 * The answer of a scan recorded earlier, for a resent `client_scan_id`: the same scan (id,
 * verdict, message, time), with its piece and order as they are now.
 */
async function replayAnswer(tx: Tx, row: ScanTable): Promise<ScanAnswer> {
  const decision = recordedDecision({
    event: row.event,
    accepted: row.accepted === 1,
    testLabel: row.test_label === 1,
    reason: row.reason,
    location: row.location,
  });
  const piece =
    row.piece_id === null
      ? null
      : await pieceById.one(tx.trx, { factoryId: row.factory_id, pieceId: row.piece_id });
  const order = piece === null ? null : await loadOrderListItem(tx, row.factory_id, piece.order_id);
  return toAnswer(row, decision, piece, order);
}
