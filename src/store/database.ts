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
import { migrationProvider } from './migrations/index.js';
import { getNativeBinding } from './native-binding.js';
import type { DB } from './schema.js';

export type Db = Kysely<DB>;

export interface Store {
  db: Db;
  /** The underlying connection, for what Kysely does not cover (online backup, checkpoints). */
  sqlite: Database.Database;
  file: string;
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

export interface OpenOptions {
  /** A file path, or ':memory:' for throwaway databases. */
  file: string;
  /** Run pending migrations (default true). */
  migrate?: boolean;
}

export async function openStore(options: OpenOptions): Promise<Store> {
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
  const store: Store = {
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
  const applied = new Set(
    sqlite.prepare('select name from kysely_migration').pluck().all() as string[],
  );
  const known = Object.keys(await migrationProvider.getMigrations());
  return applied.size === known.length && known.every((name) => applied.has(name));
}

/** Runs pending migrations in one transaction; forward only. Returns the names applied. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
