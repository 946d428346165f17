import type Database from 'better-sqlite3';
import {
  SelectQueryNode,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type Kysely,
  type QueryExecutor,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * The connections of one SQLite database, and how a commit is made durable.
 *
 * - `writer` runs every write transaction (BEGIN IMMEDIATE … COMMIT), one at a time.
 * - `reader` runs reads outside transactions, so a read never waits for a write: in WAL mode it
 *   sees the last commit while a write transaction is open. A write outside a transaction goes
 *   to the writer.
 * - `snapshot` runs read-only transactions, one at a time: a read that must see one moment
 *   across several queries (an order with its pieces and scans) and may take turns with other
 *   work meanwhile, while other reads go on.
 * Both readers are absent for an in-memory database, which one connection alone can see.
 * - `durable()` resolves once what the writer has committed so far is on disk. The writer then
 *   commits without a disk sync of its own, and the sync happens off the event loop (see
 *   database.ts); a transaction's `execute` resolves only after it.
 */
export interface SqliteConnections {
  writer: Database.Database;
  reader?: Database.Database | undefined;
  snapshot?: Database.Database | undefined;
  durable?: (() => Promise<void>) | undefined;
}

/** A lock taken in turn: waiters get it in the order they asked. */
class Lock {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves, holding the lock, with the function that releases it. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => released);
    return acquired;
  }
}

const STATEMENTS_KEPT = 1000;

/** Prepared statements of one connection, by SQL text (Kysely prepares every query anew). */
class Statements {
  readonly #cache = new Map<string, Database.Statement>();

  constructor(readonly db: Database.Database) {}

  get(sql: string): Database.Statement {
    let stmt = this.#cache.get(sql);
    if (!stmt) {
      if (this.#cache.size >= STATEMENTS_KEPT) this.#cache.delete(this.#cache.keys().next().value!);
      stmt = this.db.prepare(sql);
      this.#cache.set(sql, stmt);
    }
    return stmt;
  }

  /** Lets go of every prepared statement: SQLite frees each once V8 collects its object. */
  clear(): void {
    this.#cache.clear();
  }
}

function run(stmt: Database.Statement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (stmt.reader) return { rows: stmt.all(parameters) };
  const { changes, lastInsertRowid } = stmt.run(parameters);
  return {
    numAffectedRows: BigInt(changes),
    insertId: BigInt(lastInsertRowid),
    rows: [],
  };
}

const BEGIN_WRITE = 'begin immediate';
const BEGIN_READ = 'begin';

/**
 * A Kysely driver over a writer and a reader connection (see SqliteConnections). Each
 * `acquireConnection` hands out a light handle; a transaction binds it to the writer (or, when
 * read-only, to the reader) for its duration, under that connection's lock.
 */
export class SqliteDriver implements Driver {
  readonly #writer: Statements;
  readonly #reader: Statements | undefined;
  readonly #snapshot: Statements | undefined;
  readonly #durable: () => Promise<void>;
  readonly #writeLock = new Lock();
  readonly #snapshotLock = new Lock();
  /** The handle of the write transaction open on the writer, if one is. */
  #writing: Handle | undefined;
  /** What the writer's commits left for the next write transactions (`WriterMemo`). */
  readonly #memos = new Map<WriterMemo<unknown>, unknown>();
  /** The writer's `data_version` the memos hold for: another connection's commit changes it. */
  #memoVersion = 0;

  constructor(connections: SqliteConnections) {
    this.#writer = new Statements(connections.writer);
    this.#reader = connections.reader ? new Statements(connections.reader) : undefined;
    this.#snapshot = connections.snapshot ? new Statements(connections.snapshot) : undefined;
    this.#durable = connections.durable ?? (() => Promise.resolve());
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Handle(this);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const handle = connection as Handle;
    if (settings.accessMode === 'read only' && this.#snapshot) {
      handle.bind(this.#snapshot, await this.#snapshotLock.acquire());
      handle.exec(BEGIN_READ);
    } else {
      handle.bind(this.#writer, await this.#writeLock.acquire());
      handle.exec(BEGIN_WRITE);
      this.#writing = handle;
    }
  }

  /** The handle of the write transaction open on the writer, if one is (one at a time). */
  get writing(): Handle | undefined {
    return this.#writing;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const handle = connection as Handle;
    if (this.#writing === handle) this.#writing = undefined;
    const kept = handle.takeMemos();
    try {
      handle.exec('commit');
    } catch (err) {
      this.#memos.clear();
      throw err;
    }
    // Still under the write lock: the next write transaction finds them.
    if (kept) {
      if (kept.version !== this.#memoVersion) this.#memos.clear();
      for (const [memo, value] of kept.values) this.#memos.set(memo, value);
      this.#memoVersion = kept.version;
    }
    if (handle.bound === this.#writer) await this.#durable();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const handle = connection as Handle;
    if (this.#writing === handle) this.#writing = undefined;
    handle.takeMemos();
    // After some failures (a full disk: SQLITE_FULL; an I/O error) SQLite has rolled the
    // transaction back itself; a ROLLBACK would throw "cannot rollback - no transaction is
    // active" in place of the error that says what happened.
    if (handle.bound && !handle.bound.db.inTransaction) return;
    handle.exec('rollback');
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    (connection as Handle).exec(`savepoint ${quoted(name)}`);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    const handle = connection as Handle;
    handle.exec(`rollback to ${quoted(name)}`);
    handle.forgetMemos();
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    (connection as Handle).exec(`release ${quoted(name)}`);
  }

  /** Runs `work` on the writer while no transaction is open on it (e.g. a checkpoint). */
  async withWriter<T>(work: (writer: Database.Database) => T): Promise<T> {
    const release = await this.#writeLock.acquire();
    // `work` may write what a memo stands for.
    this.#memos.clear();
    try {
      return work(this.#writer.db);
    } finally {
      release();
    }
  }

  /**
   * Gives back each connection's page cache (`PRAGMA shrink_memory`): pages a busy spell left
   * there stay otherwise, up to the cache's size, for as long as the server is quiet. Each
   * connection in its turn, between transactions; the next reads fill the caches again.
   */
  async shrinkMemory(): Promise<void> {
    for (const statements of [this.#writer, this.#reader, this.#snapshot]) statements?.clear();
    await this.withWriter((writer) => writer.pragma('shrink_memory'));
    // The reader is never busy across turns: its rows are read at once.
    this.#reader?.db.pragma('shrink_memory');
    if (this.#snapshot) {
      const release = await this.#snapshotLock.acquire();
      try {
        this.#snapshot.db.pragma('shrink_memory');
      } finally {
        release();
      }
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as Handle).release();
  }

  async destroy(): Promise<void> {
    this.#snapshot?.db.close();
    this.#reader?.db.close();
    this.#writer.db.close();
  }

  /**
   * The writer's `PRAGMA data_version`: unchanged by its own commits, changed by any other
   * connection's (another process on the file). Read inside a write transaction, it holds until
   * the transaction ends: no other connection can commit meanwhile.
   */
  dataVersion(): number {
    return (this.#writer.get('pragma data_version').get() as { data_version: number }).data_version;
  }

  /**
   * A memo the writer's commits left, if no other connection has committed since (the caller is
   * in a write transaction); else undefined, and every memo is forgotten.
   */
  committedMemo<T>(memo: WriterMemo<T>, version: () => number): T | undefined {
    if (this.#memos.size === 0) return undefined;
    if (version() !== this.#memoVersion) {
      this.#memos.clear();
      return undefined;
    }
    return this.#memos.get(memo) as T | undefined;
  }

  clearMemos(): void {
    this.#memos.clear();
  }

  /** Runs a read outside a transaction at once on the reader; undefined for anything else. */
  readAlone(sql: string, parameters: readonly unknown[]): QueryResult<unknown> | undefined {
    const stmt = this.#reader?.get(sql);
    return stmt?.readonly ? run(stmt, parameters) : undefined;
  }

  /** Runs one query outside a transaction: reads on the reader, writes on the writer. */
  async runAlone(compiled: CompiledQuery): Promise<QueryResult<unknown>> {
    const reader = this.#reader;
    if (reader) {
      // Never in a transaction: each read sees the last commit.
      const stmt = reader.get(compiled.sql);
      if (stmt.readonly) return run(stmt, compiled.parameters);
    }
    const release = await this.#writeLock.acquire();
    let result: QueryResult<unknown>;
    let wrote: boolean;
    try {
      const stmt = this.#writer.get(compiled.sql);
      wrote = !stmt.readonly;
      if (wrote) this.#memos.clear();
      result = run(stmt, compiled.parameters);
    } finally {
      release();
    }
    if (wrote) await this.#durable();
    return result;
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** What Kysely holds as a connection: unbound (each query on its own) or bound to a transaction. */
class Handle implements DatabaseConnection {
  readonly #driver: SqliteDriver;
  #bound: Statements | undefined;
  #release: (() => void) | undefined;

  constructor(driver: SqliteDriver) {
    this.#driver = driver;
  }

  get bound(): Statements | undefined {
    return this.#bound;
  }

  bind(statements: Statements, release: () => void): void {
    this.#bound = statements;
    this.#release = release;
  }

  /** What this write transaction remembered (kept if it commits), and its `data_version`. */
  #memos: Map<WriterMemo<unknown>, unknown> | undefined;
  #version: number | undefined;

  /** True while this handle holds the open write transaction. */
  get writing(): boolean {
    return this.#driver.writing === this;
  }

  /** The writer's `data_version`, read once per transaction (it cannot change within one). */
  readonly #dataVersion = (): number => (this.#version ??= this.#driver.dataVersion());

  recall<T>(memo: WriterMemo<T>): T | undefined {
    if (this.#memos?.has(memo)) return this.#memos.get(memo) as T;
    return this.#driver.committedMemo(memo, this.#dataVersion);
  }

  remember<T>(memo: WriterMemo<T>, value: T): void {
    // The version the memo will hold for, read while this transaction keeps others out.
    this.#dataVersion();
    (this.#memos ??= new Map()).set(memo, value);
  }

  /**
   * After a rollback to a savepoint: what was remembered, in this transaction or before it, may
   * be undone with it, or not: forget it all.
   */
  forgetMemos(): void {
    this.takeMemos();
    this.#driver.clearMemos();
  }

  /** The memos to keep on commit, taken off this handle (none kept on rollback). */
  takeMemos(): { values: Map<WriterMemo<unknown>, unknown>; version: number } | undefined {
    const values = this.#memos;
    const version = this.#version;
    this.#memos = undefined;
    this.#version = undefined;
    // `remember` read the version before it kept anything.
    return values && { values, version: version! };
  }

  exec(sql: string): void {
    this.#bound!.get(sql).run();
  }

  release(): void {
    const release = this.#release;
    this.#bound = undefined;
    this.#release = undefined;
    release?.();
  }

  /** Runs a query at once in the transaction this handle is bound to; undefined when unbound. */
  runBound(sql: string, parameters: readonly unknown[]): QueryResult<unknown> | undefined {
    const bound = this.#bound;
    return bound && run(bound.get(sql), parameters);
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const bound = this.#bound;
    const result = bound
      ? run(bound.get(compiled.sql), compiled.parameters)
      : await this.#driver.runAlone(compiled);
    return result as QueryResult<R>;
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiled.query)) {
      throw new Error('SQLite streams select queries only');
    }
    // Rows are read at once: an open iterator would keep the connection busy across turns.
    const { rows } = await this.executeQuery<R>(compiled);
    for (const row of rows) yield { rows: [row] };
  }
}

/**
 * A value that write transactions on SQLite hand on to the next ones, so that a hot path need not
 * read it back from disk each time (the audit chain's end): remembered in a transaction, it is
 * kept once that commits; recalled, it is there only if nothing could have changed it since —
 * no rollback to a savepoint, no write outside a transaction, no commit by another connection
 * (another process on the file: `PRAGMA data_version`). The code that remembers a value must be
 * the only code that writes what it stands for, and a rollback to a savepoint run as a plain
 * statement must say so (`forgetWriterMemos`, as savepoint.ts does). On PostgreSQL nothing is
 * remembered.
 */
export class WriterMemo<T> {
  declare readonly value?: T;
  constructor(readonly name: string) {}
}

/** What `trx` (a write transaction on SQLite) may take `memo` to be; undefined when unknown. */
export function recallWriterMemo<T>(
  trx: Pick<Kysely<unknown>, 'getExecutor'>,
  memo: WriterMemo<T>,
): T | undefined {
  const target = direct.get(trx.getExecutor());
  return target instanceof Handle && target.writing ? target.recall(memo) : undefined;
}

/** Hands `value` on to the write transactions after `trx`, if `trx` commits (SQLite only). */
export function rememberWriterMemo<T>(
  trx: Pick<Kysely<unknown>, 'getExecutor'>,
  memo: WriterMemo<T>,
  value: T,
): void {
  const target = direct.get(trx.getExecutor());
  if (target instanceof Handle && target.writing) target.remember(memo, value);
}

/** After a rollback to a savepoint in `trx` run as a plain statement: every memo is forgotten. */
export function forgetWriterMemos(trx: Pick<Kysely<unknown>, 'getExecutor'>): void {
  const target = direct.get(trx.getExecutor());
  if (target instanceof Handle && target.writing) target.forgetMemos();
}

/**
 * What runs a compiled query at once for a database or transaction on SQLite: its driver (reads
 * outside a transaction) or the handle its transaction holds. Keyed by Kysely's executor, which
 * a database and each transaction have one of.
 */
const direct = new WeakMap<QueryExecutor, SqliteDriver | Handle>();

/** The driver of each SQLite database, by its dialect adapter (which its transactions share). */
const drivers = new WeakMap<object, SqliteDriver>();

/** Lets `runAtOnce` reach `driver` from `db`, the database built on it. */
export function registerDirect<D>(db: Kysely<D>, driver: SqliteDriver): void {
  direct.set(db.getExecutor(), driver);
  drivers.set(db.getExecutor().adapter, driver);
}

/**
 * Called first thing in a write transaction `trx` (BEGIN IMMEDIATE): on SQLite, teaches
 * `runAtOnce` the handle it holds, so that its queries run at once from the first (else the
 * first prepared query of each transaction takes Kysely's path to learn it). Only one write
 * transaction is open at a time, under the writer's lock, so the handle bound to the writer is
 * this one's. Nothing on another dialect.
 */
export function learnWriteTransaction(
  trx: Pick<Kysely<unknown>, 'getExecutor' | 'isTransaction'>,
): void {
  const executor = trx.getExecutor();
  const handle = drivers.get(executor.adapter)?.writing;
  if (handle && trx.isTransaction && executor.plugins.length === 0) direct.set(executor, handle);
}

/**
 * Runs a compiled query of a SQLite database at once, without the promise chain of Kysely's
 * executor and connection provider (a prepared statement is a few microseconds; that chain cost
 * more): in the transaction `db` is, or as a read outside any. Undefined when it cannot (another
 * dialect, a write outside a transaction, a transaction not yet seen): the caller then runs it
 * through Kysely, and a transaction's first query teaches this which handle it holds.
 */
export function runAtOnce<D>(
  db: Kysely<D>,
  sql: string,
  parameters: readonly unknown[],
): QueryResult<unknown> | undefined {
  const executor = db.getExecutor();
  const target = direct.get(executor);
  if (target instanceof Handle) return target.runBound(sql, parameters);
  if (target !== undefined) return db.isTransaction ? undefined : target.readAlone(sql, parameters);
  return undefined;
}

/**
 * Runs a compiled query through Kysely; on a SQLite transaction, learns the handle it holds so
 * that its next queries run at once (runAtOnce).
 */
export async function runAndLearn<D>(
  db: Kysely<D>,
  compiled: CompiledQuery,
): Promise<QueryResult<unknown>> {
  const executor = db.getExecutor();
  // Plugins may rewrite results: such a database keeps Kysely's path.
  if (!db.isTransaction || executor.plugins.length > 0) return executor.executeQuery(compiled);
  return executor.provideConnection(async (connection) => {
    if (connection instanceof Handle) direct.set(executor, connection);
    return connection.executeQuery(compiled);
  });
}
