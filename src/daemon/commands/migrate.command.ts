import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { migrateToLatest, openStore } from '../../store/database.js';
import { DATABASE_FILE, resolveDataDir } from '../data-dir.js';
import type { DaemonIO } from '../io.js';

export async function migrate(opts: { dataDir?: string }, io: DaemonIO): Promise<number> {
  const dataDir = resolveDataDir(opts.dataDir, io.env, io.homeDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const store = await openStore({ file: join(dataDir, DATABASE_FILE), migrate: false });
  try {
    const applied = await migrateToLatest(store.db);
    io.stderr.write(
      applied.length === 0
        ? 'The database is up to date.\n'
        : `Applied ${applied.length} migration(s): ${applied.join(', ')}\n`,
    );
    return 0;
  } finally {
    await store.close();
  }
}
