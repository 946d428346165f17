import { closeSync, openSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
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
 *
 * A lock is held on a file, not on its name: were `factoryd.lock` deleted while a server runs,
 * that server would hold its lock on a file no longer in the directory, and a new file of the same
 * name would lock for anyone. So, with the lock taken, the start looks again, through Linux's
 * /proc, for a process that still holds a deleted `factoryd.lock` of this directory open — a
 * server whose lock file was deleted under it — and refuses to start while there is one.
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
      const deletedHolder = holderOfDeleted(file);
      if (deletedHolder) {
        db.close();
        throw new DataDirInUseError(dataDir, file, deletedHolder);
      }
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

/**
 * A process holding a deleted lock file of this path open (Linux: its descriptor's link reads
 * `<path> (deleted)`), with the holder its row names, or null. Processes of other users cannot
 * be looked into and are passed over; so is everything where there is no /proc.
 */
function holderOfDeleted(file: string): LockHolder | null {
  let real: string;
  let pids: string[];
  try {
    real = realpathSync(file);
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const deleted = `${real} (deleted)`;
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      const link = `/proc/${pid}/fd/${fd}`;
      try {
        if (readlinkSync(link) !== deleted) continue;
      } catch {
        continue;
      }
      return { ...deletedLockRow(link), pid: Number(pid) };
    }
  }
  return null;
}

/** What the deleted lock file's row says of its holder (read through /proc), as far as it can. */
function deletedLockRow(link: string): LockHolder {
  const fallback = { pid: 0, host: hostname(), startedAt: 'time unknown' };
  try {
    const binding = getNativeBinding();
    const db = new Database(link, {
      readonly: true,
      fileMustExist: true,
      timeout: 0,
      ...(binding ? { nativeBinding: binding as unknown as string } : {}),
    });
    try {
      const row = db.prepare('select pid, host, started_at from holder').get() as
        { pid: number; host: string; started_at: string } | undefined;
      return row ? { pid: row.pid, host: row.host, startedAt: row.started_at } : fallback;
    } finally {
      db.close();
    }
  } catch {
    return fallback;
  }
}
