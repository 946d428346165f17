import { migrateToLatest } from '../../store/database.js';
import { openDatabase, prepareDataDir } from '../bootstrap.js';
import type { DaemonIO } from '../io.js';

export async function migrate(opts: { dataDir?: string }, io: DaemonIO): Promise<number> {
  const store = await openDatabase(prepareDataDir(opts.dataDir, io), { migrate: false });
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
