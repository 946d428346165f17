import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { checkSqliteBackup } from '../../store/backups/sqlite-backup.js';
import { databaseUrlOf } from '../bootstrap.js';
import { DataDirInUseError, lockDataDir } from '../data-dir-lock.js';
import { DATABASE_FILE, resolveDataDir } from '../data-dir.js';
import type { DaemonIO } from '../io.js';
import { backupKind, whyNotABackup } from './backup.command.js';

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * `factoryd restore FILE`: puts a verified backup in place of the data directory's database.
 * It refuses while a `factoryd serve` holds the data directory (its lock), and holds the lock
 * itself meanwhile, so no server starts half way. The backup is verified, copied beside the
 * database, verified again, synced, and only then swapped in; the database it replaces is kept
 * beside it (`factoryd.db.before-restore-<time>`, with its WAL files), never deleted.
 * PostgreSQL: the dump is verified and the pg_restore command to run is printed.
 */
export async function restore(
  file: string,
  opts: { dataDir?: string },
  io: DaemonIO,
): Promise<number> {
  const source = resolve(file);
  const reason = await whyNotABackup(source, io.env);
  if (reason) {
    io.stderr.write(`factoryd: ${source} is not a good backup, nothing was restored: ${reason}\n`);
    return 1;
  }
  const url = databaseUrlOf(io);
  if (url || backupKind(source) === 'pg_dump') {
    if (!url || backupKind(source) !== 'pg_dump') {
      io.stderr.write(
        'factoryd: a pg_dump file restores into PostgreSQL (--database-url), a SQLite backup into a data directory\n',
      );
      return 2;
    }
    io.stderr.write(
      `${source} is a good dump. Stop every factoryd on the database, then restore it with PostgreSQL's own tool:\n` +
        `  pg_restore --clean --if-exists --no-owner --single-transaction --dbname "$FACTORYD_DATABASE_URL" ${source}\n` +
        'See docs/operate.md, "Restore".\n',
    );
    return 0;
  }

  const dataDir = resolveDataDir(opts.dataDir, io.env, io.homeDir);
  if (!existsSync(dataDir)) {
    io.stderr.write(`factoryd: no data directory ${dataDir}\n`);
    return 1;
  }
  let lock;
  try {
    lock = lockDataDir(dataDir, { pid: io.pid, now: new Date() });
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    io.stderr.write(`factoryd: not restoring: ${err.message}\n`);
    return 1;
  }
  try {
    const database = join(dataDir, DATABASE_FILE);
    const incoming = join(dataDir, `.${DATABASE_FILE}.restoring`);
    rmSync(incoming, { force: true });
    copyFileSync(source, incoming);
    chmodSync(incoming, 0o600);
    fsyncPath(incoming);
    const check = checkSqliteBackup(incoming);
    if (!check.ok) {
      rmSync(incoming, { force: true });
      io.stderr.write(
        `factoryd: the copy in ${dataDir} did not verify, nothing was restored: ${check.reason}\n`,
      );
      return 1;
    }
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const aside = `${database}.before-restore-${stamp}`;
    const kept = existsSync(database);
    if (kept) {
      for (const suffix of ['', '-wal', '-shm']) {
        if (existsSync(`${database}${suffix}`))
          renameSync(`${database}${suffix}`, `${aside}${suffix}`);
      }
    }
    renameSync(incoming, database);
    fsyncPath(dataDir);
    io.stderr.write(
      `Restored ${source} into ${database}` +
        `${kept ? `; the database it replaced is kept as ${aside}` : ''}.\n` +
        'Start factoryd (for the service: sudo systemctl start factoryd).\n',
    );
    return 0;
  } finally {
    lock.release();
  }
}
