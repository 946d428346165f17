import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { CompiledQuery } from 'kysely';
import type { SqliteStore, Store } from '../../src/store/database.js';

/**
 * Which database this test run drives. vitest.config.ts runs the API, end-to-end and scheduler
 * suites twice: once on SQLite, once (project `postgres`) on the PostgreSQL cluster that
 * test/postgres-setup.ts starts for the whole run.
 */
export type TestDialect = 'sqlite' | 'postgres';

export function testDialect(): TestDialect {
  return process.env.FACTORYD_TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
}

/** The template every test database is created from: migrated once per run. */
export const TEMPLATE_DATABASE = 'factoryd_template';

function clusterUrl(): string {
  const url = process.env.FACTORYD_TEST_PG_URL;
  if (!url) throw new Error('FACTORYD_TEST_PG_URL is not set: run through vitest (postgres)');
  return url;
}

let admin: pg.Pool | undefined;
function adminPool(): pg.Pool {
  admin ??= new pg.Pool({ connectionString: `${clusterUrl()}/postgres`, max: 2 });
  return admin;
}

let prefetched: Promise<string> | undefined;

/**
 * A new, migrated, empty database of its own (a copy of the template); its URL. The next one is
 * copied while the caller's test runs (a copy takes a good part of a test's time).
 */
export async function createTestDatabase(): Promise<string> {
  const ready = prefetched ?? copyTemplate();
  prefetched = copyTemplate();
  prefetched.catch(() => {}); // reported when taken
  return ready;
}

async function copyTemplate(): Promise<string> {
  const name = `t_${process.pid}_${randomBytes(6).toString('hex')}`;
  // Copies of one template cannot be made at once: the template must have no other user.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminPool().query(`create database ${name} template ${TEMPLATE_DATABASE}`);
      break;
    } catch (err) {
      if (attempt >= 50 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 50));
    }
  }
  return `${clusterUrl()}/${name}`;
}

/** A new database with nothing in it, not even the migrations (for upgrade tests); its URL. */
export async function createEmptyTestDatabase(): Promise<string> {
  const name = `e_${process.pid}_${randomBytes(6).toString('hex')}`;
  await adminPool().query(`create database ${name}`);
  return `${clusterUrl()}/${name}`;
}

/**
 * Drops a database made by createTestDatabase (closing what is still connected to it), in the
 * background: nothing waits for it, and the cluster goes at the end of the run anyway.
 */
export function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  adminPool()
    .query(`drop database if exists ${name} with (force)`)
    .catch(() => {});
  return Promise.resolve();
}

/**
 * Raw SQL against a test's database, whichever it is: `?` placeholders, rows as objects.
 * For looking at (and setting up) stored state that the API does not show.
 */
export interface RawSql {
  prepare(sql: string): {
    get(...params: unknown[]): Promise<unknown>;
    all(...params: unknown[]): Promise<unknown[]>;
    run(...params: unknown[]): Promise<void>;
  };
}

export function rawSql(store: Store): RawSql {
  const toDialect = (text: string) => {
    if (store.dialect === 'sqlite') return text;
    let n = 0;
    return text.replace(/\?/g, () => `$${++n}`);
  };
  const exec = async (text: string, params: unknown[]) =>
    (await store.db.executeQuery(CompiledQuery.raw(toDialect(text), params))).rows;
  return {
    prepare: (text) => ({
      get: async (...params) => (await exec(text, params))[0],
      all: (...params) => exec(text, params) as Promise<unknown[]>,
      run: async (...params) => {
        await exec(text, params);
      },
    }),
  };
}

/** The SQLite connection of a store, for suites that run on SQLite only. */
export function sqliteOf(store: Store): SqliteStore['sqlite'] {
  if (store.dialect !== 'sqlite') throw new Error('this suite runs on SQLite only');
  return store.sqlite;
}

/**
 * A second connection to a store's database (readonly on SQLite), which sees only what was
 * committed.
 */
export async function secondConnection(
  store: Store,
): Promise<{ sql: RawSql; close(): Promise<void> }> {
  const { openStore } = await import('../../src/store/database.js');
  const other =
    store.dialect === 'sqlite'
      ? await openStore({ file: store.file, migrate: false })
      : await openStore({ url: store.url, migrate: false, poolMax: 1 });
  return { sql: rawSql(other), close: () => other.close() };
}

/** The same database opened once more, as a second process would. */
export async function reopenStore(store: Store): Promise<Store> {
  const { openStore } = await import('../../src/store/database.js');
  return store.dialect === 'sqlite'
    ? openStore({ file: store.file })
    : openStore({ url: store.url, poolMax: 4 });
}
