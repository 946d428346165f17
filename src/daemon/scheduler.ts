import { AT_RISK_EVERY_MS, atRiskJob } from './jobs/at-risk.job.js';
import type { FastifyBaseLogger } from 'fastify';
import type { CoreContext, Signals } from '../core/context.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import type { Store } from '../store/database.js';
import { deleteLeftovers } from '../core/uploads/upload-leftovers.js';
import { HOUSEKEEPING_EVERY_MS, housekeepingJob } from './jobs/housekeeping.job.js';
import { STUCK_EVERY_MS, stuckJob } from './jobs/stuck.job.js';
import { WEBHOOK_RETRIES_EVERY_MS, webhookRetriesJob } from './jobs/webhook-retries.job.js';
import { VERSION } from './version.js';

export interface SchedulerDeps {
  core: CoreContext;
  store: Store;
  log: FastifyBaseLogger;
  /** False: no webhook is sent (deliveries stay due in the database); the other jobs run. */
  deliveries?: boolean;
  /** How long a claimed webhook delivery is kept from other processes (default 2 minutes). */
  deliveryLeaseMs?: number;
}

export interface Scheduler {
  /** What use cases signal after commit (new events, settings changes). */
  signals: Signals;
  /** Stops the jobs and waits for a running one to finish. */
  stop(): Promise<void>;
}

/** How long stop() lets webhook attempts in flight finish before aborting them. */
const DELIVERY_GRACE_MS = 5_000;

/**
 * The background work of `factoryd serve` (DESIGN §8), on plain timers: stuck recompute every
 * 5 minutes and right after a settings change; a look for due webhook deliveries every 10 s
 * (besides the dispatcher's own kicks and wake-ups); housekeeping hourly. No job runs twice at
 * once. At start, deliveries due from before (a restart, a crash) are picked up at once; shortly
 * after, stuck is brought up to date and what an upload cut short left is settled (the events of
 * one that was published are released, one that was not is deleted).
 */
export function startScheduler({
  core,
  store,
  log,
  deliveries = true,
  deliveryLeaseMs,
}: SchedulerDeps): Scheduler {
  const dispatcher = deliveries
    ? new WebhookDispatcher(core, {
        userAgent: `factoryd-webhooks/${VERSION}`,
        log,
        ...(deliveryLeaseMs ? { leaseMs: deliveryLeaseMs } : {}),
      })
    : null;
  const stuck = stuckJob(core, store, log);
  const retries = dispatcher ? webhookRetriesJob(dispatcher, log) : null;
  const housekeeping = housekeepingJob(core, store, log);
  const atRisk = atRiskJob(core, store, log);
  const jobs = [stuck, ...(retries ? [retries] : []), housekeeping, atRisk];

  // Fixed intervals from the start, not clock-aligned (docs/decisions.md, "Scheduler"). A tick
  // while the job still runs is skipped by the Job; a failed run is logged by it.
  const every = (ms: number, job: { tick(): Promise<void> }): NodeJS.Timeout =>
    setInterval(() => void job.tick(), ms).unref();
  const timers: NodeJS.Timeout[] = [
    every(STUCK_EVERY_MS, stuck),
    ...(retries ? [every(WEBHOOK_RETRIES_EVERY_MS, retries)] : []),
    every(HOUSEKEEPING_EVERY_MS, housekeeping),
    every(AT_RISK_EVERY_MS, atRisk),
  ];

  dispatcher?.kick();
  // After the server is listening, not before: a large recompute must not delay the start.
  const initialStuck = setTimeout(() => {
    void stuck.tick();
    void atRisk.tick();
    deleteLeftovers(core).catch((err: unknown) =>
      log.error({ err }, 'settling what uploads cut short left failed'),
    );
  }, 1_000);
  initialStuck.unref();

  return {
    signals: {
      eventsAppended: () => dispatcher?.kick(),
      settingsChanged: () => void stuck.trigger(),
    },
    stop: async () => {
      clearTimeout(initialStuck);
      timers.forEach(clearInterval);
      await Promise.all(jobs.map((j) => j.stop()));
      await dispatcher?.stop(DELIVERY_GRACE_MS);
    },
  };
}
