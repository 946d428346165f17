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
