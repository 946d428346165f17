import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  PostgresDriver,
  type DatabaseConnection,
  type Driver,
  type PostgresDialectConfig,
  type TransactionSettings,
} from 'kysely';
import type { DB } from './schema.js';

/**
 * PostgreSQL through Kysely's dialect over `pg` (DESIGN §13). Loaded only when a database URL is
 * given, so a SQLite factory never pays for it.
 */

/** The first key of every advisory lock factoryd takes ('fdb1'); the second names the lock. */
export const LOCK_NAMESPACE = 0x66646231;

/** Second keys of the advisory locks. */
export const LOCKS = {
  /** Held by every write transaction until it ends: see `begin` below. */
  write: 1,
  /** Initialising an empty database (two processes starting at once make one factory). */
  init: 2,
  /** Scheduler jobs: one run at a time across the group. */
  'stuck-recompute': 10,
  housekeeping: 11,
} as const;

/**
 * Every transaction takes one transaction-level advisory lock first, which gives PostgreSQL the
 * rule SQLite's BEGIN IMMEDIATE gives a file: one writer at a time, whichever process it is in.
 * The use cases read, decide and write inside their transaction (is this piece scanned yet? is
 * this barcode free?), and with the lock what they read stays true until they commit, across
 * every factoryd on the database. Group commit keeps the cost down: a process's queued scans
 * share one transaction, so the lock is taken once per batch. A process that dies loses its lock
 * with its connection. Reads outside transactions and read-only transactions do not take it
 * (MVCC snapshots).
 */
const BEGIN = CompiledQuery.raw(
  `begin; select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${LOCKS.write})`,
);

class LockingPostgresDriver extends PostgresDriver {
  override async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    if (settings.accessMode === 'read only') {
      // A read-only transaction writes nothing: it reads its snapshot and waits for no writer.
      await super.beginTransaction(connection, settings);
      return;
    }
    if (settings.isolationLevel || settings.accessMode) {
      await super.beginTransaction(connection, settings);
      await connection.executeQuery(CompiledQuery.raw(BEGIN.sql.replace(/^begin; /, '')));
      return;
    }
    await connection.executeQuery(BEGIN);
  }
}

class LockingPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new LockingPostgresDriver(this.#config);
  }
}

const INT8 = 20;
const NUMERIC = 1700;

/**
 * Counts and sums come back as numbers, as they do from SQLite (pg returns 64-bit integers and
 * numerics as strings). Counts of rows stay far below 2^53.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return Number;
    return pg.types.getTypeParser(oid, format ?? 'text');
  },
} as unknown as pg.CustomTypesConfig;

export interface PostgresConnectionOptions {
  url: string;
  /** Connections in this process's pool (default 10). */
  poolMax?: number;
  /** Name shown in pg_stat_activity. */
  applicationName?: string;
}

export interface PostgresHandle {
  db: Kysely<DB>;
  pool: pg.Pool;
}

export function openPostgres(options: PostgresConnectionOptions): PostgresHandle {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolMax ?? 10,
    types,
    application_name: options.applicationName ?? 'factoryd',
  });
  // An idle connection that the server drops (restart, failover) must not crash the process;
  // the pool replaces it on the next checkout.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new LockingPostgresDialect({ pool }) });
  return { db, pool };
}

/**
 * Runs `work` while holding a session-level advisory lock on a connection of its own, waiting
 * for it while another process (or this one) holds it. The lock goes with the connection: a
 * process that dies mid-run releases it.
 */
export async function withLock<T>(pool: pg.Pool, lock: number, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock($1, $2)', [LOCK_NAMESPACE, lock]);
    try {
      return await work();
    } finally {
      await client
        .query('select pg_advisory_unlock($1, $2)', [LOCK_NAMESPACE, lock])
        .catch(() => (broken = true));
    }
  } catch (err) {
    broken = true;
    throw err;
  } finally {
    client.release(broken);
  }
}

/** The names of the migrations the database has run; null when it has run none. */
export async function appliedMigrations(pool: pg.Pool): Promise<string[] | null> {
  const table = await pool.query<{ t: string | null }>(
    "select to_regclass('kysely_migration')::text as t",
  );
  if (!table.rows[0]?.t) return null;
  const rows = await pool.query<{ name: string }>('select name from kysely_migration');
  return rows.rows.map((r) => r.name);
}
