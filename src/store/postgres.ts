import pg from 'pg';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  PostgresDriver,
  type DatabaseConnection,
  type Driver,
  type PostgresDialectConfig,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { isPreparedQuery } from './prepared-query.js';
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
  /** Scheduled backups: one factoryd of the group writes each. */
  backup: 12,
  /** The at-risk forecast job: one run at a time across the group. */
  'at-risk': 13,
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

/** Statement names by SQL text, the same in every connection of the process. */
const statementNames = new Map<string, string>();

function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    name = `factoryd_${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
}

/**
 * A `select *` is left unnamed: a prepared one would fail with "cached plan must not change
 * result type" once a migration run by a newer factoryd adds a column to its table.
 */
const SELECT_STAR = /select (?:"\w+"\.)?\*/;

/**
 * A pooled connection that runs the hot queries (those a `PreparedQuery` compiled: every
 * statement of a scan) as named server-side prepared statements: each connection parses and
 * plans one once, then only binds and executes it. Other queries go as before (unnamed).
 */
class PreparingConnection implements DatabaseConnection {
  constructor(readonly client: pg.PoolClient) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const values = [...query.parameters];
    const config =
      isPreparedQuery(query) && !SELECT_STAR.test(query.sql)
        ? { name: statementName(query.sql), text: query.sql, values }
        : { text: query.sql, values };
    const { command, rowCount, rows } = await this.client.query<R & pg.QueryResultRow>(config);
    const changed =
      command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return {
      rows: rows ?? [],
      ...(changed ? { numAffectedRows: BigInt(rowCount ?? 0) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming queries are not used on PostgreSQL');
  }
}

class LockingPostgresDriver extends PostgresDriver {
  readonly #pool: pg.Pool;
  readonly #connections = new WeakMap<pg.PoolClient, PreparingConnection>();

  constructor(config: PostgresDialectConfig & { pool: pg.Pool }) {
    super(config);
    this.#pool = config.pool;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const client = await this.#pool.connect();
    let connection = this.#connections.get(client);
    if (!connection) {
      connection = new PreparingConnection(client);
      this.#connections.set(client, connection);
    }
    return connection;
  }

  override async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PreparingConnection).client.release();
  }

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
  readonly #config: PostgresDialectConfig & { pool: pg.Pool };
  constructor(config: PostgresDialectConfig & { pool: pg.Pool }) {
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
};

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
