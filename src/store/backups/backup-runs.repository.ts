import type { Kysely, Transaction } from 'kysely';
import type { BackupRunTable, DB } from '../schema.js';

/** Scheduled backups' outcomes, per factory (migration 0501). */

export async function insertBackupRun(trx: Transaction<DB>, row: BackupRunTable): Promise<void> {
  await trx.insertInto('backup_runs').values(row).execute();
}

/** The factory's latest runs, newest first. */
export function recentBackupRuns(
  db: Kysely<DB>,
  factoryId: string,
  limit: number,
): Promise<BackupRunTable[]> {
  return db
    .selectFrom('backup_runs')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The newest completed run of the factory, if any. */
export function lastCompletedRun(
  db: Kysely<DB>,
  factoryId: string,
): Promise<BackupRunTable | undefined> {
  return db
    .selectFrom('backup_runs')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('status', '=', 'completed')
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Each factory's backup settings, for the scheduler. */
export function backupSettings(db: Kysely<DB>): Promise<
  {
    factory_id: string;
    backup_schedule: string | null;
    backup_dir: string | null;
    backup_keep: number;
    timezone: string;
  }[]
> {
  return db
    .selectFrom('settings')
    .select(['factory_id', 'backup_schedule', 'backup_dir', 'backup_keep', 'timezone'])
    .execute();
}

/** Keeps the factory's newest `keep` runs and deletes the rest. */
export async function trimBackupRuns(
  trx: Transaction<DB>,
  factoryId: string,
  keep: number,
): Promise<void> {
  const cutoff = await trx
    .selectFrom('backup_runs')
    .select('started_at')
    .where('factory_id', '=', factoryId)
    .orderBy('started_at', 'desc')
    .offset(keep)
    .limit(1)
    .executeTakeFirst();
  if (!cutoff) return;
  await trx
    .deleteFrom('backup_runs')
    .where('factory_id', '=', factoryId)
    .where('started_at', '<=', cutoff.started_at)
    .execute();
}
