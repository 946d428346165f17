import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { systemClock } from '../domain/clock.js';
import { createCoreContext, noSignals, type CoreContext, type Signals } from '../core/context.js';
import { createFactory, listFactoryIds } from '../core/factory/setup.js';
import { exclusively, openStore, type SqliteStore, type Store } from '../store/database.js';
import { DATABASE_FILE, INITIAL_KEY_FILE, resolveDataDir } from './data-dir.js';
import type { DaemonIO } from './io.js';
import { THIS_BUILD } from './version.js';
import type { Metrics } from '../runtime/metrics.js';

export interface OpenedDataDir {
  dataDir: string;
  store: Store;
  core: CoreContext;
}

/** Resolves the data directory and creates it (mode 0700) when it does not exist. */
export function prepareDataDir(flag: string | undefined, io: DaemonIO): string {
  const dataDir = resolveDataDir(flag, io.env, io.homeDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  return dataDir;
}

/**
 * Whether the database file exists. Only an absent file is a new install: SQLite would take an
 * empty file for an empty database, and a new factory with a new first key would replace the
 * one the file should have held (a copy that went wrong, a full disk), so that is an error.
 */
function databaseExists(file: string): boolean {
  let stat;
  try {
    stat = statSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new Error(`cannot read the database ${file}: ${(err as Error).message}`);
  }
  if (!stat.isFile()) throw new Error(`the database ${file} is not a file`);
  if (stat.size === 0) {
    throw new Error(
      `the database ${file} is empty (0 bytes): it holds no factory.\n` +
        'If it should hold your data, restore it from a backup (docs/install.md, Restore). ' +
        'For a new install, remove the empty file; the first start then creates the database.',
    );
  }
  return true;
}

/** The database and its WAL files are the owner's alone: they hold webhook secrets. */
function makePrivate(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      chmodSync(f, 0o600);
    } catch {
      // Absent, or not ours to change (an administrator running a command as another user).
    }
  }
}

/**
 * Opens `<data-dir>/factoryd.db` (migrated unless `migrate: false`), mode 0600. An absent file is
 * created; an empty, unreadable or foreign one is an error that names it.
 */
export async function openDatabase(
  dataDir: string,
  options: {
    migrate?: boolean;
    create?: boolean;
    checkpoint?: { worker: URL; onError(message: string): void };
    onMigrated?: (names: string[]) => void;
  } = {},
): Promise<SqliteStore> {
  const file = join(dataDir, DATABASE_FILE);
  if (!databaseExists(file) && options.create === false) {
    throw new Error(`no database at ${file}`);
  }
  let store: SqliteStore;
  try {
    store = await openStore({
      file,
      migrate: options.migrate ?? true,
      build: THIS_BUILD,
      ...(options.onMigrated ? { onMigrated: options.onMigrated } : {}),
      ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
    });
  } catch (err) {
    throw new Error(`cannot open the database ${file}: ${(err as Error).message}`, { cause: err });
  }
  makePrivate(file);
  return store;
}

/** Opens (creating if needed, mode 0700) the data directory and its database, migrated. */
export async function openDataDir(
  flag: string | undefined,
  io: DaemonIO,
  signals: Signals = noSignals,
): Promise<OpenedDataDir> {
  const dataDir = prepareDataDir(flag, io);
  return coreOf(dataDir, await openConfiguredDatabase(dataDir, io), signals);
}

/** PostgreSQL when a database URL is given (DESIGN §13), else `<data-dir>/factoryd.db`. */
export async function openConfiguredDatabase(
  dataDir: string,
  io: DaemonIO,
  options: {
    checkpoint?: { worker: URL; onError(message: string): void };
    /** Hears the migrations the opening applied (the start-up log names each). */
    onMigrated?: (names: string[]) => void;
  } = {},
): Promise<Store> {
  const url = databaseUrlOf(io);
  if (!url) return openDatabase(dataDir, options);
  return openStore({
    url,
    build: THIS_BUILD,
    ...(options.onMigrated ? { onMigrated: options.onMigrated } : {}),
  });
}

/**
 * The database as the logs and `migrate --status` name it: the SQLite file, or PostgreSQL's host,
 * port, database and user — never its password.
 */
export function describeDatabase(
  dataDir: string,
  io: DaemonIO,
):
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; host: string; database: string; user: string } {
  const url = databaseUrlOf(io);
  if (!url) return { kind: 'sqlite', file: join(dataDir, DATABASE_FILE) };
  try {
    const parsed = new URL(url);
    return {
      kind: 'postgres',
      host: parsed.host || parsed.searchParams.get('host') || 'localhost',
      database: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || '(default)',
      user: decodeURIComponent(parsed.username) || '(default)',
    };
  } catch {
    return { kind: 'postgres', host: '(unreadable URL)', database: '', user: '' };
  }
}

/** One line for people: `SQLite /var/lib/factoryd/factoryd.db`, `PostgreSQL factoryd on db.lan:5432`. */
export function databaseLine(db: ReturnType<typeof describeDatabase>): string {
  return db.kind === 'sqlite'
    ? `SQLite ${db.file}`
    : `PostgreSQL database ${db.database} on ${db.host} as ${db.user}`;
}

export function coreOf(
  dataDir: string,
  store: Store,
  signals: Signals = noSignals,
  metrics?: Metrics,
): OpenedDataDir {
  const core = createCoreContext({
    db: store.db,
    clock: systemClock,
    signals,
    ...(metrics ? { metrics } : {}),
  });
  return { dataDir, store, core };
}

/** `--database-url` or $FACTORYD_DATABASE_URL: PostgreSQL instead of the SQLite file. */
export function databaseUrlOf(io: DaemonIO): string | undefined {
  return io.env.FACTORYD_DATABASE_URL || undefined;
}

export interface Initialised {
  created: boolean;
  factoryId: string;
  /** The plain first key: only when just created. */
  apiKey?: string;
  keyFile: string;
}

/**
 * Creates the factory and its first admin key when the database has none. The key is written
 * once to `<data-dir>/initial-api-key` (mode 0600) for whoever runs the box; it is never stored
 * in the database, only its hash.
 */
export async function ensureInitialised(
  opened: OpenedDataDir,
  input: { name?: string; labelPrefix?: string } = {},
): Promise<Initialised> {
  const keyFile = join(opened.dataDir, INITIAL_KEY_FILE);
  // Several factoryd starting at once on an empty PostgreSQL database make one factory.
  const made = await exclusively(opened.store, 'init', async () => {
    const existing = await listFactoryIds(opened.core);
    if (existing.length > 0) return { created: false as const, factoryId: existing[0]! };
    return { created: true as const, ...(await createFactory(opened.core, input)) };
  });
  if (!made.created) return { created: false, factoryId: made.factoryId, keyFile };
  const { factoryId, apiKey } = made;
  writeFileSync(keyFile, `${apiKey.key}\n`, { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  return { created: true, factoryId, apiKey: apiKey.key, keyFile };
}

export function keyFileExists(keyFile: string): boolean {
  return existsSync(keyFile);
}
