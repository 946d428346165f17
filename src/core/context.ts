import type { Clock } from '../domain/clock.js';
import type { Db } from '../store/database.js';
import { StationTokens } from './auth/station-tokens.js';
import { OrderLines } from './orders/order-queries.js';
import { GroupCommit } from './scans/group-commit.js';
import type { Tx } from './transaction.js';

/**
 * What happened that other parts of the process react to, after a use case commits.
 * The daemon wires these to the scheduler; tests and admin commands may leave them as no-ops.
 */
export interface Signals {
  /** Events were committed: the webhook dispatcher should look for new deliveries. */
  eventsAppended(): void;
  /** A factory's settings changed (stuck_after_days may need a recompute). */
  settingsChanged(factoryId: string): void;
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

/** Everything a use case needs: the database, the clock, the signals it raises and its helpers. */
export interface CoreContext extends TransactionParts {
  /** Batches concurrent scans into shared transactions: one per database in a process. */
  groupCommit: GroupCommit;
  /** Uploads this process is staging or publishing: their staged rows are not leftovers. */
  stagingUploads: Set<string>;
  /** Stations whose tokens were looked up, for scans (checked again in each scan's transaction). */
  stationTokens: StationTokens;
  /**
   * Runs inside a use case's transaction once its work is done, before the commit, with what the
   * work returned: what must commit with the change or not at all (the API stores the answer to
   * an `Idempotency-Key` there). Throwing rolls the use case back.
   */
  beforeCommit?: (tx: Tx, result: unknown) => Promise<void>;
}

/**
 * The core context of one open database, with its group committer and caches. The composition
 * root (the daemon, a CLI command, a test) builds one per database and passes it down; contexts
 * derived from it (`{ ...ctx, beforeCommit }`) share its parts.
 */
export function createCoreContext(parts: { db: Db; clock: Clock; signals?: Signals }): CoreContext {
  const transactions: TransactionParts = {
    db: parts.db,
    clock: parts.clock,
    signals: parts.signals ?? noSignals,
    orderLines: new OrderLines(),
  };
  return {
    ...transactions,
    groupCommit: new GroupCommit(transactions),
    stagingUploads: new Set(),
    stationTokens: new StationTokens(),
  };
}
