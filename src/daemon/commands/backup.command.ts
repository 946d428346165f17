import { closeSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import { resolveDataDir } from '../data-dir.js';
import { databaseUrlOf, openDatabase } from '../bootstrap.js';
import type { DaemonIO } from '../io.js';
import { checkSqliteBackup } from '../../store/backups/sqlite-backup.js';
import { openStore } from '../../store/database.js';
import { checkPostgresDump, findPgProgram } from '../backups/postgres-dump.js';
import { BackupFailed, writeVerifiedBackup } from '../backups/verified-backup.js';

/**
 * `factoryd backup FILE`: one verified backup (backups/verified-backup.ts), safe while serving.
 * SQLite: the online backup API copies a consistent snapshot while the server keeps serving;
 * PostgreSQL: `pg_dump --format=custom`. Written aside, verified, then put in place; the file is
 * the owner's alone (0600), as it holds webhook secrets.
 */
export async function backup(
  file: string,
  opts: { dataDir?: string },
  io: DaemonIO,
): Promise<number> {
  const target = resolve(file);
  const url = databaseUrlOf(io);
  if (url && !findPgProgram('pg_dump', io.env)) {
    io.stderr.write(
      "factoryd: on PostgreSQL, back up with PostgreSQL's own pg_dump (not found here: install the PostgreSQL client, e.g. apt-get install postgresql-client):\n" +
        `  pg_dump --format=custom --file ${target} "$FACTORYD_DATABASE_URL"\n` +
        'Restore: docs/operate.md, "Restore".\n',
    );
    return 1;
  }
  const store = url
    ? await openStore({ url, migrate: false, poolMax: 1 })
    : await openDatabase(resolveDataDir(opts.dataDir, io.env, io.homeDir), {
        migrate: false,
        create: false,
      });
  try {
    const made = await writeVerifiedBackup(store, target, io.env);
    io.stderr.write(
      `Backed up to ${made.file} (${made.bytes} bytes), verified` +
        `${url ? ' (pg_dump custom format; restore with pg_restore)' : ''}\n`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof BackupFailed)) throw err;
    io.stderr.write(`factoryd: backup failed, nothing was written: ${err.message}\n`);
    return 1;
  } finally {
    await store.close();
  }
}

/** What kind of file the first bytes say it is. */
export function backupKind(file: string): 'sqlite' | 'pg_dump' | 'unknown' | 'missing' {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return 'missing';
  }
  try {
    const head = Buffer.alloc(16);
    const n = readSync(fd, head, 0, 16, 0);
    if (n >= 16 && head.toString('latin1') === 'SQLite format 3\0') return 'sqlite';
    if (n >= 5 && head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pg_dump';
    return 'unknown';
  } finally {
    closeSync(fd);
  }
}

/** Why `file` is not a good backup, or null when it is (SQLite file or pg_dump custom dump). */
export async function whyNotABackup(
  file: string,
  env: Record<string, string | undefined>,
): Promise<string | null> {
  switch (backupKind(file)) {
    case 'missing':
      return 'it cannot be read (no such file, or no permission)';
    case 'unknown':
      return 'it is neither a SQLite database nor a pg_dump custom-format dump';
    case 'pg_dump': {
      const check = await checkPostgresDump(file, env);
      return check.ok ? null : check.reason;
    }
    case 'sqlite': {
      const check = checkSqliteBackup(file);
      return check.ok ? null : check.reason;
    }
  }
}

/** `factoryd backup --verify FILE`: exit 0 when FILE is a good backup, else 1 with the reason. */
export async function verifyBackup(file: string, io: DaemonIO): Promise<number> {
  const target = resolve(file);
  const reason = await whyNotABackup(target, io.env);
  if (reason) {
    io.stderr.write(`factoryd: ${target} is not a good backup: ${reason}\n`);
    return 1;
  }
  const kind = backupKind(target) === 'sqlite' ? 'SQLite database' : 'pg_dump custom-format dump';
  const detail =
    kind === 'SQLite database'
      ? 'it opens, its integrity check passes, and it holds a factoryd database'
      : 'pg_restore --list reads it to the end, and it holds factoryd tables';
  io.stdout.write(`${target}: a good backup (${kind}): ${detail}\n`);
  return 0;
}
