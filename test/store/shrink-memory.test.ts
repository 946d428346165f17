import { join } from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openStore, type SqliteStore } from '../../src/store/database.js';
import { tempDir } from '../helpers/app.js';

it('gives back the page caches between transactions, and every connection works after', async () => {
  const store = (await openStore({ file: join(tempDir(), 'store.db') })) as SqliteStore;
  try {
    await sql`create table t (n integer)`.execute(store.db);
    await store.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 2_000; n++) await sql`insert into t values (${n})`.execute(trx);
    });

    // A write transaction under way: the writer is not touched until it commits.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    const writing = store.db.transaction().execute(async (trx) => {
      await sql`insert into t values (-1)`.execute(trx);
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    let shrunk = false;
    const shrinking = store.shrinkMemory().then(() => (shrunk = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shrunk).toBe(false);
    commit();
    await writing;
    await shrinking;

    // The statements it let go are prepared again: reads on the reader, read-only
    // transactions on the snapshot, writes on the writer.
    const count = async () =>
      (await sql<{ c: number }>`select count(*) as c from t`.execute(store.db)).rows[0]!.c;
    expect(await count()).toBe(2_001);
    await sql`insert into t values (7)`.execute(store.db);
    const inSnapshot = await store.db
      .transaction()
      .setAccessMode('read only')
      .execute(
        async (trx) =>
          (await sql<{ c: number }>`select count(*) as c from t`.execute(trx)).rows[0]!.c,
      );
    expect(inSnapshot).toBe(2_002);
    expect(await count()).toBe(2_002);
  } finally {
    await store.close();
  }
});
