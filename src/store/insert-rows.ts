import { CompiledQuery, sql, type Kysely } from 'kysely';
import { dialectOf } from './dialect.js';
import type { DB } from './schema.js';
import { runAndLearn, runAtOnce } from './sqlite-driver.js';

/**
 * Values bound per statement: far under SQLite's 32,766 (and PostgreSQL's 65,535), large enough
 * that a statement carries hundreds of rows, small enough that one runs in a few milliseconds.
 */
const VALUES_PER_STATEMENT = 8_000;

/** Statement texts per dialect adapter, by table, columns and number of rows. */
const statements = new WeakMap<object, Map<string, string>>();

/**
 * Inserts rows in multi-row statements, in order. Building and compiling a 500-row insert with
 * Kysely costs more than running it, so each statement shape is compiled once per process and
 * run again with new values: full statements, then what is left in halving sizes (256, 128 … 1
 * rows), which keeps the shapes to a handful per table. Kysely still writes the SQL for the
 * dialect. All rows must have the same keys in the same order. `turn` (take-turns.ts) is called
 * between statements so that other requests are served while a large insert runs.
 */
export async function insertRows<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: readonly DB[T][],
  turn?: () => Promise<void> | undefined,
): Promise<void> {
  if (rows.length === 0) return;
  if (dialectOf(db) === 'postgres') return insertRowsAsJson(db, table, rows, turn);
  const columns = Object.keys(rows[0]!) as (keyof DB[T] & string)[];
  const perStatement = rowsPerStatement(columns.length);
  for (let at = 0; at < rows.length;) {
    const left = rows.length - at;
    const size = left >= perStatement ? perStatement : 2 ** Math.floor(Math.log2(left));
    const chunk = rows.slice(at, at + size);
    const parameters: unknown[] = [];
    for (const row of chunk) for (const column of columns) parameters.push(row[column]);
    const sql = statementFor(db, table, columns, chunk);
    if (!runAtOnce(db, sql, parameters)) await runAndLearn(db, CompiledQuery.raw(sql, parameters));
    at += size;
    const wait = turn?.();
    if (wait) await wait;
  }
}

/** PostgreSQL: rows one statement of insertRowsAsJson carries. */
const JSON_ROWS_PER_STATEMENT = 2_000;

/**
 * PostgreSQL: the rows as one JSON parameter, turned into the table's row type by the server
 * (`json_populate_recordset`): one statement, whatever the number of rows — one round trip for
 * a batch's events where row-sized statements took a few — and one text per table.
 */
async function insertRowsAsJson<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  rows: readonly DB[T][],
  turn?: () => Promise<void> | undefined,
): Promise<void> {
  const columns = sql.join(Object.keys(rows[0]!).map((column) => sql.ref(column)));
  for (let at = 0; at < rows.length; at += JSON_ROWS_PER_STATEMENT) {
    const chunk = JSON.stringify(rows.slice(at, at + JSON_ROWS_PER_STATEMENT));
    await sql`insert into ${sql.table(table)} (${columns})
      select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${chunk}::json)`.execute(
      db,
    );
    const wait = turn?.();
    if (wait) await wait;
  }
}

/** Rows of `columns` columns that one statement of insertRows carries. */
export function rowsPerStatement(columns: number): number {
  return Math.max(1, Math.floor(VALUES_PER_STATEMENT / columns));
}

function statementFor<T extends keyof DB & string>(
  db: Kysely<DB>,
  table: T,
  columns: readonly string[],
  chunk: readonly DB[T][],
): string {
  const adapter = db.getExecutor().adapter;
  let known = statements.get(adapter);
  if (!known) statements.set(adapter, (known = new Map()));
  const key = `${table}(${columns.join(',')})×${chunk.length}`;
  let sql = known.get(key);
  if (sql === undefined) {
    // Any rows of the right shape compile to the same text; only the parameters differ.
    sql = db
      .insertInto(table)
      .values(chunk as never)
      .compile().sql;
    known.set(key, sql);
  }
  return sql;
}
