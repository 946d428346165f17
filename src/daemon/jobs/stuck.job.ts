import type { CoreContext } from '../../core/context.js';
import { recomputeStuck, type StuckRecomputeResult } from '../../core/jobs/stuck-recompute.js';
import { exclusively, type Store } from '../../store/database.js';
import { audited } from '../../core/audit/audit-scope.js';
import { Job, type JobLog } from './job.js';

/** Stored `stuck` and `order.stuck` events: every 5 minutes and after a settings change. */
export const STUCK_EVERY_MS = 5 * 60_000;

/**
 * A run that flips orders is a change by the scheduler (DESIGN §17): one audit row, actor
 * `system`, with the counts of its first transaction that flipped any. It spans factories.
 */
const STUCK_AUDIT = {
  factoryId: null,
  actor: { type: 'system' as const, id: null, name: 'scheduler' },
  action: 'order.stuck_recompute',
  target: { type: 'order', id: null },
  requestId: null,
  ip: null,
  changes: null,
  changesOf: (result: unknown) => {
    const r = result as StuckRecomputeResult;
    return r.became_stuck > 0 || r.cleared > 0 ? { ...r } : null;
  },
};

/** One run at a time across every factoryd on the database (PostgreSQL: an advisory lock). */
export function stuckJob(core: CoreContext, store: Store, log: JobLog): Job<StuckRecomputeResult> {
  return new Job(
    'stuck-recompute',
    () =>
      exclusively(store, 'stuck-recompute', () =>
        audited(core, STUCK_AUDIT, (ctx) => recomputeStuck(ctx)),
      ),
    log,
    (r) => (r.became_stuck > 0 || r.cleared > 0 ? { ...r } : null),
  );
}
