import Database from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DialectAdapter,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type SqliteStatement,
} from 'kysely';
import type { Pool } from 'pg';
import { migrationProvider } from './migrations/index.js';
import { getNativeBinding } from './native-binding.js';
import type { DB } from './schema.js';

export type Db = Kysely<DB>;

/** An open database: a SQLite file (the default) or PostgreSQL (DESIGN §13). */
export type Store = SqliteStore | PostgresStore;

export interface SqliteStore {
  dialect: 'sqlite';
  db: Db;
  /** The underlying connection, for what Kysely does not cover (online backup, checkpoints). */
  sqlite: Database.Database;
  file: string;
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

/**
 * Write transactions start with BEGIN IMMEDIATE: they take the write lock up front, so two
 * processes on one file (the daemon and `factoryd keys create`) wait on the busy timeout instead
 * of failing when a read turns into a write.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** SQLite runs DDL inside transactions, so a failed migration leaves the schema as it was. */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** Kysely prepares every query anew; keeping prepared statements saves most of a query's cost. */
function withStatementCache(sqlite: Database.Database, max = 1000): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      let stmt = cache.get(sql);
      if (!stmt) {
        if (cache.size >= max) cache.delete(cache.keys().next().value as string);
        stmt = sqlite.prepare(sql) as unknown as SqliteStatement;
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}

export type OpenOptions = OpenSqliteOptions | OpenPostgresOptions;

export interface OpenSqliteOptions {
  /** A file path, or ':memory:' for throwaway databases. */
  file: string;
  /** Run pending migrations (default true). */
  migrate?: boolean;
}

export interface OpenPostgresOptions {
  /** `postgres://user:password@host:port/database?sslmode=…` */
  url: string;
  /** Run pending migrations (default true). */
  migrate?: boolean;
  /** Connections in this process's pool (default 10). */
  poolMax?: number;
}

export function openStore(options: OpenSqliteOptions): Promise<SqliteStore>;
export function openStore(options: OpenPostgresOptions): Promise<PostgresStore>;
export function openStore(options: OpenOptions): Promise<Store>;
export async function openStore(options: OpenOptions): Promise<Store> {
  return 'url' in options ? openPostgresStore(options) : openSqliteStore(options);
}

async function openSqliteStore(options: OpenSqliteOptions): Promise<SqliteStore> {
  const nativeBinding = getNativeBinding();
  const sqlite = new Database(
    options.file,
    nativeBinding ? { nativeBinding: nativeBinding as unknown as string } : {},
  );
  sqlite.pragma('journal_mode = WAL');
  // better-sqlite3 builds with NORMAL as the WAL default; FULL makes an answered scan survive
  // a power cut.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.defaultSafeIntegers(false);

  const db = new Kysely<DB>({
    dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
  });
  const store: SqliteStore = {
    dialect: 'sqlite',
    db,
    sqlite,
    file: options.file,
    close: async () => {
      await db.destroy();
    },
  };
  if (options.migrate !== false) {
    try {
      if (!(await isUpToDate(sqlite))) await migrateToLatest(db);
    } catch (err) {
      await store.close();
      throw err;
    }
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
      if (!(await isKnownSet(applied))) await migrateToLatest(db);
    }
  } catch (err) {
    await store.close();
    throw err;
  }
  return store;
}

async function isKnownSet(applied: readonly string[] | null): Promise<boolean> {
  if (applied === null) return false;
  const known = Object.keys(await migrationProvider.getMigrations());
  const set = new Set(applied);
  return set.size === known.length && known.every((name) => set.has(name));
}

/** Runs pending migrations in one transaction; forward only. Returns the names applied. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Work that one process of a group runs at a time (DESIGN §13). */
export type ExclusiveWork = 'init' | 'stuck-recompute' | 'housekeeping';

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
