import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { CompiledQuery } from 'kysely';
import { openStore, type PostgresStore, type SqliteStore } from '../../store/database.js';
import { DATABASE_FILE, resolveDataDir } from '../data-dir.js';
import type { DaemonIO } from '../io.js';

/**
 * `factoryd migrate-to --database-url postgres://…`: copies a factory's SQLite database into an
 * empty PostgreSQL database (docs/scale-out.md). Every table is copied in one PostgreSQL
 * transaction (all or nothing), then verified: the same number of rows and the same checksum
 * of each table's rows on both sides. The SQLite file is left as it was. Run it with factoryd
 * stopped, so nothing changes while it copies.
 */
export async function migrateTo(
  opts: { dataDir?: string; databaseUrl?: string },
  io: DaemonIO,
): Promise<number> {
  const url = opts.databaseUrl ?? io.env.FACTORYD_DATABASE_URL;
  if (!url) {
    io.stderr.write('factoryd: migrate-to needs --database-url postgres://…\n');
    return 2;
  }
  const dataDir = resolveDataDir(opts.dataDir, io.env, io.homeDir);
  const source = await openStore({ file: join(dataDir, DATABASE_FILE) });
  let target: PostgresStore | undefined;
  try {
    target = await openStore({ url, poolMax: 2 });
    const held = await target.db.executeQuery<{ n: number }>(
      CompiledQuery.raw('select count(*) as n from factories'),
    );
    if (Number(held.rows[0]?.n ?? 0) > 0) {
      io.stderr.write(
        'factoryd: the PostgreSQL database already holds a factory; migrate-to copies into an empty database only\n',
      );
      return 1;
    }
    const tables = tablesInOrder(source).filter((table) => !NOT_COPIED.has(table.name));
    await copyTables(source, target, tables);
    // The stream's commit order goes on after the copied events (DESIGN §16).
    await target.db.executeQuery(
      CompiledQuery.raw(
        "select setval('events_seq_seq', coalesce((select max(seq) from events), 0) + 1, false)",
      ),
    );
    io.stderr.write('table                      rows  checksum\n');
    let mismatched = 0;
    for (const table of tables) {
      const [from, to] = [tableDigest(source, table), await postgresDigest(target, table)];
      const same = from.rows === to.rows && from.checksum === to.checksum;
      if (!same) mismatched += 1;
      io.stderr.write(
        `${table.name.padEnd(24)} ${String(from.rows).padStart(6)}  ${same ? from.checksum.slice(0, 16) : `MISMATCH (${to.rows} rows, ${to.checksum.slice(0, 16)})`}\n`,
      );
    }
    if (mismatched > 0) {
      io.stderr.write(
        `factoryd: ${mismatched} table(s) differ after the copy; do not switch over\n`,
      );
      return 1;
    }
    io.stderr.write(
      `Copied ${tables.length} tables into PostgreSQL; counts and checksums match.\n` +
        'Start factoryd with --database-url (or FACTORYD_DATABASE_URL); keep the SQLite file as a backup.\n',
    );
    return 0;
  } finally {
    await target?.close();
    await source.close();
  }
}

/**
 * Tables not copied: SQLite's own counter of the event order (PostgreSQL has a sequence), each
 * database's record of the migrations it ran (the target has its own), and `/readyz`'s probe row.
 */
const NOT_COPIED = new Set(['event_seq', 'migration_versions', 'write_probe']);

interface Table {
  name: string;
  columns: string[];
  /** Columns that order its rows the same on both databases (its primary key, else all). */
  order: { name: string; text: boolean }[];
}

/** The tables of the SQLite database, each after the tables its foreign keys point to. */
function tablesInOrder(store: SqliteStore): Table[] {
  const names = store.sqlite
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%' order by name",
    )
    .pluck()
    .all() as string[];
  const info = new Map<string, Table & { refs: string[] }>();
  for (const name of names) {
    const cols = store.sqlite.prepare(`pragma table_info("${name}")`).all() as {
      name: string;
      type: string;
      pk: number;
    }[];
    const pk = cols.filter((c) => c.pk > 0).sort((x, y) => x.pk - y.pk);
    const refs = (
      store.sqlite.prepare(`pragma foreign_key_list("${name}")`).all() as { table: string }[]
    )
      .map((f) => f.table)
      .filter((t) => t !== name);
    info.set(name, {
      name,
      columns: cols.map((c) => c.name),
      order: (pk.length > 0 ? pk : cols).map((c) => ({
        name: c.name,
        text: /text|char|clob/i.test(c.type),
      })),
      refs,
    });
  }
  const ordered: Table[] = [];
  const done = new Set<string>();
  const visit = (name: string) => {
    if (done.has(name)) return;
    done.add(name);
    const table = info.get(name);
    if (!table) return;
    for (const ref of table.refs) visit(ref);
    ordered.push({ name: table.name, columns: table.columns, order: table.order });
  };
  for (const name of names) visit(name);
  return ordered;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function copyTables(source: SqliteStore, target: PostgresStore, tables: Table[]) {
  await target.db.transaction().execute(async (trx) => {
    // Rows are copied as they are, roll-ups included (DESIGN §16: the report roll-ups are kept by
    // triggers on scans, pieces and orders); a trigger firing on a copied row would count it twice.
    for (const table of tables) {
      await trx.executeQuery(
        CompiledQuery.raw(`alter table ${quote(table.name)} disable trigger user`),
      );
    }
    for (const table of tables) {
      const cols = table.columns.map(quote).join(', ');
      // PostgreSQL takes at most 65535 parameters per statement.
      const perBatch = Math.max(1, Math.floor(30_000 / table.columns.length));
      let batch: unknown[][] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const params: unknown[] = [];
        const rows = batch.map((row) => {
          const marks = row.map((value) => {
            params.push(value);
            return `$${params.length}`;
          });
          return `(${marks.join(', ')})`;
        });
        await trx.executeQuery(
          CompiledQuery.raw(
            `insert into ${quote(table.name)} (${cols}) values ${rows.join(', ')}`,
            params,
          ),
        );
        batch = [];
      };
      const rows = source.sqlite
        .prepare(`select ${cols} from ${quote(table.name)}`)
        .raw()
        .iterate() as Iterable<unknown[]>;
      for (const row of rows) {
        batch.push(row);
        if (batch.length >= perBatch) await flush();
      }
      await flush();
    }
    for (const table of tables) {
      await trx.executeQuery(
        CompiledQuery.raw(`alter table ${quote(table.name)} enable trigger user`),
      );
    }
  });
}

interface Digest {
  rows: number;
  checksum: string;
}

/** Rows in key order, each as the JSON array of its values: the same text from either side. */
function digestOf(rows: Iterable<unknown[]>): Digest {
  const hash = createHash('sha256');
  let n = 0;
  for (const row of rows) {
    hash.update(JSON.stringify(row));
    hash.update('\n');
    n += 1;
  }
  return { rows: n, checksum: hash.digest('hex') };
}

function tableDigest(store: SqliteStore, table: Table): Digest {
  const rows = store.sqlite
    .prepare(
      `select ${table.columns.map(quote).join(', ')} from ${quote(table.name)} order by ${table.order.map((c) => quote(c.name)).join(', ')}`,
    )
    .raw()
    .iterate() as Iterable<unknown[]>;
  return digestOf(rows);
}

async function postgresDigest(store: PostgresStore, table: Table): Promise<Digest> {
  const result = await store.pool.query({
    text: `select ${table.columns.map(quote).join(', ')} from ${quote(table.name)} order by ${table.order.map((c) => `${quote(c.name)}${c.text ? ' collate "C"' : ''} nulls first`).join(', ')}`,
    rowMode: 'array',
  });
  return digestOf(result.rows as unknown[][]);
}
