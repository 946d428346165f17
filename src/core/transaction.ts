import type { Transaction } from 'kysely';
import type { DB } from '../store/schema.js';
import type { CoreContext } from './context.js';
import { appendEvents, type EventType } from './events.js';

/** One use case's view of its transaction: the same instant throughout, and the outbox. */
export interface Tx {
  trx: Transaction<DB>;
  now: Date;
  nowIso: string;
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
export function txOf(trx: Transaction<DB>, now: Date, onEmit: () => void): Tx {
  const emitMany: Tx['emitMany'] = (factoryId, type, data, turn) => {
    onEmit();
    return appendEvents(trx, { factoryId, type, data, now, ...(turn ? { turn } : {}) });
  };
  return {
    trx,
    now,
    nowIso: now.toISOString(),
    emit: async (factoryId, type, data, json) => {
      onEmit();
      const input = { factoryId, type, data: [data], now, ...(json ? { json: [json] } : {}) };
      return (await appendEvents(trx, input))[0]!;
    },
    emitMany,
  };
}

/**
 * Runs `work` as one transaction (BEGIN IMMEDIATE on SQLite): every use case is all or nothing.
 * Signals subscribers about appended events only after the commit.
 */
export async function transact<T>(ctx: CoreContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  let emitted = false;
  const result = await ctx.db.transaction().execute(async (trx) => {
    const tx = txOf(trx, ctx.clock.now(), () => (emitted = true));
    const value = await work(tx);
    if (ctx.beforeCommit) await ctx.beforeCommit(tx, value);
    return value;
  });
  if (emitted) ctx.signals.eventsAppended();
  return result;
}
