import { sql, type Kysely } from 'kysely';
import type { RefusalReason, ScanEvent } from '../../domain/scan-rules.js';
import { dialectOf } from '../dialect.js';
import type { PageParams } from '../pagination.js';
import type { DB } from '../schema.js';

// What GET /v1/scans reads of the scan ledger (DESIGN §17): every scan, accepted and refused,
// newest first, with who made it. Ids begin with the instant the scan was recorded (`at`), so a
// time range bounds the id as well and the primary key's order is the list's.

export interface ScanListFilters extends PageParams {
  stationId?: string | undefined;
  operatorId?: string | undefined;
  orderId?: string | undefined;
  accepted?: boolean | undefined;
  /** Recorded at or after this instant (ISO 8601, inclusive). */
  from?: string | undefined;
  /** Recorded before this instant (ISO 8601, exclusive). */
  to?: string | undefined;
  /** The smallest id recorded at `from`, the smallest at `to` (ids start with their instant). */
  fromId?: string | undefined;
  toId?: string | undefined;
}

/** A scan of the ledger with its station's name as it was, its operator's and its order's. */
export interface ScanListRow {
  id: string;
  barcode: string;
  event: ScanEvent;
  accepted: number;
  reason: RefusalReason | null;
  location: string | null;
  test_label: number;
  client_scan_id: string | null;
  scanned_at: string | null;
  at: string;
  station_id: string;
  station_name: string;
  operator_id: string | null;
  operator_name: string | null;
  order_id: string | null;
  order_no: string | null;
  piece_id: string | null;
  consignment_id: string | null;
  handling_unit_id: string | null;
}

/** A page of a factory's scans, newest first, filtered (`toPage` makes the page). */
export function listScans(
  db: Kysely<DB>,
  factoryId: string,
  filters: ScanListFilters,
): Promise<ScanListRow[]> {
  return scanListQuery(db, factoryId, filters).execute();
}

/** The statement of a page, unrun (test/api/scans-list.test.ts reads its plan on SQLite). */
export function scanListQuery(db: Kysely<DB>, factoryId: string, filters: ScanListFilters) {
  return (
    db
      .selectFrom('scans as s')
      .leftJoin('operators as op', 'op.id', 's.operator_id')
      .leftJoin('orders as o', 'o.id', 's.order_id')
      .select([
        's.id as id',
        's.barcode',
        's.event',
        's.accepted',
        's.reason',
        's.location',
        's.test_label',
        's.client_scan_id',
        's.scanned_at',
        's.at',
        's.station_id',
        's.station_name',
        's.operator_id',
        'op.name as operator_name',
        's.order_id',
        'o.order_no',
        's.piece_id',
        's.consignment_id',
        's.handling_unit_id',
      ])
      // On SQLite the factory's column is compared as an expression (`+`), so no index on it is
      // used: the planner would take scans_factory_at and sort every scan of the factory for each
      // page; the primary key walks back from the cursor and stops at the page's end.
      .$if(dialectOf(db) === 'sqlite', (qb) => qb.where(sql<string>`+s.factory_id`, '=', factoryId))
      .$if(dialectOf(db) === 'postgres', (qb) => qb.where('s.factory_id', '=', factoryId))
      .$if(filters.stationId !== undefined, (qb) =>
        qb.where('s.station_id', '=', filters.stationId!),
      )
      .$if(filters.operatorId !== undefined, (qb) =>
        qb.where('s.operator_id', '=', filters.operatorId!),
      )
      .$if(filters.orderId !== undefined, (qb) => qb.where('s.order_id', '=', filters.orderId!))
      .$if(filters.accepted !== undefined, (qb) =>
        qb.where('s.accepted', '=', filters.accepted ? 1 : 0),
      )
      .$if(filters.fromId !== undefined, (qb) => qb.where('s.id', '>=', filters.fromId!))
      .$if(filters.toId !== undefined, (qb) => qb.where('s.id', '<', filters.toId!))
      .$if(filters.from !== undefined, (qb) => qb.where('s.at', '>=', filters.from!))
      .$if(filters.to !== undefined, (qb) => qb.where('s.at', '<', filters.to!))
      // Keyset paging as newestFirst() does, on the scan's id (the joined tables have ids too).
      .$if(filters.starting_after !== undefined, (qb) =>
        qb.where('s.id', '<', filters.starting_after!),
      )
      .orderBy('s.id', 'desc')
      .limit(filters.limit + 1)
  );
}
