import type { CoreContext } from '../../core/context.js';
import { housekeep, type HousekeepingResult } from '../../core/jobs/housekeeping.js';
import { exclusively, type Store } from '../../store/database.js';
import { Job, type JobLog } from './job.js';

/** Expired codes and sessions, old idempotency keys and deliveries, a WAL checkpoint: hourly. */
export const HOUSEKEEPING_EVERY_MS = 60 * 60_000;

export interface HousekeepingRun extends HousekeepingResult {
  /** The write-ahead log could not be fully checkpointed (a reader held it); next hour then. */
  checkpoint_busy: boolean;
}

/**
 * Deletes what has expired, then (SQLite) moves the write-ahead log into the database file;
 * PostgreSQL checkpoints and vacuums by itself.
 */
export async function runHousekeeping(core: CoreContext, store: Store): Promise<HousekeepingRun> {
  const deleted = await housekeep(core);
  if (store.dialect !== 'sqlite') return { ...deleted, checkpoint_busy: false };
  const [row] = await store.withWriter(
    (sqlite) => sqlite.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[],
  );
  return { ...deleted, checkpoint_busy: row?.busy === 1 };
}

export function housekeepingJob(
  core: CoreContext,
  store: Store,
  log: JobLog,
): Job<HousekeepingRun> {
  return new Job(
    'housekeeping',
    () => exclusively(store, 'housekeeping', () => runHousekeeping(core, store)),
    log,
    (r) => ({ ...r }),
  );
}
