import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Store } from '../../store/database.js';
import { checkSqliteBackup, copySqliteDatabase } from '../../store/backups/sqlite-backup.js';
import { checkPostgresDump, dumpPostgres } from './postgres-dump.js';

/** A backup that did not verify, or could not be written: it never counts as one. */
export class BackupFailed extends Error {
  readonly file: string;
  constructor(file: string, reason: string) {
    super(reason);
    this.file = file;
  }
}

export interface VerifiedBackup {
  file: string;
  bytes: number;
}

/** Scheduled backups' names: `factoryd-2026-11-26T023000Z.db` (`.dump` on PostgreSQL). */
const NAME = /^factoryd-\d{4}-\d{2}-\d{2}T\d{6}Z\.(?:db|dump)$/;

function fileName(at: Date, extension: 'db' | 'dump'): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  // 20261126T023000Z → 2026-11-26T023000Z: the date readable, the name still sorts by time.
  return `factoryd-${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6)}.${extension}`;
}

function fsyncPath(path: string, flags = 'r'): void {
  const fd = openSync(path, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Where a scheduled backup made at `at` goes in `dir`. */
export function scheduledBackupFile(store: Store, dir: string, at: Date): string {
  return join(dir, fileName(at, store.dialect === 'sqlite' ? 'db' : 'dump'));
}

/**
 * Writes one verified backup of the database to `file` (which must not exist): to a temporary
 * file beside it, verified (SQLite: it opens, `PRAGMA integrity_check`, every table's rows equal
 * the snapshot's; PostgreSQL: `pg_restore --list` reads the dump to its end and it lists
 * factoryd's tables), synced to disk, and only then renamed into place (and the directory
 * synced). A failure at any step deletes the temporary file and throws BackupFailed: no file
 * appears that is not a verified backup. The file is the owner's alone (0600): it holds webhook
 * secrets.
 */
export async function writeVerifiedBackup(
  store: Store,
  file: string,
  env: Record<string, string | undefined>,
): Promise<VerifiedBackup> {
  const dir = dirname(file);
  const temp = join(dir, `.${basename(file)}.partial`);
  const fail = (reason: string): never => {
    rmSync(temp, { force: true });
    throw new BackupFailed(file, reason);
  };
  if (existsSync(file)) throw new BackupFailed(file, `${file} exists; choose a new file name`);
  try {
    rmSync(temp, { force: true });
    closeSync(openSync(temp, 'wx', 0o600));
  } catch (err) {
    return fail(`cannot write in ${dir}: ${describeWriteError(err)}`);
  }
  try {
    if (store.dialect === 'sqlite') {
      const counts = await copySqliteDatabase(store.file, temp);
      const check = checkSqliteBackup(temp, counts);
      if (!check.ok) return fail(`the copy did not verify: ${check.reason}`);
    } else {
      await dumpPostgres(store.url, temp, env);
      const check = await checkPostgresDump(temp, env);
      if (!check.ok) return fail(`the dump did not verify: ${check.reason}`);
    }
    fsyncPath(temp);
    renameSync(temp, file);
    fsyncPath(dir);
  } catch (err) {
    if (err instanceof BackupFailed) throw err;
    return fail(describeWriteError(err));
  }
  return { file, bytes: statSync(file).size };
}

/** A file-system failure in words, a full disk said as such. */
export function describeWriteError(err: unknown): string {
  const code = (err as { code?: string }).code;
  const message = (err as Error).message ?? String(err);
  if (
    code === 'ENOSPC' ||
    code === 'SQLITE_FULL' ||
    /no space left|database or disk is full/i.test(message)
  ) {
    return `the disk is full (${message})`;
  }
  return message;
}

/**
 * Deletes the oldest scheduled backups in `dir` beyond `keep` (only files named as this writes
 * them, and leftover temporary files of runs that died). Returns the names deleted.
 */
export function pruneBackups(dir: string, keep: number): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const backups = names.filter((n) => NAME.test(n)).sort();
  const doomed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of doomed) rmSync(join(dir, name), { force: true });
  return doomed;
}
