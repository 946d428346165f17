import type { CoreContext } from '../../core/context.js';
import { recomputeAtRisk, type AtRiskResult } from '../../core/jobs/at-risk.js';
import { exclusively, type Store } from '../../store/database.js';
import { Job, type JobLog } from './job.js';

/** `order.at_risk` once per episode (DESIGN §16): every 5 minutes. */
export const AT_RISK_EVERY_MS = 5 * 60_000;

/** One run at a time across every factoryd on the database (PostgreSQL: an advisory lock). */
export function atRiskJob(core: CoreContext, store: Store, log: JobLog): Job<AtRiskResult> {
  return new Job(
    'at-risk',
    () => exclusively(store, 'at-risk', () => recomputeAtRisk(core)),
    log,
    (r) => (r.became_at_risk > 0 || r.cleared > 0 ? { ...r } : null),
  );
}
