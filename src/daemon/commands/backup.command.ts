import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openStore } from '../../store/database.js';
import { DATABASE_FILE, resolveDataDir } from '../data-dir.js';
import type { DaemonIO } from '../io.js';

/**
 * SQLite's online backup API copies a consistent snapshot page by page while the server keeps
 * serving (WAL readers do not block the writer).
 */
export async function backup(
  file: string,
  opts: { dataDir?: string },
  io: DaemonIO,
): Promise<number> {
  const dataDir = resolveDataDir(opts.dataDir, io.env, io.homeDir);
  const source = join(dataDir, DATABASE_FILE);
  if (!existsSync(source)) {
    io.stderr.write(`factoryd: no database at ${source}\n`);
    return 1;
  }
  const target = resolve(file);
  if (existsSync(target)) {
    io.stderr.write(`factoryd: ${target} exists; choose a new file name\n`);
    return 1;
  }
  const store = await openStore({ file: source, migrate: false });
  try {
    const result = await store.sqlite.backup(target);
    io.stderr.write(`Backed up ${result.totalPages} pages to ${target}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
