/**
 * Whether a database error says its disk is full: SQLite's SQLITE_FULL (also from the write-ahead
 * log or a checkpoint), PostgreSQL's `disk_full` (53100), or the operating system's ENOSPC.
 */
export function isDiskFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC') return true;
  // better-sqlite3 names extended codes too (SQLITE_IOERR_WRITE on a full file system).
  const message = err instanceof Error ? err.message : '';
  return /database or disk is full|no space left on device/i.test(message);
}
