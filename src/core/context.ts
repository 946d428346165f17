import type { Clock } from '../domain/clock.js';
import type { Db } from '../store/database.js';
import { noMetrics, type Metrics } from '../runtime/metrics.js';
import { coreFigures, type CoreFigures } from './figures.js';
import { StationTokens } from './auth/station-tokens.js';
import { GroupCommit } from './group-commit.js';
import { OrderLines } from '../store/orders/order-rows.js';
import { EventFeed } from './event-stream/event-feed.js';
import { noSignals, type Signals, type TransactContext } from './transaction.js';

export { noSignals, type Signals, type TransactionParts } from './transaction.js';

/** Everything a use case needs: the database, the clock, the signals it raises and its helpers. */
export interface CoreContext extends TransactContext {
  /** Batches concurrent units of work (scans) into shared transactions: one per database in a process. */
  groupCommit: GroupCommit;
  /** Uploads this process is staging or publishing: their staged rows are not leftovers. */
  stagingUploads: Set<string>;
  /** Stations whose tokens were looked up, for scans (checked again in each scan's transaction). */
  stationTokens: StationTokens;
  /** The process's figures for monitoring (no-ops when metrics are off). */
  metrics: Metrics;
  figures: CoreFigures;
  /** New events for this process's stream clients (DESIGN §16), woken after each commit. */
  eventFeed: EventFeed;
}

/**
 * The core context of one open database, with its group committer and caches. The composition
 * root (the daemon, a CLI command, a test) builds one per database and passes it down; contexts
 * derived from it (`{ ...ctx, beforeCommit }`) share its parts.
 */
export function createCoreContext(parts: {
  db: Db;
  clock: Clock;
  signals?: Signals;
  metrics?: Metrics;
  /** How often the event feed reads the table while clients listen (events of other processes). */
  eventPollMs?: number;
}): CoreContext {
  const eventFeed = new EventFeed(parts.db, parts.eventPollMs ? { pollMs: parts.eventPollMs } : {});
  const outer = parts.signals ?? noSignals;
  const signals: Signals = {
    eventsAppended: () => {
      outer.eventsAppended();
      eventFeed.wake();
    },
    settingsChanged: (factoryId) => outer.settingsChanged(factoryId),
    printQueueChanged: () => outer.printQueueChanged?.(),
    printerWatched: (printerId) => outer.printerWatched?.(printerId),
  };
  const transactions = {
    db: parts.db,
    clock: parts.clock,
    signals,
    orderLines: new OrderLines(),
  };
  const metrics = parts.metrics ?? noMetrics;
  const figures = coreFigures(metrics);
  return {
    ...transactions,
    metrics,
    figures,
    groupCommit: new GroupCommit(transactions, (size) => figures.groupCommitBatch.observe(size)),
    stagingUploads: new Set(),
    stationTokens: new StationTokens(),
    eventFeed,
  };
}
