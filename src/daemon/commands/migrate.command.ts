import { migrateToLatest, openStore } from '../../store/database.js';
import { migrationStates, type MigrationState } from '../../store/migration-versions.js';
import {
  databaseLine,
  databaseUrlOf,
  describeDatabase,
  openDatabase,
  prepareDataDir,
} from '../bootstrap.js';
import type { DaemonIO } from '../io.js';
import { THIS_BUILD } from '../version.js';

export async function migrate(
  opts: { dataDir?: string; status?: boolean },
  io: DaemonIO,
): Promise<number> {
  const url = databaseUrlOf(io);
  const dataDir = prepareDataDir(opts.dataDir, io);
  const store = url
    ? await openStore({ url, migrate: false })
    : await openDatabase(dataDir, { migrate: false, create: !opts.status });
  try {
    if (opts.status)
      return await printStatus(store.db, databaseLine(describeDatabase(dataDir, io)), io);
    const applied = await migrateToLatest(store.db, THIS_BUILD);
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

const STATE_WORDS: Record<MigrationState['state'], string> = {
  applied: 'applied',
  pending: 'pending',
  unknown: 'newer',
};

/**
 * `factoryd migrate --status`: one line per migration (state, name, when, by which build) on
 * stdout, then what to do on stderr. Exit 0 when up to date, 3 when migrations are pending, 4
 * when the database is newer than this build.
 */
async function printStatus(
  db: Parameters<typeof migrationStates>[0],
  where: string,
  io: DaemonIO,
): Promise<number> {
  const states = await migrationStates(db);
  const width = Math.max(...states.map((m) => m.name.length));
  for (const m of states) {
    const by = m.applied_by
      ? `factoryd ${m.applied_by.version} (commit ${m.applied_by.commit})`
      : '';
    io.stdout.write(
      `${STATE_WORDS[m.state].padEnd(8)} ${m.name.padEnd(width)}  ${(m.applied_at ?? '').padEnd(24)}  ${by}`.trimEnd() +
        '\n',
    );
  }
  const pending = states.filter((m) => m.state === 'pending').length;
  const newer = states.filter((m) => m.state === 'unknown').length;
  const applied = states.filter((m) => m.state === 'applied').length;
  io.stderr.write(
    `${where}: ${applied} applied, ${pending} pending, ${newer} newer than this factoryd ${THIS_BUILD.version}.\n`,
  );
  if (newer > 0) {
    io.stderr.write(
      'This database was upgraded by a newer factoryd: run that version, or restore the backup taken before the upgrade ("factory docs operate", Upgrades and rollback).\n',
    );
    return 4;
  }
  if (pending > 0) {
    io.stderr.write(
      'Apply the pending migrations with: factoryd migrate (factoryd serve does it too).\n',
    );
    return 3;
  }
  return 0;
}
