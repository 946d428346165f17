import Database from 'better-sqlite3';
import { getNativeBinding } from '../native-binding.js';

/** Rows per table, by table name: what a backup must hold. */
export type RowCounts = Record<string, number>;

function open(file: string, options: { readonly?: boolean } = {}): Database.Database {
  const binding = getNativeBinding();
  return new Database(file, {
    fileMustExist: true,
    ...(options.readonly ? { readonly: true } : {}),
    ...(binding ? { nativeBinding: binding as unknown as string } : {}),
  });
}

/** Every table of ours (SQLite's own and the migrator's lock left out). */
function tablesOf(db: Database.Database): string[] {
  return db
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
    )
    .pluck()
    .all() as string[];
}

function countRows(db: Database.Database, tables: readonly string[]): RowCounts {
  const counts: RowCounts = {};
  for (const table of tables) {
    counts[table] = db
      .prepare(`select count(*) from "${table.replace(/"/g, '""')}"`)
      .pluck()
      .get() as number;
  }
  return counts;
}

/**
 * Copies the database `file` to `target` (a new file) with SQLite's online backup API, from a
 * connection of its own that holds one read transaction throughout: the copy is that snapshot,
 * whatever the server writes meanwhile, and the rows it counted are the snapshot's. The copy is
 * turned into a single file (no write-ahead log beside it). Returns the snapshot's row counts.
 */
export async function copySqliteDatabase(file: string, target: string): Promise<RowCounts> {
  const source = open(file);
  let counts: RowCounts;
  try {
    source.exec('begin');
    try {
      counts = countRows(source, tablesOf(source));
      await source.backup(target);
    } finally {
      source.exec('commit');
    }
  } finally {
    source.close();
  }
  const copy = open(target);
  try {
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }
  return counts;
}

/** What checking a backup file found. */
export type BackupCheck = { ok: true; counts: RowCounts } | { ok: false; reason: string };

/**
 * Checks a SQLite backup file: it opens as a database, `PRAGMA integrity_check` says ok, it is a
 * factoryd database (its migrations table), and, when `expected` is given, every table holds
 * exactly the rows counted in the snapshot it was copied from.
 */
export function checkSqliteBackup(file: string, expected?: RowCounts): BackupCheck {
  let db: Database.Database;
  try {
    db = open(file, { readonly: true });
  } catch (err) {
    return {
      ok: false,
      reason: `it does not open as a SQLite database (${(err as Error).message})`,
    };
  }
  try {
    const problems = db.pragma('integrity_check(20)', { simple: false }) as {
      integrity_check: string;
    }[];
    const report = problems.map((row) => row.integrity_check);
    if (report.length !== 1 || report[0] !== 'ok') {
      return { ok: false, reason: `the integrity check failed: ${report.slice(0, 3).join('; ')}` };
    }
    const tables = tablesOf(db);
    if (!tables.includes('kysely_migration') || !tables.includes('factories')) {
      return { ok: false, reason: 'it is a SQLite database, but not a factoryd database' };
    }
    const counts = countRows(db, tables);
    if (expected) {
      for (const [table, rows] of Object.entries(expected)) {
        if (counts[table] !== rows) {
          return {
            ok: false,
            reason: `table ${table} holds ${counts[table] ?? 'no'} rows where the database held ${rows}`,
          };
        }
      }
    }
    return { ok: true, counts };
  } catch (err) {
    return { ok: false, reason: `reading it failed: ${(err as Error).message}` };
  } finally {
    db.close();
  }
}
