import type { Transaction } from 'kysely';
import type { DB } from '../store/schema.js';
import type { CoreContext } from './context.js';
import { appendEvent, type EventType } from './events.js';

/** One use case's view of its transaction: the same instant throughout, and the outbox. */
export interface Tx {
  trx: Transaction<DB>;
  now: Date;
  nowIso: string;
  emit(factoryId: string, type: EventType, data: unknown): Promise<string>;
}

/**
 * Runs `work` as one transaction (BEGIN IMMEDIATE on SQLite): every use case is all or nothing.
 * Signals subscribers about appended events only after the commit.
 */
export async function transact<T>(ctx: CoreContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  let emitted = false;
  const result = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const tx: Tx = {
      trx,
      now,
      nowIso: now.toISOString(),
      emit: async (factoryId, type, data) => {
        emitted = true;
        return appendEvent(trx, { factoryId, type, data, now });
      },
    };
    return work(tx);
  });
  if (emitted) ctx.signals.eventsAppended();
  return result;
}
