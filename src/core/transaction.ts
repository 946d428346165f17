import type { Transaction } from 'kysely';
import type { DB, EventTable } from '../store/schema.js';
import type { CoreContext, TransactionParts } from './context.js';
import type { OrderLines } from './orders/order-queries.js';
import { appendEventRows, appendEvents, eventRows, type EventType } from './events.js';
import { stampStations } from './stations/stamp-stations.js';
import type { ScanBatch } from './scans/scan-batch.js';

/** One use case's view of its transaction: the same instant throughout, and the outbox. */
export interface Tx {
  trx: Transaction<DB>;
  now: Date;
  nowIso: string;
  /** The lines of orders (cached for the database). */
  orderLines: OrderLines;
  /**
   * Appends an event to the outbox (its deliveries with it); written with the transaction's
   * other deferred writes just before it commits (`Deferred`). Returns the event's id.
   * `json`: `data` already written as JSON (the caller answers with the same text).
   */
  emit(factoryId: string, type: EventType, data: unknown, json?: string): string;
  /** Stamps a station's `last_scan_at` with this instant (deferred like `emit`). */
  stationScanned(stationId: string): void;
  /** What this use case left to write before the commit. */
  deferred: Deferred;
  /**
   * PostgreSQL, a unit of a group-commit batch: where its scan's writes wait for the batch's end
   * (scan-batch.ts). Absent where writes go at once.
   */
  scanBatch?: ScanBatch | undefined;
  /** `emit` for many events of one type (an upload's orders), written in a few statements. */
  emitMany(
    factoryId: string,
    type: EventType,
    data: readonly unknown[],
    turn?: () => Promise<void> | undefined,
  ): Promise<string[]>;
}

/**
 * Writes a use case leaves for the end of its transaction, made once for the whole transaction:
 * the events it emitted (and their deliveries) and the stations' `last_scan_at`. Nothing in a
 * use case reads them back, and a group-commit batch writes those of all its scans in a few
 * multi-row statements (each factory's webhook endpoints read once, each station stamped once)
 * instead of a few statements per scan.
 */
export class Deferred {
  /** Outbox rows, in the order they were emitted. */
  readonly events: EventTable[] = [];
  /** The instant of each station's last scan. */
  readonly stationScans = new Map<string, string>();
}

/**
 * Writes what these use cases deferred, in their order (a later scan's stamp wins), in the
 * transaction they ran in: the last statements before its COMMIT.
 */
export async function writeDeferred(trx: Transaction<DB>, all: readonly Deferred[]): Promise<void> {
  const events: EventTable[] = [];
  const stamps = new Map<string, string>();
  for (const deferred of all) {
    for (const event of deferred.events) events.push(event);
    for (const [stationId, at] of deferred.stationScans) stamps.set(stationId, at);
  }
  await appendEventRows(trx, events);
  await stampStations(trx, stamps);
}

/**
 * A use case's Tx over `trx` at the instant `now`; `onEmit` is told when it appends events (the
 * caller signals the dispatcher once the transaction has committed).
 */
function txOf(trx: Transaction<DB>, now: Date, orderLines: OrderLines, onEmit: () => void): Tx {
  const emitMany: Tx['emitMany'] = (factoryId, type, data, turn) => {
    onEmit();
    return appendEvents(trx, { factoryId, type, data, now, ...(turn ? { turn } : {}) });
  };
  const nowIso = now.toISOString();
  const deferred = new Deferred();
  return {
    trx,
    now,
    nowIso,
    orderLines,
    emit: (factoryId, type, data, json) => {
      onEmit();
      const input = { factoryId, type, data: [data], now, ...(json ? { json: [json] } : {}) };
      const [event] = eventRows(input);
      deferred.events.push(event!);
      return event!.id;
    },
    stationScanned: (stationId) => void deferred.stationScans.set(stationId, nowIso),
    deferred,
    emitMany,
  };
}

/**
 * Runs `work` in one database transaction (BEGIN IMMEDIATE on SQLite); `open()` gives a use case
 * its Tx on it, at the instant it is called (group commit opens one per scan). `work` writes what
 * the use cases deferred (`writeDeferred`) of those that are kept. Subscribers hear of appended
 * events only once the transaction has committed.
 */
export async function inTransaction<T>(
  ctx: TransactionParts,
  work: (open: () => Tx) => Promise<T>,
): Promise<T> {
  let emitted = false;
  const onEmit = () => (emitted = true);
  const result = await ctx.db
    .transaction()
    .execute((trx) => work(() => txOf(trx, ctx.clock.now(), ctx.orderLines, onEmit)));
  if (emitted) ctx.signals.eventsAppended();
  return result;
}

/** Runs `work` as one transaction: every use case is all or nothing. */
export function transact<T>(ctx: CoreContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  return inTransaction(ctx, async (open) => {
    const tx = open();
    const value = await work(tx);
    if (ctx.beforeCommit) await ctx.beforeCommit(tx, value);
    await writeDeferred(tx.trx, [tx.deferred]);
    return value;
  });
}
