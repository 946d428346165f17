import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { DB } from './schema.js';
import { runAndLearn, runAtOnce } from './sqlite-driver.js';

/**
 * Stands for a named value while building a prepared query: `param('barcode')`. The value it
 * returns is a placeholder typed as the value it stands for, so Kysely still checks it against
 * the column; it is replaced by the caller's value on every execution.
 */
export type Param<V> = <K extends keyof V & string>(name: K) => V[K];

/** One parameter position of the compiled SQL: a named value, or a constant of the query. */
type Slot = { readonly name: string } | { readonly constant: unknown };

interface Compiled {
  /** The query as compiled once, its parameters being the placeholders. */
  readonly query: CompiledQuery<unknown>;
  readonly slots: readonly Slot[];
}

/**
 * What `param()` returns while the query is built. Only the values the build wrote are looked at,
 * once, to find the placeholders' positions; values passed to `execute` are never inspected.
 */
const PLACEHOLDER = '\u0000param:';

/** The queries compiled by `PreparedQuery`: the PostgreSQL driver keeps them prepared per connection. */
const preparedQueries = new WeakSet<object>();

/** True for a query a `PreparedQuery` compiled (run again and again with new values). */
export function isPreparedQuery(query: CompiledQuery): boolean {
  return preparedQueries.has(query.queryId);
}

/**
 * A hot query built and compiled by Kysely once per database, then executed with new values.
 * Kysely still writes the SQL for the dialect (SQLite `?`, PostgreSQL `$1` alike), and the
 * columns and values are type-checked as in any query; what is saved is building and compiling
 * the query tree on every call, which costs as much as running a small query.
 *
 *     const pieceByBarcode = new PreparedQuery(
 *       (db, p: Param<{ factoryId: string; barcode: string }>) =>
 *         db.selectFrom('pieces').selectAll()
 *           .where('factory_id', '=', p('factoryId'))
 *           .where('barcode', '=', p('barcode')),
 *     );
 *     const piece = await pieceByBarcode.first(trx, { factoryId, barcode });
 *
 * A parameter stands for one value: not for a list (`in`), an identifier or a part of the SQL.
 * The query's shape is fixed: anything that varies from call to call must be a parameter.
 * It is compiled once per dialect adapter, which a database shares with its transactions and
 * with `withPlugin` copies: run it on databases whose plugins do not rewrite queries.
 */
export class PreparedQuery<V, R> {
  readonly #build: (db: Kysely<DB>, param: Param<V>) => Compilable<R>;
  /** Per dialect adapter: a database and its transactions share one. */
  readonly #compiled = new WeakMap<object, Compiled>();

  constructor(build: (db: Kysely<DB>, param: Param<V>) => Compilable<R>) {
    this.#build = build;
  }

  /** Runs the query in `db` (a database or a transaction) with these values. */
  execute(db: Kysely<DB>, values: V): Promise<QueryResult<R>> {
    const { query, slots } = this.compiled(db);
    const parameters = slots.map((slot) =>
      'name' in slot ? values[slot.name as keyof V] : slot.constant,
    );
    // On SQLite, at once on the connection (most calls); else the compiled query again with this
    // call's values (a fresh CompiledQuery.raw would cost as much as the rest of the call).
    let result;
    try {
      result = runAtOnce(db, query.sql, parameters);
    } catch (err) {
      return Promise.reject(err);
    }
    if (result) return Promise.resolve(result as QueryResult<R>);
    return runAndLearn(db, { ...query, parameters }) as Promise<QueryResult<R>>;
  }

  /** The rows of a select (or of a `returning`). */
  async all(db: Kysely<DB>, values: V): Promise<R[]> {
    return (await this.execute(db, values)).rows;
  }

  /** The first row, or undefined. */
  async first(db: Kysely<DB>, values: V): Promise<R | undefined> {
    return (await this.execute(db, values)).rows[0];
  }

  /** The one row the query must find; throws (as a bug) when there is none. */
  async one(db: Kysely<DB>, values: V): Promise<R> {
    const row = await this.first(db, values);
    if (row === undefined) throw new Error(`no row for: ${this.compiled(db).query.sql}`);
    return row;
  }

  /** The SQL and its parameter positions for this database's dialect (compiled on first use). */
  compiled(db: Kysely<DB>): Compiled {
    const adapter = db.getExecutor().adapter;
    let compiled = this.#compiled.get(adapter);
    if (!compiled) {
      compiled = compile(db, this.#build);
      this.#compiled.set(adapter, compiled);
    }
    return compiled;
  }
}

function compile<V, R>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, param: Param<V>) => Compilable<R>,
): Compiled {
  const names = new Set<string>();
  const param = ((name: string) => {
    names.add(name);
    return `${PLACEHOLDER}${name}`;
  }) as Param<V>;
  const query = build(db, param).compile() as CompiledQuery<unknown>;
  const { sql, parameters } = query;
  if (sql.includes(PLACEHOLDER)) {
    throw new Error(`a prepared query parameter was written into the SQL text: ${sql}`);
  }
  const used = new Set<string>();
  const slots = parameters.map((value): Slot => {
    if (typeof value === 'string' && value.startsWith(PLACEHOLDER)) {
      const name = value.slice(PLACEHOLDER.length);
      used.add(name);
      return { name };
    }
    return { constant: value };
  });
  for (const name of names) {
    if (!used.has(name)) throw new Error(`prepared query parameter ${name} is not in: ${sql}`);
  }
  preparedQueries.add(query.queryId);
  return { query, slots };
}
