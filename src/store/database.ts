import Database from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type QueryCompiler,
} from 'kysely';
import type { Pool } from 'pg';
import { migrationProvider } from './migrations/index.js';
import {
  recordingMigrations,
  refuseNewerDatabase,
  UNKNOWN_BUILD,
  type Build,
} from './migration-versions.js';
import { getNativeBinding } from './native-binding.js';
import type { DB } from './schema.js';
import { registerDirect, SqliteDriver } from './sqlite-driver.js';
import { startCheckpointer, type Checkpointer } from './checkpointer.js';
import { WalSync } from './wal-sync.js';

/** SQLite's default: a commit that finds this many pages in the WAL checkpoints it. */
const AUTOCHECKPOINT_PAGES = 1000;

/**
 * Memory of a database file's connections (docs/performance.md, Idle memory). better-sqlite3
 * builds SQLite with a 16 MB page cache per connection, which the process keeps once filled:
 * after a busy spell the writer and the reader held some 20 MB of the database's pages. Instead
 * every connection reads the file through a memory map, so a page read is the kernel's cached
 * copy, shared and given back under memory pressure, not a copy of the process's own; the page
 * caches are left with the pages a write changes and those read from the WAL, and stay small.
 * Pages beyond the map (a database larger than it) are read into the page cache as before.
 */
const MMAP_BYTES = 1024 * 1024 * 1024;
/** Page cache of each connection, in KiB (SQLite's negative `cache_size`). */
const CACHE_KIB = { writer: 2048, reader: 1024, snapshot: 512 } as const;

export type Db = Kysely<DB>;

/** An open database: a SQLite file (the default) or PostgreSQL (DESIGN §13). */
export type Store = SqliteStore | PostgresStore;

export interface SqliteStore {
  dialect: 'sqlite';
  db: Db;
  /**
   * The writer connection, for what Kysely does not cover (online backup, checkpoints, bulk
   * loads in benchmarks). Writing through it bypasses the write lock and the commit sync.
   */
  sqlite: Database.Database;
  file: string;
  /** Runs `work` on the writer connection while no transaction of ours is open on it. */
  withWriter<T>(work: (sqlite: Database.Database) => T): Promise<T>;
  /**
   * Gives back the connections' page caches, between transactions (a quiet server calls it,
   * src/daemon/idle-memory.ts).
   */
  shrinkMemory(): Promise<void>;
  /** Whether the checkpoint thread is there or starting (it ends when idle; `checkpoint`). */
  readonly checkpointing: boolean;
  close(): Promise<void>;
}

export interface PostgresStore {
  dialect: 'postgres';
  db: Db;
  /** The connection pool Kysely uses, for advisory locks on a connection of their own. */
  pool: Pool;
  url: string;
  close(): Promise<void>;
}

/** SQLite runs DDL inside transactions, so a failed migration leaves the schema as it was. */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect over our driver (sqlite-driver.ts): a writer and a reader. */
class SqliteDialect implements Dialect {
  constructor(private readonly driver: SqliteDriver) {}
  createDriver(): Driver {
    return this.driver;
  }
  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

export type OpenOptions = OpenSqliteOptions | OpenPostgresOptions;

/** What opening a database may be told about its migrations. */
export interface MigrateOptions {
  /** Run pending migrations (default true). */
  migrate?: boolean;
  /** The build recorded as applying them (migration-versions.ts); UNKNOWN_BUILD by default. */
  build?: Build;
  /** Hears the names of the migrations this opening applied, when it applied any. */
  onMigrated?: (names: string[]) => void;
}

export interface OpenSqliteOptions extends MigrateOptions {
  /** A file path, or ':memory:' for throwaway databases. */
  file: string;
  /**
   * Checkpoint the WAL from a thread of its own (checkpointer.ts; `worker` is its entry) instead
   * of inside a commit now and then; `onError` hears of its failures. For a file only. The
   * thread ends after `idleMs` (default CHECKPOINT_IDLE_MS) with nothing to move, and the next
   * commit starts it again.
   */
  checkpoint?: { worker: URL; onError(message: string): void; idleMs?: number };
}

export interface OpenPostgresOptions extends MigrateOptions {
  /** `postgres://user:password@host:port/database?sslmode=…` */
  url: string;
  /** Connections in this process's pool (default 10). */
  poolMax?: number;
}

export function openStore(options: OpenSqliteOptions): Promise<SqliteStore>;
export function openStore(options: OpenPostgresOptions): Promise<PostgresStore>;
export function openStore(options: OpenOptions): Promise<Store>;
export async function openStore(options: OpenOptions): Promise<Store> {
  return 'url' in options ? openPostgresStore(options) : openSqliteStore(options);
}

function connect(file: string): Database.Database {
  const nativeBinding = getNativeBinding();
  const sqlite = new Database(
    file,
    nativeBinding ? { nativeBinding: nativeBinding as unknown as string } : {},
  );
  sqlite.pragma('busy_timeout = 5000');
  sqlite.defaultSafeIntegers(false);
  return sqlite;
}

/**
 * Opens (and migrates) a database: a writer connection for transactions, and for a file two
 * readers, for single reads and for read-only transactions, that serve reads while a write is
 * under way (sqlite-driver.ts).
 *
 * Commits are durable before they are answered: the writer commits with `synchronous=NORMAL`
 * and the WAL file is synced off the event loop before the transaction resolves (wal-sync.ts),
 * so an answered scan survives a power cut without the process stopping for each disk sync.
 */
async function openSqliteStore(options: OpenSqliteOptions): Promise<SqliteStore> {
  const inMemory = options.file === ':memory:' || options.file === '';
  const writer = connect(options.file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('foreign_keys = ON');
  let walSync: WalSync | undefined;
  let reader: Database.Database | undefined;
  let snapshot: Database.Database | undefined;
  if (inMemory) {
    writer.pragma('synchronous = FULL');
  } else {
    writer.pragma('synchronous = NORMAL');
    walSync = new WalSync(`${options.file}-wal`);
    reader = connect(options.file);
    reader.pragma('query_only = ON');
    snapshot = connect(options.file);
    snapshot.pragma('query_only = ON');
    for (const [name, sqlite] of [
      ['writer', writer],
      ['reader', reader],
      ['snapshot', snapshot],
    ] as const) {
      sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
      sqlite.pragma(`cache_size = -${CACHE_KIB[name]}`);
    }
  }

  let checkpointer: Checkpointer | undefined;
  const driver = new SqliteDriver({
    writer,
    reader,
    snapshot,
    // After each commit of the writer: its WAL frames will need a checkpoint.
    durable:
      walSync &&
      (() => {
        checkpointer?.wake();
        return walSync.durable();
      }),
  });
  const db = new Kysely<DB>({ dialect: new SqliteDialect(driver) });
  registerDirect(db, driver);
  const store: SqliteStore = {
    dialect: 'sqlite',
    db,
    sqlite: writer,
    file: options.file,
    withWriter: (work) => driver.withWriter(work),
    shrinkMemory: () => driver.shrinkMemory(),
    get checkpointing() {
      return checkpointer?.running ?? false;
    },
    close: async () => {
      await checkpointer?.stop();
      await walSync?.close();
      await db.destroy();
    },
  };
  try {
    if (options.migrate !== false && !(await isUpToDate(writer))) await migrate(db, options);
    if (options.checkpoint && !inMemory) {
      const { worker, onError, idleMs } = options.checkpoint;
      checkpointer = await startCheckpointer({
        entry: worker,
        file: options.file,
        ...(idleMs === undefined ? {} : { idleMs }),
        onError,
        onExit: () => {
          onError('the checkpoint thread stopped; SQLite checkpoints inside commits again');
          if (writer.open) writer.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
        },
      });
      writer.pragma('wal_autocheckpoint = 0');
    }
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}

/**
 * Whether the database has run exactly the migrations this build knows: two reads, where
 * Kysely's migrator first introspects every table (the common case at each start). Anything
 * else — a new database, pending migrations, or ones this build does not know — goes to the
 * migrator, which applies them or refuses with its own error.
 */
async function isUpToDate(sqlite: Database.Database): Promise<boolean> {
  const table = sqlite
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
    .get();
  if (table === undefined) return false;
  return isKnownSet(sqlite.prepare('select name from kysely_migration').pluck().all() as string[]);
}

/**
 * PostgreSQL: the driver loads only here, so a SQLite factory never pays for it. Migrations run
 * under Kysely's migration lock, so several factoryd starting at once apply them once.
 */
async function openPostgresStore(options: OpenPostgresOptions): Promise<PostgresStore> {
  const { openPostgres, appliedMigrations } = await import('./postgres.js');
  const { db, pool } = openPostgres({
    url: options.url,
    ...(options.poolMax ? { poolMax: options.poolMax } : {}),
  });
  const store: PostgresStore = {
    dialect: 'postgres',
    db,
    pool,
    url: options.url,
    close: () => db.destroy(),
  };
  try {
    if (options.migrate === false) {
      await pool.query('select 1');
    } else {
      const applied = await appliedMigrations(pool);
      if (!(await isKnownSet(applied))) await migrate(db, options);
    }
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}

async function migrate(db: Db, options: MigrateOptions): Promise<void> {
  const applied = await migrateToLatest(db, options.build);
  if (applied.length > 0) options.onMigrated?.(applied);
}

async function isKnownSet(applied: readonly string[] | null): Promise<boolean> {
  if (applied === null) return false;
  const known = Object.keys(await migrationProvider.getMigrations());
  const set = new Set(applied);
  return set.size === known.length && known.every((name) => set.has(name));
}

/**
 * Runs pending migrations in one transaction; forward only. Returns the names applied. A failure
 * rolls the whole run back (DDL is transactional on both dialects) and names the migration. A
 * database with migrations this build does not know (upgraded by a newer factoryd) is refused
 * with NewerDatabaseError, untouched. Each migration records `build` as the one that applied it.
 */
export async function migrateToLatest(db: Db, build: Build = UNKNOWN_BUILD): Promise<string[]> {
  await refuseNewerDatabase(db, build);
  const migrator = new Migrator({ db, provider: recordingMigrations(build) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    if (!failed) throw error instanceof Error ? error : new Error(reason);
    throw new Error(
      `migration ${failed} failed, so none was applied (the database is as it was): ${reason}`,
      { cause: error },
    );
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Work that one process of a group runs at a time (DESIGN §13). */
export type ExclusiveWork = 'init' | 'stuck-recompute' | 'housekeeping' | 'backup' | 'at-risk';

/**
 * Runs `work` while no other process on the database runs the same: on PostgreSQL under a
 * session advisory lock (waited for; released when the work ends, or with the connection when
 * the process dies). A SQLite file has one factoryd, so it just runs.
 */
export async function exclusively<T>(
  store: Store,
  name: ExclusiveWork,
  work: () => Promise<T>,
): Promise<T> {
  if (store.dialect === 'sqlite') return work();
  const { withLock, LOCKS } = await import('./postgres.js');
  return withLock(store.pool, LOCKS[name], work);
}
