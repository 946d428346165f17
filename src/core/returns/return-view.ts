import type { Kysely } from 'kysely';
import { notFound } from '../../domain/errors.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import { findReturn, listReturnRows, type ReturnRow } from '../../store/returns/returns.js';
import type { DB } from '../../store/schema.js';
import type { CoreContext } from '../context.js';

export const RETURN_STATUSES = ['received', 'restocked', 'written_off'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export interface ReturnView {
  id: string;
  object: 'return';
  status: ReturnStatus;
  piece_id: string;
  order_id: string;
  order_no: string;
  barcode: string;
  reason: string | null;
  location: string | null;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

const toView = (row: ReturnRow): ReturnView => ({
  id: row.id,
  object: 'return',
  status: row.status,
  piece_id: row.piece_id,
  order_id: row.order_id,
  order_no: row.order_no,
  barcode: row.barcode,
  reason: row.reason,
  location: row.location,
  created_at: row.created_at,
  updated_at: row.updated_at,
  closed_at: row.closed_at,
});

/** One return, read from the database or inside the caller's transaction; 404 when not ours. */
export async function loadReturn(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<ReturnView> {
  const row = await findReturn(db, factoryId, id);
  if (!row) throw notFound('return', 'id', id);
  return toView(row);
}

export function getReturn(ctx: CoreContext, factoryId: string, id: string): Promise<ReturnView> {
  return loadReturn(ctx.db, factoryId, id);
}

/** Returns newest first, optionally of one status (keyset on the status index). */
export async function listReturns(
  ctx: CoreContext,
  factoryId: string,
  params: PageParams & { status?: ReturnStatus | undefined },
): Promise<Page<ReturnView>> {
  const rows = await listReturnRows(
    ctx.db,
    factoryId,
    { status: params.status, startingAfter: params.starting_after },
    params.limit + 1,
  );
  return toPage(rows, params, toView);
}
