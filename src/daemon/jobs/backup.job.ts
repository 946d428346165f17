import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  backupPlans,
  lastBackupStart,
  recordBackupRun,
  type BackupPlan,
} from '../../core/backups/backup-runs.js';
import type { CoreContext } from '../../core/context.js';
import { nextBackupAt, parseBackupSchedule } from '../../domain/backup-schedule.js';
import { exclusively, type Store } from '../../store/database.js';
import {
  BackupFailed,
  describeWriteError,
  pruneBackups,
  scheduledBackupFile,
  writeVerifiedBackup,
} from '../backups/verified-backup.js';
import { Job, type JobLog } from './job.js';

/** How often the scheduler looks whether a backup is due (a backup starts within this of its time). */
export const BACKUP_CHECK_EVERY_MS = 30_000;

/** Where a factory's scheduled backups go when `backup_dir` is not set. */
export const DEFAULT_BACKUP_SUBDIR = 'backups';

export interface BackupJobDeps {
  core: CoreContext;
  store: Store;
  dataDir: string;
  env: Record<string, string | undefined>;
  log: JobLog;
}

export interface BackupJobRun {
  completed: string[];
  failed: { file: string; error: string }[];
}

/**
 * Scheduled backups (DESIGN §18): at each look, every factory whose `backup_schedule` is due
 * (the first scheduled instant after its last backup, or after this server started) gets one
 * verified backup (verified-backup.ts). A failure is recorded and announced as such
 * (`backup.failed`, the staff app's warning, `factoryd_backups_total{outcome="failed"}`) and never
 * counts as a backup; the next look does not retry it before the next scheduled time.
 * On PostgreSQL one factoryd of the group writes each backup.
 */
export function backupJob(deps: BackupJobDeps): Job<BackupJobRun> {
  const { core, log } = deps;
  const startedAt = core.clock.now();
  const figures = {
    runs: core.metrics.counter({
      name: 'factoryd_backups_total',
      help: 'Scheduled backups by outcome (completed: written and verified; failed: not a backup).',
      labelNames: ['outcome'],
    }),
    lastSuccess: core.metrics.gauge({
      name: 'factoryd_backup_last_success_timestamp_seconds',
      help: 'When the last verified scheduled backup finished (Unix time); 0 before the first.',
    }),
    lastFailed: core.metrics.gauge({
      name: 'factoryd_backup_last_failed',
      help: '1 while the latest scheduled backup failed, 0 once one completes.',
    }),
  };
  figures.lastSuccess.set(0);
  figures.lastFailed.set(0);

  const runOne = async (plan: BackupPlan, result: BackupJobRun): Promise<void> => {
    const startedIso = core.clock.now().toISOString();
    const dir = plan.dir ?? join(deps.dataDir, DEFAULT_BACKUP_SUBDIR);
    try {
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
      } catch (err) {
        throw new BackupFailed(dir, `cannot create ${dir}: ${describeWriteError(err)}`);
      }
      const file = scheduledBackupFile(deps.store, dir, core.clock.now());
      const backup = await writeVerifiedBackup(deps.store, file, deps.env);
      const pruned = pruneBackups(dir, plan.keep);
      await recordBackupRun(core, plan.factoryId, {
        status: 'completed',
        started_at: startedIso,
        file: backup.file,
        bytes: backup.bytes,
        error: null,
      });
      figures.runs.inc('completed');
      figures.lastSuccess.set(core.clock.now().getTime() / 1000);
      figures.lastFailed.set(0);
      result.completed.push(backup.file);
      log.info(
        { job: 'backup', file: backup.file, bytes: backup.bytes, pruned },
        'backup written and verified',
      );
    } catch (err) {
      const file = err instanceof BackupFailed ? err.file : dir;
      const error = err instanceof Error ? err.message : String(err);
      figures.runs.inc('failed');
      figures.lastFailed.set(1);
      result.failed.push({ file, error });
      log.error({ job: 'backup', file, error }, 'backup failed: it does not count as a backup');
      try {
        await recordBackupRun(core, plan.factoryId, {
          status: 'failed',
          started_at: startedIso,
          file,
          bytes: null,
          error,
        });
      } catch (recordErr) {
        // The database itself cannot write (its disk full too): the log and the metric remain.
        log.error({ job: 'backup', err: recordErr }, 'recording the failed backup failed');
      }
    }
  };

  const isDue = async (plan: BackupPlan, now: Date): Promise<boolean> => {
    if (!plan.schedule) return false;
    const schedule = parseBackupSchedule(plan.schedule);
    if (typeof schedule === 'string') return false;
    const last = await lastBackupStart(core, plan.factoryId);
    const after = last ? new Date(last) : startedAt;
    return nextBackupAt(schedule, after, plan.timezone).getTime() <= now.getTime();
  };

  return new Job(
    'backup',
    async () => {
      const result: BackupJobRun = { completed: [], failed: [] };
      for (const plan of await backupPlans(core)) {
        if (!(await isDue(plan, core.clock.now()))) continue;
        // Looked at again under the lock: another factoryd of the group may have just written it.
        await exclusively(deps.store, 'backup', async () => {
          if (await isDue(plan, core.clock.now())) await runOne(plan, result);
        });
      }
      return result;
    },
    log,
    // Each backup logs its own line.
    () => null,
  );
}
