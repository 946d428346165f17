import { AT_RISK_EVERY_MS, atRiskJob } from './jobs/at-risk.job.js';
import type { FastifyBaseLogger } from 'fastify';
import type { CoreContext, Signals } from '../core/context.js';
import { WebhookDispatcher } from './webhooks/dispatcher.js';
import type { Store } from '../store/database.js';
import { deleteLeftovers } from '../core/uploads/upload-leftovers.js';
import { BACKUP_CHECK_EVERY_MS, backupJob } from './jobs/backup.job.js';
import { HOUSEKEEPING_EVERY_MS, housekeepingJob } from './jobs/housekeeping.job.js';
import { STUCK_EVERY_MS, stuckJob } from './jobs/stuck.job.js';
import { WEBHOOK_RETRIES_EVERY_MS, webhookRetriesJob } from './jobs/webhook-retries.job.js';
import { Job } from './jobs/job.js';
import { VERSION } from './version.js';
import { PrintWorker } from './printers/print-worker.js';
import { labelsInThisThread, type LabelRenderer } from '../labels/label-renderer.js';

export interface SchedulerDeps {
  core: CoreContext;
  store: Store;
  log: FastifyBaseLogger;
  /** False: no webhook is sent (deliveries stay due in the database); the other jobs run. */
  deliveries?: boolean;
  /** How long a claimed webhook delivery is kept from other processes (default 2 minutes). */
  deliveryLeaseMs?: number;
  /** Scheduled backups go to `<dataDir>/backups` unless `backup_dir` says otherwise. */
  dataDir?: string;
  /** The environment (where pg_dump is). */
  env?: Record<string, string | undefined>;
  /** How often to look whether a scheduled backup is due (default 30 s). */
  backupCheckMs?: number;
  /** Where print jobs' labels are rendered (the server's label thread). */
  labels?: LabelRenderer;
}

export interface Scheduler {
  /** What use cases signal after commit (new events, settings changes). */
  signals: Signals;
  /** Stops the jobs and waits for a running one to finish. */
  stop(): Promise<void>;
}

/** A look at the print queue (jobs queued by another process) every 10 s. */
const PRINT_QUEUE_EVERY_MS = 10_000;

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
  dataDir,
  env = {},
  backupCheckMs = BACKUP_CHECK_EVERY_MS,
  labels,
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
  const backups = dataDir === undefined ? null : backupJob({ core, store, dataDir, env, log });
  // Printers are driven by every process: a job is claimed by one (print_jobs' guarded claim).
  const printing = new PrintWorker({
    core,
    labels: labels ?? labelsInThisThread(() => () => undefined),
    log,
    exclusive: store.dialect === 'sqlite',
  });
  const printQueue = new Job('print-queue', () => printing.kick(), log);
  const atRisk = atRiskJob(core, store, log);
  const jobs = [
    stuck,
    ...(retries ? [retries] : []),
    housekeeping,
    ...(backups ? [backups] : []),
    printQueue,
    atRisk,
  ];

  // Fixed intervals from the start, not clock-aligned (docs/decisions.md, "Scheduler"). A tick
  // while the job still runs is skipped by the Job; a failed run is logged by it.
  const every = (ms: number, job: { tick(): Promise<void> }): NodeJS.Timeout =>
    setInterval(() => void job.tick(), ms).unref();
  const timers: NodeJS.Timeout[] = [
    every(STUCK_EVERY_MS, stuck),
    ...(retries ? [every(WEBHOOK_RETRIES_EVERY_MS, retries)] : []),
    every(HOUSEKEEPING_EVERY_MS, housekeeping),
    ...(backups ? [every(backupCheckMs, backups)] : []),
    every(PRINT_QUEUE_EVERY_MS, printQueue),
    every(AT_RISK_EVERY_MS, atRisk),
  ];
  printing.start().catch((err: unknown) => log.error({ err }, 'starting the print worker failed'));

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
      printQueueChanged: () => void printing.kick(),
      printerWatched: (printerId) => printing.watch(printerId),
    },
    stop: async () => {
      clearTimeout(initialStuck);
      timers.forEach(clearInterval);
      await Promise.all(jobs.map((j) => j.stop()));
      await dispatcher?.stop(DELIVERY_GRACE_MS);
      await printing.stop();
    },
  };
}
