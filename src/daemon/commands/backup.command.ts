import { closeSync, openSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { resolveDataDir } from '../data-dir.js';
import { databaseUrlOf, openDatabase } from '../bootstrap.js';
import type { DaemonIO } from '../io.js';

/**
 * SQLite's online backup API copies a consistent snapshot page by page while the server keeps
 * serving (WAL readers do not block the writer). The backup holds what the database holds,
 * webhook secrets included, so it is created private to its owner (0600) whatever the umask.
 */
export async function backup(
  file: string,
  opts: { dataDir?: string },
  io: DaemonIO,
): Promise<number> {
  const url = databaseUrlOf(io);
  if (url) {
    const { backupPostgres } = await import('./backup-postgres.js');
    return backupPostgres(file, url, io);
  }
  const dataDir = resolveDataDir(opts.dataDir, io.env, io.homeDir);
  const store = await openDatabase(dataDir, { migrate: false, create: false });
  const target = resolve(file);
  try {
    try {
      closeSync(openSync(target, 'wx', 0o600));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      io.stderr.write(`factoryd: ${target} exists; choose a new file name\n`);
      return 1;
    }
    try {
      const result = await store.sqlite.backup(target);
      io.stderr.write(`Backed up ${result.totalPages} pages to ${target}\n`);
      return 0;
    } catch (err) {
      rmSync(target, { force: true });
      throw err;
    }
  } finally {
    await store.close();
  }
}
