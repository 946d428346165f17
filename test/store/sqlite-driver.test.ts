import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
  type Transaction,
} from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  learnWriteTransaction,
  recallWriterMemo,
  registerDirect,
  rememberWriterMemo,
  runAtOnce,
  SqliteDriver,
  WriterMemo,
} from '../../src/store/sqlite-driver.js';
import { inSavepoint } from '../../src/store/savepoint.js';
import type { DB } from '../../src/store/schema.js';
import { tempDir } from '../helpers/app.js';

// The driver over a real file, with the commit sync replaced by one the test controls.

interface T {
  n: number;
}

let file: string;
let db: Kysely<{ t: T }>;
let syncs: Array<() => void>;
let closers: Array<() => void>;

function open(): Kysely<{ t: T }> {
  const writer = new Database(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = NORMAL');
  const reader = new Database(file);
  reader.pragma('query_only = ON');
  const snapshot = new Database(file);
  snapshot.pragma('query_only = ON');
  closers.push(
    () => snapshot.close(),
    () => reader.close(),
    () => writer.close(),
  );
  const driver = new SqliteDriver({
    writer,
    reader,
    snapshot,
    durable: () => new Promise<void>((resolve) => syncs.push(resolve)),
  });
  const k = new Kysely<{ t: T }>({
    dialect: {
      createDriver: () => driver,
      createAdapter: () => new SqliteAdapter(),
      createQueryCompiler: () => new SqliteQueryCompiler(),
      createIntrospector: (k) => new SqliteIntrospector(k),
    },
  });
  registerDirect(k, driver);
  return k;
}

/** Lets every pending promise callback run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
/** Completes the commit syncs asked for so far. */
const syncAll = () => syncs.splice(0).forEach((done) => done());
const count = async (k: Kysely<{ t: T }>) =>
  Number(
    (
      await k
        .selectFrom('t')
        .select((eb) => eb.fn.countAll().as('c'))
        .executeTakeFirstOrThrow()
    ).c,
  );

beforeEach(() => {
  file = join(tempDir(), 'driver.db');
  const setup = new Database(file);
  setup.pragma('journal_mode = WAL');
  setup.exec('create table t (n integer)');
  setup.close();
  syncs = [];
  closers = [];
  db = open();
});
afterEach(() => {
  for (const close of closers) close();
});

describe('SqliteDriver', () => {
  it('answers reads while a write transaction is open, without its uncommitted rows', async () => {
    let finish!: () => void;
    const writing = db.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ n: 1 }).execute();
      await new Promise<void>((resolve) => (finish = resolve));
    });
    await settle();
    expect(await count(db)).toBe(0);
    expect((await sql<{ ok: number }>`select 1 as ok`.execute(db)).rows).toEqual([{ ok: 1 }]);
    finish();
    await settle();
    syncAll();
    await writing;
    expect(await count(db)).toBe(1);
  });

  it('answers a transaction only once its commit is synced to disk', async () => {
    let answered = false;
    const writing = db
      .transaction()
      .execute((trx) => trx.insertInto('t').values({ n: 1 }).execute())
      .then(() => (answered = true));
    await settle();
    // Committed (a reader sees it) but not yet synced: not answered.
    expect(await count(db)).toBe(1);
    expect(answered).toBe(false);
    expect(syncs).toHaveLength(1);
    syncAll();
    await writing;
    expect(answered).toBe(true);
  });

  it('sends a write outside a transaction to the writer, and answers it once synced', async () => {
    let answered = false;
    const writing = db
      .insertInto('t')
      .values({ n: 7 })
      .execute()
      .then(() => (answered = true));
    await settle();
    expect(answered).toBe(false);
    syncAll();
    await writing;
    expect(await count(db)).toBe(1);
  });

  it('keeps one snapshot through a read-only transaction while writes commit', async () => {
    const first = db.insertInto('t').values({ n: 1 }).execute();
    await settle();
    syncAll();
    await first;
    let resume!: () => void;
    const reading = db
      .transaction()
      .setAccessMode('read only')
      .execute(async (trx) => {
        const before = await count(trx);
        await new Promise<void>((resolve) => (resume = resolve));
        return [before, await count(trx)];
      });
    await settle();
    // A write commits while the read is open: the read does not see it. A read outside does,
    // without waiting for the snapshot to end.
    const writing = db
      .transaction()
      .execute((trx) => trx.insertInto('t').values({ n: 2 }).execute());
    await settle();
    syncAll();
    await writing;
    expect(await count(db)).toBe(2);
    resume();
    expect(await reading).toEqual([1, 1]);
  });

  it('runs write transactions one at a time, in the order they began', async () => {
    const order: number[] = [];
    const all = [1, 2, 3].map((n) =>
      db.transaction().execute(async (trx) => {
        order.push(n);
        await trx.insertInto('t').values({ n }).execute();
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(n);
      }),
    );
    for (let i = 0; i < 3; i++) {
      await settle();
      syncAll();
    }
    await Promise.all(all);
    expect(order).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('runs the queries of a write transaction at once from the first, once it is learned', async () => {
    const writing = db.transaction().execute(async (trx) => {
      // Not yet learned: the caller would take Kysely's path.
      const before = runAtOnce<{ t: T }>(trx, 'insert into t (n) values (?)', [1]);
      learnWriteTransaction(trx);
      const inserted = runAtOnce<{ t: T }>(trx, 'insert into t (n) values (?)', [2]);
      const seen = runAtOnce<{ t: T }>(trx, 'select count(*) as c from t', []);
      return { before, inserted, seen };
    });
    await settle();
    syncAll();
    const { before, inserted, seen } = await writing;
    expect(before).toBeUndefined();
    expect(inserted?.numAffectedRows).toBe(1n);
    expect(seen?.rows).toEqual([{ c: 1 }]);
    expect(await count(db)).toBe(1);
  });

  it('learns nothing once the write transaction has ended', async () => {
    const done = db.transaction().execute((trx) => trx.insertInto('t').values({ n: 1 }).execute());
    await settle();
    syncAll();
    await done;
    const later = db.transaction().execute(async (trx) => {
      learnWriteTransaction(trx);
      return runAtOnce<{ t: T }>(trx, 'select count(*) as c from t', []);
    });
    await settle();
    syncAll();
    // Its own handle, learned at its own start: it sees the committed row.
    expect((await later)?.rows).toEqual([{ c: 1 }]);
  });
});

describe('WriterMemo', () => {
  const LAST = new WriterMemo<number>('last n');

  /** Runs `work` as a write transaction (its handle learned, as `transact` does) to its end. */
  async function write<R>(
    work: (trx: Kysely<{ t: T }>) => Promise<R>,
    k: Kysely<{ t: T }> = db,
  ): Promise<R> {
    const done = k.transaction().execute((trx) => {
      learnWriteTransaction(trx);
      return work(trx);
    });
    // Its failure is the caller's to see, after the syncs below.
    done.catch(() => {});
    for (let i = 0; i < 3; i++) {
      await settle();
      syncAll();
    }
    return done;
  }
  /** Inserts `n` and remembers it, as the audit trail does with the chain's end. */
  const append = (n: number) =>
    write(async (trx) => {
      await trx.insertInto('t').values({ n }).execute();
      rememberWriterMemo(trx, LAST, n);
    });
  const recall = () => write(async (trx) => recallWriterMemo(trx, LAST));

  it('hands a committed value on to the next write transactions, and its own to itself', async () => {
    expect(await recall()).toBeUndefined();
    await append(1);
    expect(await recall()).toBe(1);
    expect(
      await write(async (trx) => {
        rememberWriterMemo(trx, LAST, 2);
        return recallWriterMemo(trx, LAST);
      }),
    ).toBe(2);
    expect(await recall()).toBe(2);
    // Outside a write transaction there is nothing to recall.
    expect(recallWriterMemo(db, LAST)).toBeUndefined();
  });

  it('keeps nothing from a transaction that rolls back', async () => {
    await append(1);
    await expect(
      write(async (trx) => {
        rememberWriterMemo(trx, LAST, 2);
        throw new Error('the use case failed');
      }),
    ).rejects.toThrow('the use case failed');
    expect(await recall()).toBe(1);
  });

  it('forgets everything on a rollback to a savepoint', async () => {
    await append(1);
    const kept = await write(async (trx) => {
      const outcome = await inSavepoint(trx as unknown as Transaction<DB>, async () => {
        rememberWriterMemo(trx, LAST, 2);
        throw new Error('this unit failed');
      });
      expect(outcome).toMatchObject({ error: new Error('this unit failed') });
      return recallWriterMemo(trx, LAST);
    });
    expect(kept).toBeUndefined();
    expect(await recall()).toBeUndefined();
  });

  it('forgets a value once another connection commits to the file (another process)', async () => {
    await append(1);
    const other = new Database(file);
    other.prepare('insert into t (n) values (?)').run(5);
    other.close();
    expect(await recall()).toBeUndefined();
    // Remembered again from the next commit on.
    await append(6);
    expect(await recall()).toBe(6);
  });

  it('forgets a value after a write outside a transaction', async () => {
    await append(1);
    const done = db.insertInto('t').values({ n: 9 }).execute();
    await settle();
    syncAll();
    await done;
    expect(await recall()).toBeUndefined();
  });
});
