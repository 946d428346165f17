import { sql, type InferResult, type Kysely } from 'kysely';
// The orders' statements and row types are still in core (until the orders repository holds them).
import type { OrderRow } from '../orders/order-rows.js';
import { orderSummarySet, type OrderSummary } from '../orders/order-summary.js';
import { orderIsVisible } from '../orders/order-visibility.js';
import { PreparedQuery, type Param } from '../prepared-query.js';
import type { DB, ScanTable } from '../schema.js';
import { PIECE_COLUMNS, type PieceMove, type PieceRow, type ScanRead } from './scan-rows.js';

// The statements of a scan, prepared once: a scan is a handful of small statements, and
// building each query anew would cost as much as running it.

export const scanByClientId = new PreparedQuery(
  (db, p: Param<{ stationId: string; clientScanId: string }>) =>
    db
      .selectFrom('scans')
      .selectAll()
      .where('station_id', '=', p('stationId'))
      .where('client_scan_id', '=', p('clientScanId')),
);

/**
 * Pieces by barcode with their order rows, read together: the scan needs both, and the scan's own
 * writes before its recompute (the scan row, the piece) do not touch the order. The order's
 * columns that a piece has too come under other names. A piece of an order an upload still hides
 * is not found, so its barcode is refused as unknown and nothing of the order changes (as in
 * `selectOrderRows`, the condition is checked on the order row the join reads anyway).
 */
function selectPiecesAndOrders(db: Kysely<DB>) {
  return db
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
      'o.created_by',
      'o.created_at',
      'o.updated_at',
      'r.name as retailer_name',
      'r.code as retailer_code',
      's.stuck_after_days',
    ])
    .where(orderIsVisible('o'));
}

type PieceAndOrderRow = InferResult<ReturnType<typeof selectPiecesAndOrders>>[number];

/**
 * The scanning station, checked, with the scanned piece and its order when there is one: one
 * statement (one round trip on PostgreSQL). No row means the station's token no longer stands —
 * revoked, or the station paired again — and the scan is refused as unauthenticated, whatever
 * the request's station was remembered as (station-tokens.ts). The station's name and default
 * location are read here, so a rename counts from the next scan.
 */
export const stationPieceAndOrder = new PreparedQuery((db, p: Param<StationPieceAndOrderParams>) =>
  stationPieceAndOrderQuery(db, p),
);

type StationPieceAndOrderParams = Omit<ScanRead, 'clientScanId'>;

function stationPieceAndOrderQuery(db: Kysely<DB>, p: Param<StationPieceAndOrderParams>) {
  return (
    db
      .selectFrom('stations as st')
      .leftJoin(
        selectPiecesAndOrders(db)
          .where('p.factory_id', '=', p('factoryId'))
          .where('p.barcode', '=', p('barcode'))
          .as('po'),
        (join) => join.onTrue(),
      )
      // What a dispatch station loads into (DESIGN §15): joined by primary key, nothing when unset.
      .leftJoin('consignments as c', 'c.id', 'st.consignment_id')
      .leftJoin('retailers as cr', 'cr.id', 'c.retailer_id')
      .leftJoin('handling_units as hu', 'hu.id', 'st.handling_unit_id')
      // The operator signed in at the station (DESIGN §17), and the factory's idle sign-out.
      .leftJoin('operators as op', (join) =>
        join.onRef('op.id', '=', 'st.operator_id').onRef('op.factory_id', '=', 'st.factory_id'),
      )
      .leftJoin('settings as ss', 'ss.factory_id', 'st.factory_id')
      .select(['st.name as station_name', 'st.default_location as station_default_location'])
      .select([
        'st.operator_id as station_operator_id',
        'st.operator_since as station_operator_since',
        'st.last_scan_at as station_last_scan_at',
        'op.name as operator_name',
        'op.language as operator_language',
        'ss.operator_idle_minutes as operator_idle_minutes',
      ])
      .select([
        'c.id as load_consignment_id',
        'c.number as load_number',
        'c.status as load_status',
        'c.retailer_id as load_retailer_id',
        'cr.name as load_retailer_name',
        'hu.id as load_unit_id',
        'hu.sscc as load_unit_sscc',
      ])
      .selectAll('po')
      .where('st.factory_id', '=', p('factoryId'))
      .where('st.id', '=', p('stationId'))
      .where('st.token_hash', '=', p('tokenHash'))
      .where('st.revoked_at', 'is', null)
  );
}

/**
 * `stationPieceAndOrder`, and the id of the scan the station already sent with this
 * `client_scan_id` (null when none, or when the scan has none): for a scan whose writes wait for
 * the end of its batch (scan-write-behind.ts), which cannot learn from its own insert that it is a
 * resend.
 */
export const stationPieceOrderAndResend = new PreparedQuery((db, p: Param<ScanRead>) =>
  stationPieceAndOrderQuery(db, p).select((eb) =>
    eb
      .selectFrom('scans as sc')
      .select('sc.id')
      .where('sc.station_id', '=', p('stationId'))
      .where('sc.client_scan_id', '=', p('clientScanId'))
      .as('resent_scan_id'),
  ),
);

/** `stationPieceAndOrder`'s row. */
export type StationPieceAndOrderRow = NonNullable<
  Awaited<ReturnType<typeof stationPieceAndOrder.first>>
>;

/** `stationPieceOrderAndResend`'s row. */
export type ScanReadRow = StationPieceAndOrderRow & { resent_scan_id: string | null };

interface ScanReads {
  factoryIds: string[];
  stationIds: string[];
  tokenHashes: string[];
  barcodes: string[];
  clientScanIds: (string | null)[];
}

/**
 * PostgreSQL: `stationPieceOrderAndResend` for all the scans of a batch, in one statement (one
 * round trip for the batch): a row for each scan whose station stands, `n` its place (from 1).
 */
const stationPiecesOrdersAndResends = new PreparedQuery((db, p: Param<ScanReads>) => {
  const pieces = selectPiecesAndOrders(db)
    .where((eb) => eb(eb.ref('p.factory_id'), '=', sql<string>`k.factory_id collate "C"`))
    .where((eb) => eb(eb.ref('p.barcode'), '=', sql<string>`k.barcode collate "C"`));
  const query = sql<ScanReadRow & { n: number }>`
    select k.n::integer as n, st.name as station_name,
      st.default_location as station_default_location,
      c.id as load_consignment_id, c.number as load_number, c.status as load_status,
      c.retailer_id as load_retailer_id, cr.name as load_retailer_name,
      hu.id as load_unit_id, hu.sscc as load_unit_sscc,
      st.operator_id as station_operator_id, st.operator_since as station_operator_since,
      st.last_scan_at as station_last_scan_at, op.name as operator_name,
      op.language as operator_language, ss.operator_idle_minutes as operator_idle_minutes, po.*,
      (select sc.id from scans sc
        where sc.station_id = k.station_id collate "C"
          and sc.client_scan_id = k.client_scan_id collate "C") as resent_scan_id
    from unnest(${p('factoryIds')}::text[], ${p('stationIds')}::text[], ${p('tokenHashes')}::text[],
      ${p('barcodes')}::text[], ${p('clientScanIds')}::text[])
      with ordinality as k(factory_id, station_id, token_hash, barcode, client_scan_id, n)
    join stations st on st.factory_id = k.factory_id collate "C"
      and st.id = k.station_id collate "C" and st.token_hash = k.token_hash collate "C"
      and st.revoked_at is null
    left join consignments c on c.id = st.consignment_id
    left join retailers cr on cr.id = c.retailer_id
    left join handling_units hu on hu.id = st.handling_unit_id
    left join operators op on op.id = st.operator_id and op.factory_id = st.factory_id
    left join settings ss on ss.factory_id = st.factory_id
    left join lateral (${pieces}) po on true`;
  return { compile: () => query.compile(db) };
});

/**
 * Reads for these scans together: for each, its row, or null when its station no longer
 * stands (as `stationPieceOrderAndResend` finds no row).
 */
export async function readScans(
  trx: Kysely<DB>,
  reads: readonly ScanRead[],
): Promise<Array<ScanReadRow | null>> {
  const rows = await stationPiecesOrdersAndResends.all(trx, {
    factoryIds: reads.map((r) => r.factoryId),
    stationIds: reads.map((r) => r.stationId),
    tokenHashes: reads.map((r) => r.tokenHash),
    barcodes: reads.map((r) => r.barcode),
    clientScanIds: reads.map((r) => r.clientScanId),
  });
  const found: Array<ScanReadRow | null> = reads.map(() => null);
  for (const { n, ...row } of rows) found[n - 1] = row;
  return found;
}

/** The piece and order of a station's row, or null when the barcode is no piece's. */
export function foundPieceAndOrder(
  row: StationPieceAndOrderRow,
): { piece: PieceRow; order: OrderRow } | null {
  // Every column of the left-joined side is null together, and only when nothing was found; when
  // the piece's id is there, they hold the inner join's values.
  return row.id === null ? null : splitPieceAndOrder(row as PieceAndOrderRow);
}

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
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
    retailer_name: row.retailer_name,
    retailer_code: row.retailer_code,
    stuck_after_days: row.stuck_after_days,
  };
  return { piece, order };
}

export const voidedLabel = new PreparedQuery(
  (db, p: Param<{ factoryId: string; barcode: string }>) =>
    db
      .selectFrom('voided_labels')
      .select('piece_id')
      .where('factory_id', '=', p('factoryId'))
      .where('barcode', '=', p('barcode')),
);

/**
 * A piece by id, for a voided label's piece or a recorded scan's: no hidden order's piece is
 * either, as voiding and scanning do not find those pieces.
 */
export const pieceById = new PreparedQuery((db, p: Param<{ factoryId: string; pieceId: string }>) =>
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
  consignment_id: p('consignment_id'),
  handling_unit_id: p('handling_unit_id'),
  operator_id: p('operator_id'),
});

/**
 * Writes nothing when the station already used the `client_scan_id` (the only unique index a
 * new scan can meet): the scan is then a resend, answered from the first.
 */
export const insertScan = new PreparedQuery((db, p: Param<ScanTable>) =>
  db
    .insertInto('scans')
    .values(scanValues(p))
    .onConflict((conflict) => conflict.doNothing()),
);

const pieceMoveSet = (p: Param<PieceMove>) => ({
  status: p('piece_status'),
  location: p('piece_location'),
  produced_at: p('piece_produced_at'),
  in_stock_at: p('piece_in_stock_at'),
  dispatched_at: p('piece_dispatched_at'),
  scanned: 1,
  updated_at: p('at'),
});

export const movePieceQuery = new PreparedQuery((db, p: Param<PieceMove>) =>
  db.updateTable('pieces').set(pieceMoveSet(p)).where('id', '=', p('piece_id')),
);

/**
 * PostgreSQL: an accepted scan's three writes in one statement, so one round trip — the scan row
 * (skipped for a resent `client_scan_id`) and, only when it was written, the piece's move and
 * the order's summary. The order's update counts 1 when the scan was written, else 0.
 */
export const recordAcceptedScan = new PreparedQuery(
  (db, p: Param<ScanTable & PieceMove & OrderSummary>) =>
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
