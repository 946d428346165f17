import { closeSync, openSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { getNativeBinding } from '../store/native-binding.js';

export const LOCK_FILE = 'factoryd.lock';

/** Who holds a data directory, as its lock file records it. */
export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
}

/** Held by `factoryd serve` for its whole life; `release` on a clean stop. */
export interface DataDirLock {
  file: string;
  release(): void;
}

/** Another process holds the data directory. `holder` is null in the instant it takes it. */
export class DataDirInUseError extends Error {
  readonly holder: LockHolder | null;
  readonly file: string;
  constructor(dataDir: string, file: string, holder: LockHolder | null) {
    const who = holder
      ? `PID ${holder.pid}${holder.host !== hostname() ? ` on ${holder.host}` : ''}, started ${holder.startedAt}`
      : 'it is starting up';
    super(
      `the data directory ${dataDir} is in use by another factoryd serve (${who}; lock file ${file}).\n` +
        'Stop that server first (for the service: sudo systemctl stop factoryd' +
        `${holder ? `; otherwise: kill ${holder.pid}` : ''}), or give this one its own --data-dir.`,
    );
    this.holder = holder;
    this.file = file;
  }
}

const isBusy = (err: unknown): boolean =>
  (err as { code?: string }).code === 'SQLITE_BUSY' ||
  (err as { code?: string }).code === 'SQLITE_LOCKED';

/**
 * Takes the data directory for this process, or throws DataDirInUseError naming the holder.
 *
 * The lock is SQLite's own file lock on `<data-dir>/factoryd.lock`, a small database of one row
 * (the holder): a write transaction opened and never committed. The operating system drops it
 * when the process ends, however it ends (kill -9 included), so a lock is never left stale, and
 * SQLite's locking is what already guards the database on the same file systems. The holder's
 * row is committed just before the lock is taken for good; a process that lost a race for it in
 * that instant starts over, so the row always names the process that holds the lock.
 */
export function lockDataDir(dataDir: string, me: { pid: number; now: Date }): DataDirLock {
  const file = join(dataDir, LOCK_FILE);
  closeSync(openSync(file, 'a', 0o600));
  const binding = getNativeBinding();
  const db = new Database(file, {
    timeout: 0,
    ...(binding ? { nativeBinding: binding as unknown as string } : {}),
  });
  const holder = (): LockHolder | null => {
    try {
      const row = db.prepare('select pid, host, started_at from holder').get() as
        { pid: number; host: string; started_at: string } | undefined;
      return row ? { pid: row.pid, host: row.host, startedAt: row.started_at } : null;
    } catch {
      return null;
    }
  };
  const inUse = () => {
    const error = new DataDirInUseError(dataDir, file, holder());
    db.close();
    return error;
  };
  const row = { pid: me.pid, host: hostname(), started_at: me.now.toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      db.exec('begin immediate');
    } catch (err) {
      if (isBusy(err)) throw inUse();
      db.close();
      throw err;
    }
    db.exec('create table if not exists holder (pid integer, host text, started_at text)');
    db.exec('delete from holder');
    db.prepare('insert into holder values (:pid, :host, :started_at)').run(row);
    db.exec('commit');
    try {
      db.exec('begin immediate');
    } catch (err) {
      if (isBusy(err)) throw inUse();
      db.close();
      throw err;
    }
    const now = holder();
    if (now?.pid === me.pid && now.host === row.host && now.startedAt === row.started_at) {
      return {
        file,
        release: () => {
          if (db.open) db.close();
        },
      };
    }
    // Another start wrote its row between our commit and our lock: write ours again.
    db.exec('rollback');
  }
  throw inUse();
}
