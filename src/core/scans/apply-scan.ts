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
import { dialectOf } from '../../store/dialect.js';
import { PreparedQuery, type Param } from '../../store/prepared-query.js';
import type { PieceTable, ScanTable } from '../../store/schema.js';
import type { OrderRow } from '../orders/order-queries.js';
import {
  loadOrderListItem,
  PIECE_VIEW_COLUMNS,
  toOrderListItem,
  type OrderListItem,
  type PieceView,
} from '../orders/order-view.js';
import {
  announceRecompute,
  countsAfterMove,
  orderSummarySet,
  recomputeOrder,
  summarizeOrder,
  writeOrderSummary,
  type OrderSummary,
  type PlannedSummary,
} from '../orders/recompute-order.js';
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

/**
 * A piece by barcode with its order row, read together: the scan needs both, and the scan's own
 * writes before its recompute (the scan row, the piece) do not touch the order. The order's
 * columns that a piece has too come under other names.
 */
const pieceAndOrderByBarcode = new PreparedQuery(
  (db, p: Param<{ factoryId: string; barcode: string }>) =>
    db
      .selectFrom('pieces as p')
      .innerJoin('orders as o', 'o.id', 'p.order_id')
      .innerJoin('retailers as r', 'r.id', 'o.retailer_id')
      .innerJoin('settings as s', 's.factory_id', 'o.factory_id')
      .select(PIECE_COLUMNS.map((column) => `p.${column}` as const))
      .select([
        'o.factory_id',
        'o.retailer_id',
        'o.order_no',
        'o.status as order_status',
        'o.source',
        'o.production_date',
        'o.needed_by',
        'o.items',
        'o.pieces_total',
        'o.pieces_scanned',
        'o.pieces_awaiting_production',
        'o.pieces_produced',
        'o.pieces_in_stock',
        'o.pieces_dispatched',
        'o.pieces_returned',
        'o.pieces_written_off',
        'o.pieces_cancelled',
        'o.piece_states',
        'o.produced_at as order_produced_at',
        'o.in_stock_at as order_in_stock_at',
        'o.dispatched_at as order_dispatched_at',
        'o.cancelled_at',
        'o.stuck',
        'o.stuck_since',
        'o.created_at',
        'o.updated_at',
        'r.name as retailer_name',
        'r.code as retailer_code',
        's.stuck_after_days',
      ])
      .where('p.factory_id', '=', p('factoryId'))
      .where('p.barcode', '=', p('barcode')),
);

type PieceAndOrderRow = NonNullable<Awaited<ReturnType<typeof pieceAndOrderByBarcode.first>>>;

function splitPieceAndOrder(row: PieceAndOrderRow): { piece: PieceRow; order: OrderRow } {
  const piece: PieceRow = {
    id: row.id,
    barcode: row.barcode,
    line_no: row.line_no,
    unit_no: row.unit_no,
    piece_no: row.piece_no,
    piece_name: row.piece_name,
    status: row.status,
    location: row.location,
    produced_at: row.produced_at,
    in_stock_at: row.in_stock_at,
    dispatched_at: row.dispatched_at,
    label_printed_at: row.label_printed_at,
    order_id: row.order_id,
    scanned: row.scanned,
  };
  const order: OrderRow = {
    id: row.order_id,
    factory_id: row.factory_id,
    retailer_id: row.retailer_id,
    order_no: row.order_no,
    status: row.order_status,
    source: row.source,
    production_date: row.production_date,
    needed_by: row.needed_by,
    items: row.items,
    pieces_total: row.pieces_total,
    pieces_scanned: row.pieces_scanned,
    pieces_awaiting_production: row.pieces_awaiting_production,
    pieces_produced: row.pieces_produced,
    pieces_in_stock: row.pieces_in_stock,
    pieces_dispatched: row.pieces_dispatched,
    pieces_returned: row.pieces_returned,
    pieces_written_off: row.pieces_written_off,
    pieces_cancelled: row.pieces_cancelled,
    piece_states: row.piece_states,
    produced_at: row.order_produced_at,
    in_stock_at: row.order_in_stock_at,
    dispatched_at: row.order_dispatched_at,
    cancelled_at: row.cancelled_at,
    stuck: row.stuck,
    stuck_since: row.stuck_since,
    created_at: row.created_at,
    updated_at: row.updated_at,
    retailer_name: row.retailer_name,
    retailer_code: row.retailer_code,
    stuck_after_days: row.stuck_after_days,
  };
  return { piece, order };
}

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

/** The scan row's values, for the statements that insert it. */
const scanValues = (p: Param<ScanTable>) => ({
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
});

/**
 * Writes nothing when the station already used the `client_scan_id` (the only unique index a
 * new scan can meet): the scan is then a resend, answered from the first.
 */
const insertScan = new PreparedQuery((db, p: Param<ScanTable>) =>
  db
    .insertInto('scans')
    .values(scanValues(p))
    .onConflict((conflict) => conflict.doNothing()),
);

/** Where an accepted scan moves its piece (the piece is the scan row's `piece_id`). */
interface PieceMove {
  piece_id: string;
  piece_status: PieceRow['status'];
  piece_location: string | null;
  piece_produced_at: string | null;
  piece_in_stock_at: string | null;
  piece_dispatched_at: string | null;
  at: string;
}

const pieceMoveSet = (p: Param<PieceMove>) => ({
  status: p('piece_status'),
  location: p('piece_location'),
  produced_at: p('piece_produced_at'),
  in_stock_at: p('piece_in_stock_at'),
  dispatched_at: p('piece_dispatched_at'),
  scanned: 1,
  updated_at: p('at'),
});

const movePieceQuery = new PreparedQuery((db, p: Param<PieceMove>) =>
  db.updateTable('pieces').set(pieceMoveSet(p)).where('id', '=', p('piece_id')),
);

/**
 * PostgreSQL: an accepted scan's three writes in one statement, so one round trip — the scan row
 * (skipped for a resent `client_scan_id`) and, only when it was written, the piece's move and
 * the order's summary. The order's update counts 1 when the scan was written, else 0.
 */
const recordAcceptedScan = new PreparedQuery((db, p: Param<ScanTable & PieceMove & OrderSummary>) =>
  db
    .with('scan', (qc) =>
      qc
        .insertInto('scans')
        .values(scanValues(p))
        .onConflict((conflict) => conflict.doNothing())
        .returning('id'),
    )
    .with('piece', (qc) =>
      qc
        .updateTable('pieces')
        .set(pieceMoveSet(p))
        .where('id', '=', p('piece_id'))
        .where((eb) => eb.exists(eb.selectFrom('scan').select('scan.id'))),
    )
    .updateTable('orders')
    .set(orderSummarySet(p))
    .where('factory_id', '=', p('factory_id'))
    .where('id', '=', p('order_id'))
    .where((eb) => eb.exists(eb.selectFrom('scan').select('scan.id'))),
);

/**
 * Writes an accepted scan, its piece's move and its order's summary; false (and nothing
 * written) when the scan is a resend of a `client_scan_id` the station already used.
 */
async function writeAcceptedScan(
  tx: Tx,
  row: ScanTable,
  move: PieceMove,
  planned: PlannedSummary,
): Promise<boolean> {
  if (dialectOf(tx.trx) === 'postgres') {
    const result = await recordAcceptedScan.execute(tx.trx, { ...row, ...move, ...planned.update });
    return result.numAffectedRows === 1n;
  }
  if ((await insertScan.execute(tx.trx, row)).numAffectedRows === 0n) return false;
  await movePieceQuery.execute(tx.trx, move);
  await writeOrderSummary(tx, planned);
  return true;
}

const toPieceView = ({ order_id: _order, scanned: _scanned, ...piece }: PieceRow): PieceView => ({
  ...piece,
  status: piece.status,
});

/**
 * Records one scan inside the caller's transaction: decides it (domain rules), writes the scan
 * row whether accepted or refused, moves the piece, recomputes its order, stamps the station's
 * `last_scan_at` and emits `scan.recorded` with the answer.
 *
 * A `client_scan_id` this station already used answers the scan recorded then and writes nothing:
 * the scan row's insert finds it (the unique index), so a first scan costs no lookup.
 *
 * Statements of an accepted scan: the piece with its order, then the scan row, the piece and the
 * order (on PostgreSQL these three in one statement); its events and the station's stamp are
 * deferred to the end of the transaction (`Tx.emit`, `Tx.stationScanned`).
 */
export async function applyScan(
  tx: Tx,
  station: StationPrincipal,
  request: ScanRequest,
): Promise<RecordedScan> {
  const { trx } = tx;
  const factoryId = station.factoryId;

  const { testLabel, key } = request.barcode;
  let piece: PieceRow | undefined;
  let orderRow: OrderRow | undefined;
  let voided: { piece_id: string } | undefined;
  if (!testLabel) {
    const found = await pieceAndOrderByBarcode.first(trx, { factoryId, barcode: key });
    if (found) ({ piece, order: orderRow } = splitPieceAndOrder(found));
    else voided = await voidedLabel.first(trx, { factoryId, barcode: key });
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
      written = (await insertScan.execute(trx, row)).numAffectedRows === 1n;
      if (written) {
        await movePieceQuery.execute(trx, move);
        order = (await recomputeOrder(tx, factoryId, piece.order_id)).order;
      }
    }
  } else {
    written = (await insertScan.execute(trx, row)).numAffectedRows === 1n;
    if (written && orderRow) {
      order = toOrderListItem(
        orderRow,
        await tx.orderLines.of(trx, factoryId, orderRow.id),
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
        : await scanByClientId.first(trx, {
            stationId: station.stationId,
            clientScanId: request.clientScanId,
          });
    if (!previous) throw new Error(`scan ${row.id} was not recorded`);
    const scan = await replayAnswer(tx, previous);
    return { scan, json: JSON.stringify(scan), replayed: true };
  }

  tx.stationScanned(station.stationId);

  const scan = toAnswer(row, decision, piece ?? null, order);
  const json = JSON.stringify(scan);
  tx.emit(factoryId, 'scan.recorded', scan, json);
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
