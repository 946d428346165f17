import { newId } from '../../domain/ids.js';
import * as runs from '../../store/backups/backup-runs.repository.js';
import { settingsOf } from '../../store/settings/settings.repository.js';
import type { BackupRunTable } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';

/** A scheduled backup's outcome as the API, the events and the staff app show it. */
export interface BackupRunView {
  id: string;
  object: 'backup_run';
  status: 'completed' | 'failed';
  started_at: string;
  finished_at: string;
  /** The verified backup (completed), or where it would have gone (failed). */
  file: string | null;
  bytes: number | null;
  /** Why it failed, in a sentence; null when it completed. */
  error: string | null;
}

/** Runs kept per factory: enough history for a month of daily backups and their retries. */
const RUNS_KEPT = 100;

const toView = (row: BackupRunTable): BackupRunView => ({
  id: row.id,
  object: 'backup_run',
  status: row.status,
  started_at: row.started_at,
  finished_at: row.finished_at,
  file: row.file,
  bytes: row.bytes === null ? null : Number(row.bytes),
  error: row.error,
});

/**
 * Records a scheduled backup's outcome and announces it: `backup.completed` or `backup.failed`
 * (webhooks, the staff app's warning). One transaction.
 */
export function recordBackupRun(
  ctx: CoreContext,
  factoryId: string,
  run: Omit<BackupRunView, 'id' | 'object' | 'finished_at'>,
): Promise<BackupRunView> {
  return transact(ctx, async (tx) => {
    const row: BackupRunTable = {
      id: newId('backupRun', tx.now),
      factory_id: factoryId,
      status: run.status,
      started_at: run.started_at,
      finished_at: tx.nowIso,
      file: run.file,
      bytes: run.bytes,
      error: run.error,
    };
    await runs.insertBackupRun(tx.trx, row);
    await runs.trimBackupRuns(tx.trx, factoryId, RUNS_KEPT);
    const view = toView(row);
    tx.emit(factoryId, run.status === 'completed' ? 'backup.completed' : 'backup.failed', view);
    return view;
  });
}

export interface BackupStatus {
  object: 'backup_status';
  /** The setting: null when no backups are scheduled. */
  schedule: string | null;
  /** The newest run, completed or failed. */
  last_run: BackupRunView | null;
  /** The newest verified backup. */
  last_completed: BackupRunView | null;
  /** The latest runs, newest first (at most 20). */
  runs: BackupRunView[];
}

/** Where the factory's scheduled backups stand: what the staff app's warning reads. */
export async function backupStatus(ctx: CoreContext, factoryId: string): Promise<BackupStatus> {
  const [recent, completed, settings] = await Promise.all([
    runs.recentBackupRuns(ctx.db, factoryId, 20),
    runs.lastCompletedRun(ctx.db, factoryId),
    settingsOf(ctx.db, factoryId),
  ]);
  const schedule = settings?.backup_schedule ?? null;
  return {
    object: 'backup_status',
    schedule,
    last_run: recent[0] ? toView(recent[0]) : null,
    last_completed: completed ? toView(completed) : null,
    runs: recent.map(toView),
  };
}

/** The newest run's start (any outcome) of the factory, or null. */
export async function lastBackupStart(ctx: CoreContext, factoryId: string): Promise<string | null> {
  const [last] = await runs.recentBackupRuns(ctx.db, factoryId, 1);
  return last?.started_at ?? null;
}

export interface BackupPlan {
  factoryId: string;
  schedule: string | null;
  dir: string | null;
  keep: number;
  timezone: string;
}

/** Every factory's backup settings. */
export async function backupPlans(ctx: CoreContext): Promise<BackupPlan[]> {
  return (await runs.backupSettings(ctx.db)).map((s) => ({
    factoryId: s.factory_id,
    schedule: s.backup_schedule,
    dir: s.backup_dir,
    keep: s.backup_keep,
    timezone: s.timezone,
  }));
}
