import type { Clock } from '../domain/clock.js';
import type { Db } from '../store/database.js';
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

/** Everything a use case needs: the database, the clock, and the signals it raises. */
export interface CoreContext {
  db: Db;
  clock: Clock;
  signals: Signals;
  /**
   * Runs inside a use case's transaction once its work is done, before the commit, with what the
   * work returned: what must commit with the change or not at all (the API stores the answer to
   * an `Idempotency-Key` there). Throwing rolls the use case back.
   */
  beforeCommit?: (tx: Tx, result: unknown) => Promise<void>;
}
