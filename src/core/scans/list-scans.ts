import { invalid } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import type { RefusalReason, ScanEvent } from '../../domain/scan-rules.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import {
  listScans as listScanRows,
  type ScanListRow,
} from '../../store/scans/scans-list.repository.js';
import type { CoreContext } from '../context.js';

/** A scan of the ledger as GET /v1/scans shows it (DESIGN §17: with its operator). */
export interface LedgerScanView {
  id: string;
  object: 'scan';
  barcode: string;
  event: ScanEvent;
  result: 'accepted' | 'refused';
  reason: RefusalReason | null;
  location: string | null;
  test_label: boolean;
  client_scan_id: string | null;
  scanned_at: string | null;
  at: string;
  station: { id: string; name: string };
  operator: { id: string; name: string } | null;
  order: { id: string; order_no: string } | null;
  piece_id: string | null;
  consignment_id: string | null;
  handling_unit_id: string | null;
}

export interface ScanListQuery extends PageParams {
  station_id?: string | undefined;
  operator_id?: string | undefined;
  order_id?: string | undefined;
  result?: 'accepted' | 'refused' | undefined;
  /** Recorded at or after (inclusive). */
  from?: string | undefined;
  /** Recorded before (exclusive). */
  to?: string | undefined;
}

const toView = (row: ScanListRow): LedgerScanView => ({
  id: row.id,
  object: 'scan',
  barcode: row.barcode,
  event: row.event,
  result: Number(row.accepted) === 1 ? 'accepted' : 'refused',
  reason: row.reason,
  location: row.location,
  test_label: Number(row.test_label) === 1,
  client_scan_id: row.client_scan_id,
  scanned_at: row.scanned_at,
  at: row.at,
  station: { id: row.station_id, name: row.station_name },
  operator:
    row.operator_id === null ? null : { id: row.operator_id, name: row.operator_name ?? '' },
  order:
    row.order_id === null ? null : { id: row.order_id, order_no: row.order_no ?? row.order_id },
  piece_id: row.piece_id,
  consignment_id: row.consignment_id,
  handling_unit_id: row.handling_unit_id,
});

/** The smallest scan id recorded at an instant: ids begin with it (domain/ids.ts). */
const firstIdAt = (instant: Date): string =>
  `${newId('scan', instant).slice(0, 14)}${'0'.repeat(16)}`;

/** The store's filters of a query, its range checked (400 when `from` is not before `to`). */
function filtersOf(query: ScanListQuery) {
  const from = query.from === undefined ? undefined : new Date(query.from);
  const to = query.to === undefined ? undefined : new Date(query.to);
  if (from && Number.isNaN(from.getTime()))
    throw invalid('from', '`from` must be an ISO 8601 date-time.');
  if (to && Number.isNaN(to.getTime())) throw invalid('to', '`to` must be an ISO 8601 date-time.');
  if (from && to && from.getTime() >= to.getTime()) {
    throw invalid('from', '`from` must be before `to`.');
  }
  return {
    limit: query.limit,
    starting_after: query.starting_after,
    stationId: query.station_id,
    operatorId: query.operator_id,
    orderId: query.order_id,
    accepted: query.result === undefined ? undefined : query.result === 'accepted',
    from: from?.toISOString(),
    to: to?.toISOString(),
    fromId: from && firstIdAt(from),
    toId: to && firstIdAt(to),
  };
}

/**
 * The scan ledger, accepted and refused scans, newest first by keyset: a scan recorded while a
 * client pages through never shifts a page. Each scan shows its station's name as it was when it
 * scanned and the operator signed in at it then (DESIGN §17).
 */
export async function listScans(
  ctx: CoreContext,
  factoryId: string,
  query: ScanListQuery,
): Promise<Page<LedgerScanView>> {
  const rows = await listScanRows(ctx.db, factoryId, filtersOf(query));
  return toPage(rows, query, toView);
}

/** How many rows the CSV export reads from the store at a time. */
export const EXPORT_PAGE_ROWS = 500;

export const SCAN_CSV_COLUMNS = [
  'id',
  'at',
  'scanned_at',
  'result',
  'reason',
  'event',
  'barcode',
  'station_id',
  'station_name',
  'operator_id',
  'operator_name',
  'order_id',
  'order_no',
  'piece_id',
  'consignment_id',
  'handling_unit_id',
  'location',
  'test_label',
] as const;

type Cell = string | boolean | null;
/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
const cell = (v: Cell): string => {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const line = (cells: readonly Cell[]): string => `${cells.map(cell).join(',')}\r\n`;

const csvLine = (s: LedgerScanView): string =>
  line([
    s.id,
    s.at,
    s.scanned_at,
    s.result,
    s.reason,
    s.event,
    s.barcode,
    s.station.id,
    s.station.name,
    s.operator?.id ?? null,
    s.operator?.name ?? null,
    s.order?.id ?? null,
    s.order?.order_no ?? null,
    s.piece_id,
    s.consignment_id,
    s.handling_unit_id,
    s.location,
    s.test_label,
  ]);

/**
 * The scans a query selects, every page of them from `starting_after` on (`limit` is the size of
 * the pages read, not a bound), as CSV with a header line: read page by page, so memory stays
 * flat however long the ledger. The first page is read before this returns, so a bad query is
 * refused before any byte is sent; a later page's failure cuts the file short.
 */
export async function exportScansCsv(
  ctx: CoreContext,
  factoryId: string,
  query: Omit<ScanListQuery, 'limit'>,
): Promise<AsyncGenerator<string>> {
  const filters = filtersOf({ ...query, limit: EXPORT_PAGE_ROWS });
  const first = await listScanRows(ctx.db, factoryId, filters);
  return (async function* () {
    yield line([...SCAN_CSV_COLUMNS]);
    let rows = first;
    for (;;) {
      const page = toPage(rows, filters, toView);
      if (page.data.length > 0) yield page.data.map(csvLine).join('');
      if (!page.has_more) return;
      rows = await listScanRows(ctx.db, factoryId, {
        ...filters,
        starting_after: page.next_cursor!,
      });
    }
  })();
}
