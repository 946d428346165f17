import type { CoreContext } from '../../core/context.js';
import { recomputeStuck, type StuckRecomputeResult } from '../../core/jobs/stuck-recompute.js';
import { exclusively, type Store } from '../../store/database.js';
import { Job, type JobLog } from './job.js';

/** Stored `stuck` and `order.stuck` events: every 5 minutes and after a settings change. */
export const STUCK_EVERY_MS = 5 * 60_000;

/** One run at a time across every factoryd on the database (PostgreSQL: an advisory lock). */
export function stuckJob(core: CoreContext, store: Store, log: JobLog): Job<StuckRecomputeResult> {
  return new Job(
    'stuck-recompute',
    () => exclusively(store, 'stuck-recompute', () => recomputeStuck(core)),
    log,
    (r) => (r.became_stuck > 0 || r.cleared > 0 ? { ...r } : null),
  );
}
