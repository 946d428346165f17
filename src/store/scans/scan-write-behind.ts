import { sql, type Kysely } from 'kysely';
import type { OrderRow } from '../orders/order-rows.js';
import type { OrderSummary } from '../orders/order-summary.js';
import { dialectOf } from '../dialect.js';
import { PreparedQuery, type Param } from '../prepared-query.js';
import type { DB, ScanTable } from '../schema.js';
import type { WriteBehind, WriteBehindKind } from '../write-behind.js';
import type { PieceMove, PieceRow, ScanRead } from './scan-rows.js';
import { readScans, type ScanReadRow } from './scan-statements.js';

/**
 * PostgreSQL: the writes of the scans of one group-commit batch, held in memory and written by
 * one statement at the end of the batch (`flush`), so that a scan costs one round trip (its
 * read) instead of two. Each round trip is a socket write and a wake-up on both sides, which on
 * PostgreSQL costs more than the statement itself.
 *
 * The batch's scans read first, together, in one statement (`readAhead`, `readOf`): one round
 * trip for the batch instead of one per scan.
 *
 * It is sound because a batch holds the write lock (every write transaction takes it first,
 * store/postgres.ts): nothing but this batch changes a piece, an order or a scan meanwhile, so
 * the database as read plus what the batch holds is the whole truth. A unit reads from the
 * database and then sees its read through the batch (`piece`, `order`): a piece or an order an
 * earlier scan of the batch changed shows as that scan left it, as it would after a write.
 *
 * What the batch cannot see through — a resent `client_scan_id` (its first scan must be read
 * back), a voided label, counts that no longer add up — the unit writes the batch first and
 * then writes at once (`UnitOfWork.writeAtOnce`, in scans.repository.ts). A batch that fails to
 * write (a scan row that met the unique index after all) is rolled back whole and its units run
 * again one by one, each writing at once (src/core/group-commit.ts).
 */
export class ScanWriteBehind implements WriteBehind<ScanRead> {
  #scans: ScanTable[] = [];
  /** Each piece's latest move, by piece id. */
  #moves = new Map<string, PieceMove>();
  /** Each order's row as the batch's latest scan of it left it, by order id. */
  #orders = new Map<string, OrderRow>();
  /** `station_id` and `client_scan_id` of the scans held. */
  #clientScanIds = new Set<string>();
  /** What the batch's scans read together; null: the scan's station no longer stands. */
  #read = new Map<ScanRead, ScanReadRow | null>();

  /** Reads for these scans of the batch together, before the first of them runs. */
  async readAhead(trx: Kysely<DB>, reads: readonly ScanRead[]): Promise<void> {
    const rows = await readScans(trx, reads);
    reads.forEach((read, i) => this.#read.set(read, rows[i]!));
  }

  /**
   * This scan's row as read with the batch's others (see it through `piece` and `order`); null
   * when its station no longer stands; undefined when the scan must read for itself: it was not
   * read with them, or the batch has written since (a scan that wrote at once may have changed
   * what the others read).
   */
  readOf(read: ScanRead): ScanReadRow | null | undefined {
    return this.#read.get(read);
  }

  /** A piece read from the database, as this batch has left it. */
  piece<T extends PieceRow>(piece: T): T {
    const move = this.#moves.get(piece.id);
    if (!move) return piece;
    return {
      ...piece,
      status: move.piece_status,
      location: move.piece_location,
      produced_at: move.piece_produced_at,
      in_stock_at: move.piece_in_stock_at,
      dispatched_at: move.piece_dispatched_at,
      scanned: 1,
    };
  }

  /** An order row read from the database, as this batch has left it. */
  order(row: OrderRow): OrderRow {
    return this.#orders.get(row.id) ?? row;
  }

  /** True when a scan held here used this station's `client_scan_id`. */
  holdsClientScanId(stationId: string, clientScanId: string): boolean {
    return this.#clientScanIds.has(`${stationId} ${clientScanId}`);
  }

  /**
   * Holds a scan row to write; for an accepted scan, its piece's move and its order's row once
   * summarized (`next`: the row with the summary's columns).
   */
  add(row: ScanTable, moved?: { move: PieceMove; next: OrderRow }): void {
    this.#scans.push(row);
    if (row.client_scan_id !== null) {
      this.#clientScanIds.add(`${row.station_id} ${row.client_scan_id}`);
    }
    if (moved) {
      this.#moves.set(moved.move.piece_id, moved.move);
      this.#orders.set(moved.next.id, moved.next);
    }
  }

  /**
   * Writes what the batch holds, in one statement, and empties it. Throws if a scan row was not
   * written (one of its `client_scan_id`s was taken after all): the caller's transaction is then
   * rolled back.
   */
  async flush(trx: Kysely<DB>): Promise<void> {
    if (this.#scans.length === 0) return;
    const values = arraysOf(this.#scans, [...this.#moves.values()], [...this.#orders.values()]);
    const expected = this.#scans.length;
    this.#read.clear();
    this.#scans = [];
    this.#moves = new Map();
    this.#orders = new Map();
    this.#clientScanIds = new Set();
    const written = (await writeBatch.one(trx, values)).written;
    if (written !== expected) {
      throw new Error(`a batch of ${expected} scans wrote ${written} of them`);
    }
  }
}

/** Scans hold their writes for the batch's end on PostgreSQL; on SQLite they write at once. */
export const scanWriteBehind: WriteBehindKind<ScanWriteBehind, ScanRead> = {
  start: (trx) => (dialectOf(trx) === 'postgres' ? new ScanWriteBehind() : undefined),
};

// The statement's parameters: one array per column, rows at the same index (unnest).

const SCAN_COLUMNS = [
  ['id', 'text'],
  ['factory_id', 'text'],
  ['station_id', 'text'],
  ['station_name', 'text'],
  ['event', 'text'],
  ['barcode', 'text'],
  ['piece_id', 'text'],
  ['order_id', 'text'],
  ['accepted', 'integer'],
  ['reason', 'text'],
  ['location', 'text'],
  ['test_label', 'integer'],
  ['client_scan_id', 'text'],
  ['scanned_at', 'text'],
  ['at', 'text'],
  ['consignment_id', 'text'],
  ['handling_unit_id', 'text'],
  ['operator_id', 'text'],
] as const satisfies ReadonlyArray<readonly [keyof ScanTable, string]>;

const MOVE_COLUMNS = [
  ['piece_id', 'text'],
  ['piece_status', 'text'],
  ['piece_location', 'text'],
  ['piece_produced_at', 'text'],
  ['piece_in_stock_at', 'text'],
  ['piece_dispatched_at', 'text'],
  ['at', 'text'],
] as const satisfies ReadonlyArray<readonly [keyof PieceMove, string]>;

/** The columns a summary writes (store/orders/order-summary.ts `orderSummarySet`). */
const SUMMARY_COLUMNS = [
  ['status', 'text'],
  ['pieces_total', 'integer'],
  ['pieces_scanned', 'integer'],
  ['pieces_awaiting_production', 'integer'],
  ['pieces_produced', 'integer'],
  ['pieces_in_stock', 'integer'],
  ['pieces_dispatched', 'integer'],
  ['pieces_returned', 'integer'],
  ['pieces_written_off', 'integer'],
  ['pieces_cancelled', 'integer'],
  ['piece_states', 'text'],
  ['produced_at', 'text'],
  ['in_stock_at', 'text'],
  ['dispatched_at', 'text'],
  ['stuck', 'integer'],
  ['stuck_since', 'text'],
  ['updated_at', 'text'],
] as const satisfies ReadonlyArray<readonly [keyof OrderSummary, string]>;

const ORDER_COLUMNS = [['factory_id', 'text'], ['id', 'text'], ...SUMMARY_COLUMNS] as const;

type Arrays = Record<string, unknown[]>;

function arraysOf(scans: ScanTable[], moves: PieceMove[], orders: OrderRow[]): Arrays {
  const arrays: Arrays = {};
  const fill = <R>(
    prefix: string,
    columns: ReadonlyArray<readonly [string, string]>,
    rows: R[],
  ) => {
    for (const [column] of columns) {
      arrays[prefix + column] = rows.map((row) => row[column as keyof R]);
    }
  };
  fill('scan_', SCAN_COLUMNS, scans);
  fill('move_', MOVE_COLUMNS, moves);
  fill('order_', ORDER_COLUMNS, orders);
  return arrays;
}

/** `unnest($1::text[], …) as alias(columns…)` over these columns' arrays. */
function unnest(
  p: Param<Arrays>,
  prefix: string,
  columns: ReadonlyArray<readonly [string, string]>,
  alias: string,
) {
  const arrays = columns.map(([column, type]) => sql`${p(prefix + column)}::${sql.raw(type)}[]`);
  const names = columns.map(([column]) => sql.ref(column));
  return sql`unnest(${sql.join(arrays)}) as ${sql.ref(alias)}(${sql.join(names)})`;
}

/**
 * The batch's scan rows, its pieces' moves and its orders' summaries, in one statement. A scan
 * row that meets the unique index of `client_scan_id` is skipped, and the count says so. Ids are
 * compared in the columns' collation ("C").
 */
const writeBatch = new PreparedQuery((db, p: Param<Arrays>) => {
  const scanColumns = sql.join(SCAN_COLUMNS.map(([column]) => sql.ref(column)));
  const set = (columns: ReadonlyArray<readonly [string, string]>, from: string) =>
    sql.join(columns.map(([column]) => sql`${sql.ref(column)} = ${sql.ref(`${from}.${column}`)}`));
  const query = sql<{ written: number }>`
    with scan as (
      insert into scans (${scanColumns})
      select * from ${unnest(p, 'scan_', SCAN_COLUMNS, 's')}
      on conflict do nothing
      returning 1
    ), piece as (
      update pieces set
        status = m.piece_status, location = m.piece_location,
        produced_at = m.piece_produced_at, in_stock_at = m.piece_in_stock_at,
        dispatched_at = m.piece_dispatched_at, scanned = 1, updated_at = m.at
      from ${unnest(p, 'move_', MOVE_COLUMNS, 'm')}
      where pieces.id = m.piece_id collate "C"
    ), summary as (
      update orders set ${set(SUMMARY_COLUMNS, 'o')}
      from ${unnest(p, 'order_', ORDER_COLUMNS, 'o')}
      where orders.factory_id = o.factory_id collate "C" and orders.id = o.id collate "C"
    )
    select count(*)::integer as written from scan`;
  return { compile: () => query.compile(db) };
});
