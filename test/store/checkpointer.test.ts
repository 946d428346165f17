import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openStore } from '../../src/store/database.js';
import { tempDir } from '../helpers/app.js';

const WORKER = new URL('../../src/store/checkpoint.worker.ts', import.meta.url);

it('checkpoints from its own thread, stops with the store, and leaves SQLite none to do', async () => {
  const dir = tempDir();
  const file = join(dir, 'store.db');
  const errors: string[] = [];
  const store = await openStore({
    file,
    checkpoint: { worker: WORKER, onError: (message) => errors.push(message) },
  });
  try {
    expect(store.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await sql`create table t (n integer)`.execute(store.db);
    await store.db.transaction().execute((trx) => sql`insert into t values (42)`.execute(trx));
    const inFile = () => {
      const copy = join(tempDir(), 'copy.db');
      copyFileSync(file, copy);
      const db = new Database(copy, { readonly: true });
      try {
        return db.prepare("select count(*) as n from sqlite_master where name = 't'").get();
      } finally {
        db.close();
      }
    };
    const deadline = Date.now() + 20_000;
    while ((inFile() as { n: number }).n === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(inFile()).toEqual({ n: 1 });
  } finally {
    await store.close();
  }
  expect(errors).toEqual([]);
});

it('ends its thread when the WAL has had nothing to move, and the next commit brings it back', async () => {
  const dir = tempDir();
  const file = join(dir, 'store.db');
  const errors: string[] = [];
  const store = await openStore({
    file,
    checkpoint: { worker: WORKER, onError: (message) => errors.push(message), idleMs: 300 },
  });
  const until = async (done: () => boolean) => {
    const deadline = Date.now() + 20_000;
    while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  };
  /** Rows of `t` in the database file itself, WAL left out (a copy without it). */
  const rowsInFile = () => {
    const copy = join(tempDir(), 'copy.db');
    copyFileSync(file, copy);
    const db = new Database(copy, { readonly: true });
    try {
      const table = db.prepare("select 1 from sqlite_master where name = 't'").get();
      return table ? (db.prepare('select count(*) as n from t').get() as { n: number }).n : 0;
    } finally {
      db.close();
    }
  };
  try {
    await sql`create table t (n integer)`.execute(store.db);
    expect(store.checkpointing).toBe(true);
    await until(() => !store.checkpointing);
    expect(store.checkpointing).toBe(false);
    // Nothing moves the WAL now; SQLite's own checkpoint stays off.
    expect(store.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);

    await store.db.transaction().execute((trx) => sql`insert into t values (1), (2)`.execute(trx));
    expect(store.checkpointing).toBe(true);
    await until(() => rowsInFile() === 2);
    expect(rowsInFile()).toBe(2);
    await until(() => !store.checkpointing);
    expect(store.checkpointing).toBe(false);
  } finally {
    await store.close();
  }
  expect(errors).toEqual([]);
});
