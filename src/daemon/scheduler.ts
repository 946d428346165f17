import type { FastifyBaseLogger } from 'fastify';
import type { CoreContext, Signals } from '../core/context.js';
import type { Store } from '../store/database.js';

export interface SchedulerDeps {
  core: CoreContext;
  store: Store;
  log: FastifyBaseLogger;
}

export interface Scheduler {
  /** What use cases signal after commit (new events, settings changes). */
  signals: Signals;
  /** Stops the jobs and waits for a running one to finish. */
  stop(): Promise<void>;
}

/** Placeholder scheduler: no jobs yet. */
export function startScheduler(_deps: SchedulerDeps): Scheduler {
  return {
    signals: { eventsAppended: () => {}, settingsChanged: () => {} },
    stop: async () => {},
  };
}
