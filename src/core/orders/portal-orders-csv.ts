import { RETAILER_ORDER_STATUS } from '../../domain/retailer-words.js';
import type { CoreContext } from '../context.js';
import { findRetailerById } from '../retailers/retailers.js';
import {
  listPortalOrders,
  type PortalOrderFilters,
  type PortalOrderListItem,
  type RetailerScope,
} from './portal-orders.js';

/** Orders read per page while the file is written: memory stays flat however long the list. */
const PAGE = 100;

type Cell = string | number | null;

/** The columns of the export, in order: a heading a buyer reads, and the cell of an order. */
const COLUMNS: readonly [string, (o: PortalOrderListItem) => Cell][] = [
  ['Order number', (o) => o.order_no],
  ['Status', (o) => RETAILER_ORDER_STATUS[o.status]],
  ['Items', (o) => o.items],
  ['Pieces', (o) => o.pieces_total],
  ['Pieces made', (o) => o.pieces_scanned],
  ['Pieces ready to dispatch', (o) => o.pieces_in_stock],
  ['Pieces dispatched', (o) => o.pieces_dispatched],
  ['Needed by', (o) => o.needed_by],
  ['Ordered on', (o) => dayOf(o.created_at)],
  ['Made on', (o) => dayOf(o.produced_at)],
  ['Ready on', (o) => dayOf(o.in_stock_at)],
  ['Dispatched on', (o) => dayOf(o.dispatched_at)],
  ['Order id', (o) => o.id],
];

export const PORTAL_CSV_HEADINGS = COLUMNS.map(([heading]) => heading);

/** An instant's calendar day in UTC, `YYYY-MM-DD`: what a spreadsheet reads as a date. */
const dayOf = (iso: string | null): string | null => (iso === null ? null : iso.slice(0, 10));

/**
 * One CSV field (RFC 4180). Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab
 * or a carriage return first) gets a leading apostrophe, which spreadsheets show as text; order
 * numbers and SKUs come from other systems, and a download must never execute anything.
 */
function field(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const row = (cells: readonly Cell[]): string => `${cells.map(field).join(',')}\r\n`;

/** A file name part from user data: letters, digits, `.`, `_` and `-` only. */
const fileSafe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 40);

/**
 * GET /v1/portal/orders.csv: every one of the retailer's orders that the filters match (all
 * pages, newest first) as CSV, written a page at a time as it is read. UTF-8 with a byte-order
 * mark (so a spreadsheet opened by double-click reads accents right), CRLF line ends, a heading
 * row. The file is named after the retailer's code and the day: `orders-SHOP-2026-11-24.csv`.
 */
export async function exportPortalOrders(
  ctx: CoreContext,
  scope: RetailerScope,
  filters: PortalOrderFilters,
): Promise<{ fileName: string; chunks: AsyncIterable<string> }> {
  const retailer = await findRetailerById(ctx.db, scope.factoryId, scope.retailerId);
  if (!retailer) throw new Error(`retailer ${scope.retailerId} not found`);
  const day = ctx.clock.now().toISOString().slice(0, 10);
  return {
    fileName: `orders-${fileSafe(retailer.code)}-${day}.csv`,
    chunks: csvChunks(ctx, scope, filters),
  };
}

async function* csvChunks(
  ctx: CoreContext,
  scope: RetailerScope,
  filters: PortalOrderFilters,
): AsyncGenerator<string> {
  yield `\uFEFF${row(PORTAL_CSV_HEADINGS)}`;
  let after: string | undefined;
  do {
    const page = await listPortalOrders(ctx, scope, {
      ...filters,
      limit: PAGE,
      starting_after: after,
    });
    if (page.data.length > 0) {
      yield page.data.map((o) => row(COLUMNS.map(([, cell]) => cell(o)))).join('');
    }
    after = page.next_cursor ?? undefined;
  } while (after !== undefined);
}
