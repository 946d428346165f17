import { migrateToLatest, openStore } from '../../store/database.js';
import { databaseUrlOf, openDatabase, prepareDataDir } from '../bootstrap.js';
import type { DaemonIO } from '../io.js';

export async function migrate(opts: { dataDir?: string }, io: DaemonIO): Promise<number> {
  const url = databaseUrlOf(io);
  const dataDir = prepareDataDir(opts.dataDir, io);
  const store = url
    ? await openStore({ url, migrate: false })
    : await openDatabase(dataDir, { migrate: false });
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
