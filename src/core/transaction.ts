import type { Transaction } from 'kysely';
import type { Clock } from '../domain/clock.js';
import type { Db } from '../store/database.js';
import type { DB, EventTable } from '../store/schema.js';
import { learnWriteTransaction } from '../store/sqlite-driver.js';
import { UnitOfWork, type DeferredKind, type StoreTx } from '../store/unit-of-work.js';
import type { BatchWrites } from '../store/write-behind.js';
import type { OrderLines } from '../store/orders/order-rows.js';
import { appendEventRows, appendEvents, eventRows, type EventType } from './events.js';
import { currentAuditScope, type AuditScope } from './audit/audit-scope.js';
import { appendAuditRow } from './audit/audit-trail.js';

/**
 * What happened that other parts of the process react to, after a use case commits.
 * The daemon wires these to the scheduler; tests and admin commands may leave them as no-ops.
 */
export interface Signals {
  /** Events were committed: the webhook dispatcher should look for new deliveries. */
  eventsAppended(): void;
  /** A factory's settings changed (stuck_after_days may need a recompute). */
  settingsChanged(factoryId: string): void;
  /** Print jobs were queued or printers changed: the print worker should look again. */
  printQueueChanged?(): void;
  /** A station page shows this printer's state: the print worker should ask it often. */
  printerWatched?(printerId: string): void;
}

export const noSignals: Signals = {
  eventsAppended: () => {},
  settingsChanged: () => {},
};

/** What a transaction needs: the database, the clock, the signals and the caches of the database. */
export interface TransactionParts {
  db: Db;
  clock: Clock;
  signals: Signals;
  /** The lines of orders, kept once read (they never change): one cache per database. */
  orderLines: OrderLines;
}

/** One use case's view of its transaction: the same instant throughout, and the outbox. */
export interface Tx extends StoreTx {
  trx: Transaction<DB>;
  now: Date;
  nowIso: string;
  /**
   * Appends an event to the outbox (its deliveries with it); written with the transaction's
   * other deferred writes just before it commits. Returns the event's id.
   * `json`: `data` already written as JSON (the caller answers with the same text).
   */
  emit(factoryId: string, type: EventType, data: unknown, json?: string): string;
  /** The lines of orders (cached for the database). */
  orderLines: OrderLines;
  /** `emit` for many events of one type (an upload's orders), written in a few statements. */
  emitMany(
    factoryId: string,
    type: EventType,
    data: readonly unknown[],
    turn?: () => Promise<void> | undefined,
  ): Promise<string[]>;
  /** Signals to raise once the transaction has committed (never when it rolls back). */
  afterCommit(signal: (signals: Signals) => void): void;
}

/** Outbox rows, in the order they were emitted, written (with their deliveries) before COMMIT. */
const outbox: DeferredKind<EventTable[]> = {
  empty: () => [],
  write: (trx, kept) => appendEventRows(trx, kept.flat()),
};

/**
 * A use case's Tx over `trx` at the instant `now`; `onEmit` is told when it appends events (the
 * caller signals the dispatcher once the transaction has committed). `unit`: its store side.
 */
function txOf(
  trx: Transaction<DB>,
  now: Date,
  orderLines: OrderLines,
  onEmit: () => void,
  unit: UnitOfWork,
  afterCommit: ((signals: Signals) => void)[],
): Tx {
  const emitMany: Tx['emitMany'] = (factoryId, type, data, turn) => {
    onEmit();
    return appendEvents(trx, { factoryId, type, data, now, ...(turn ? { turn } : {}) });
  };
  const nowIso = now.toISOString();
  return {
    trx,
    now,
    nowIso,
    orderLines,
    unit,
    emit: (factoryId, type, data, json) => {
      onEmit();
      const input = { factoryId, type, data: [data], now, ...(json ? { json: [json] } : {}) };
      const [event] = eventRows(input);
      unit.deferred(outbox).push(event!);
      return event!.id;
    },
    emitMany,
    afterCommit: (signal) => afterCommit.push(signal),
  };
}

/**
 * Opens a use case's Tx in a running transaction, at the instant it is called. `batch`: the
 * group-commit batch's write-behinds it may hold writes in; none: it writes at once.
 */
export type OpenTx = (batch?: BatchWrites) => Tx;

/**
 * Runs `work` in one database transaction (BEGIN IMMEDIATE on SQLite); `open()` gives a use case
 * its Tx on it (group commit opens one per unit of work). `work` writes what the use cases
 * deferred (`writeDeferred`) of those that are kept. Subscribers hear of appended events only once
 * the transaction has committed.
 */
export async function inTransaction<T>(
  ctx: TransactionParts,
  work: (open: OpenTx, trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  let emitted = false;
  const onEmit = () => (emitted = true);
  const afterCommit: ((signals: Signals) => void)[] = [];
  const result = await ctx.db.transaction().execute((trx) => {
    learnWriteTransaction(trx);
    return work(
      (batch) =>
        txOf(trx, ctx.clock.now(), ctx.orderLines, onEmit, new UnitOfWork(batch), afterCommit),
      trx,
    );
  });
  if (emitted) ctx.signals.eventsAppended();
  for (const signal of afterCommit) signal(ctx.signals);
  return result;
}

/** Writes what these use cases (those kept, in their order) deferred: the transaction's last statements. */
export function writeDeferred(trx: Transaction<DB>, kept: readonly Tx[]): Promise<void> {
  return UnitOfWork.writeDeferred(
    trx,
    kept.map((tx) => tx.unit),
  );
}

/** What `transact` needs: a transaction's parts, and what must commit with a use case. */
export interface TransactContext extends TransactionParts {
  /**
   * Runs inside a use case's transaction once its work is done, before the commit, with what the
   * work returned: what must commit with the change or not at all (the API stores the answer to
   * an `Idempotency-Key` there). Throwing rolls the use case back.
   */
  beforeCommit?: (tx: Tx, result: unknown) => Promise<void>;
  /**
   * The audited request or job this context runs a use case for (core/audit/audit-scope.ts);
   * none: the scope entered for the caller's synchronous stretch, if any.
   */
  auditScope?: AuditScope;
}

/**
 * Runs `work` as one transaction: every use case is all or nothing. In an audited request or job
 * (core/audit/audit-scope.ts), the first of its transactions to commit also appends the change's
 * audit row (DESIGN §17), so a change and its row commit together or not at all. The scope is
 * looked for when `transact` is called, before its first `await`.
 */
export async function transact<T>(ctx: TransactContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  const scope = ctx.auditScope ?? currentAuditScope();
  let claimed = false;
  try {
    const value = await inTransaction(ctx, async (open) => {
      const tx = open();
      const value = await work(tx);
      if (ctx.beforeCommit) await ctx.beforeCommit(tx, value);
      claimed = scope?.claim(value) ?? false;
      if (claimed) await appendAuditRow(tx, scope!.request, value);
      await writeDeferred(tx.trx, [tx]);
      return value;
    });
    if (claimed) scope!.settle(true);
    return value;
  } catch (err) {
    if (claimed) scope!.settle(false);
    throw err;
  }
}
