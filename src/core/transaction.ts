import type { Transaction } from 'kysely';
import type { DB } from '../store/schema.js';
import type { CoreContext, TransactionParts } from './context.js';
import type { OrderLines } from './orders/order-queries.js';
import { appendEvents, type EventType } from './events.js';

/** One use case's view of its transaction: the same instant throughout, and the outbox. */
export interface Tx {
  trx: Transaction<DB>;
  now: Date;
  nowIso: string;
  /** The lines of orders (cached for the database). */
  orderLines: OrderLines;
  /** `json`: `data` already written as JSON (the caller answers with the same text). */
  emit(factoryId: string, type: EventType, data: unknown, json?: string): Promise<string>;
  /** `emit` for many events of one type (an upload's orders), written in a few statements. */
  emitMany(
    factoryId: string,
    type: EventType,
    data: readonly unknown[],
    turn?: () => Promise<void> | undefined,
  ): Promise<string[]>;
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
  return {
    trx,
    now,
    nowIso: now.toISOString(),
    orderLines,
    emit: async (factoryId, type, data, json) => {
      onEmit();
      const input = { factoryId, type, data: [data], now, ...(json ? { json: [json] } : {}) };
      return (await appendEvents(trx, input))[0]!;
    },
    emitMany,
  };
}

/**
 * Runs `work` in one database transaction (BEGIN IMMEDIATE on SQLite); `open()` gives a use case
 * its Tx on it, at the instant it is called (group commit opens one per scan). Subscribers hear
 * of appended events only once the transaction has committed.
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
    return value;
  });
}
