import { PostgresAdapter, sql, type Expression, type Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** Which database `db` (a database, a transaction) talks to. */
// Any schema: migrations call it with theirs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Column types for migrations, the same on both databases where they can be:
 * - text compares and sorts byte by byte on both (SQLite's BINARY; PostgreSQL's "C" collation,
 *   whatever the database's default), so lists page and order the same everywhere;
 * - a real number is a 64-bit float on both (PostgreSQL's `real` is 32-bit).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function columnTypes(db: Kysely<any>): {
  text: 'text' | Expression<unknown>;
  real: 'real' | 'double precision';
} {
  return dialectOf(db) === 'postgres'
    ? { text: sql`text collate "C"`, real: 'double precision' }
    : { text: 'text', real: 'real' };
}
