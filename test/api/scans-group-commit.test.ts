import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommit } from '../../src/core/group-commit.js';
import type { Tx } from '../../src/core/transaction.js';
import { stampLastScan } from '../../src/store/stations/last-scan-stamps.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { secondConnection } from '../helpers/dialect.js';

let t: TestApp;
let reader: Awaited<ReturnType<typeof secondConnection>>;
beforeEach(async () => {
  t = await makeTestApp();
  // A second connection sees only what was committed.
  reader = await secondConnection(t.store);
});
afterEach(async () => {
  await reader.close();
  await t.close();
});

const committedCodes = async () =>
  (
    (await reader.sql.prepare('select code from retailers order by code').all()) as {
      code: string;
    }[]
  ).map((r) => r.code);

function insertRetailer(tx: Tx, factoryId: string, code: string) {
  return tx.trx
    .insertInto('retailers')
    .values({
      id: `rtl_${code}`,
      factory_id: factoryId,
      name: code,
      code,
      created_at: tx.nowIso,
      updated_at: tx.nowIso,
    })
    .execute();
}

describe('group commit', () => {
  it('runs work that arrives together in one transaction, in order, each seeing the earlier ones', async () => {
    const committer = new GroupCommit(t.core);
    const transactions = new Set<unknown>();
    const seen: number[] = [];
    const results = await Promise.all(
      ['A', 'B', 'C', 'D'].map((code) =>
        committer.submit(async (tx) => {
          transactions.add(tx.trx);
          const before = await tx.trx.selectFrom('retailers').select('id').execute();
          seen.push(before.length);
          await insertRetailer(tx, t.factoryId, code);
          return code.toLowerCase();
        }),
      ),
    );
    expect(results).toEqual(['a', 'b', 'c', 'd']);
    expect(transactions.size).toBe(1);
    expect(seen).toEqual([0, 1, 2, 3]);
    expect(await committedCodes()).toEqual(['A', 'B', 'C', 'D']);
  });

  it('rolls back only the unit that failed; its caller alone gets the error', async () => {
    const committer = new GroupCommit(t.core);
    if (t.store.dialect === 'postgres') {
      // PostgreSQL defers only constraints declared deferrable.
      await sql`create table commit_guard (factory_id text references factories (id)
        deferrable initially deferred)`.execute(t.core.db);
    }
    const outcomes = await Promise.allSettled([
      committer.submit((tx) => insertRetailer(tx, t.factoryId, 'A')),
      committer.submit(async (tx) => {
        await insertRetailer(tx, t.factoryId, 'B');
        throw new Error('unit B failed after writing');
      }),
      committer.submit((tx) => insertRetailer(tx, t.factoryId, 'C')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toBe(
      'unit B failed after writing',
    );
    expect(await committedCodes()).toEqual(['A', 'C']);
  });

  it('writes what the kept units deferred once, at the end: their events, deliveries and station stamps', async () => {
    const endpoint = await t.request('POST', '/v1/webhooks', {
      body: { url: 'https://hooks.example.com/factoryd', events: ['*'] },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(200);
    const stations: string[] = [];
    for (const name of ['Line 1', 'Line 2']) {
      const issued = await t.request('POST', '/v1/stations/pairing-codes', {
        body: { name, role: 'produce' },
      });
      const paired = await t.request('POST', '/v1/stations/pair', {
        token: null,
        body: { code: issued.json().code },
      });
      stations.push(paired.json().id as string);
    }
    const committer = new GroupCommit(t.core);
    const stamped = new Map<string, string>();
    const emitted: string[] = [];
    const transactions = new Set<unknown>();
    // Units 0..4 on alternate stations, each at its own instant; unit 3 fails after deferring.
    const outcomes = await Promise.allSettled(
      [0, 1, 2, 3, 4].map((n) =>
        committer.submit(async (tx) => {
          transactions.add(tx.trx);
          t.clock.advance(7);
          const station = stations[n % 2]!;
          stampLastScan(tx, station, tx.nowIso);
          const id = tx.emit(t.factoryId, 'station.paired', { n });
          if (n === 3) throw new Error('unit 3 failed after deferring');
          stamped.set(station, tx.nowIso);
          emitted.push(id);
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    // Together first, then again each unit on its own: the second run's instants and ids are kept.
    expect(transactions.size).toBe(2);
    const kept = emitted.slice(-4);
    const events = (await reader.sql
      .prepare("select id, data from events where type = 'station.paired' order by id")
      .all()) as { id: string; data: string }[];
    const ours = events.filter((e) => kept.includes(e.id));
    expect(ours.map((e) => JSON.parse(e.data).n)).toEqual([0, 1, 2, 4]);
    expect(events.some((e) => JSON.parse(e.data).n === 3)).toBe(false);
    const deliveries = (await reader.sql
      .prepare('select event_id, endpoint_id, next_attempt_at from webhook_deliveries')
      .all()) as { event_id: string; endpoint_id: string; next_attempt_at: string }[];
    const ourDeliveries = deliveries.filter((d) => kept.includes(d.event_id));
    expect(ourDeliveries.map((d) => d.event_id).sort()).toEqual([...kept].sort());
    expect(new Set(ourDeliveries.map((d) => d.endpoint_id))).toEqual(new Set([endpoint.json().id]));
    for (const station of stations) {
      const row = (await reader.sql
        .prepare('select last_scan_at from stations where id = ?')
        .get(station)) as { last_scan_at: string };
      // Station 1's last kept unit is 1: unit 3 failed, and its stamp went with it.
      expect(row.last_scan_at).toBe(stamped.get(station));
    }
  });

  it('a unit whose statement fails fails alone, though PostgreSQL refuses the rest of that transaction', async () => {
    const committer = new GroupCommit(t.core);
    const runs: string[] = [];
    const outcomes = await Promise.allSettled(
      ['A', 'B', 'A', 'C'].map((code) =>
        committer.submit(async (tx) => {
          runs.push(code);
          // The second A breaks the unique code: its statement fails inside the transaction.
          await insertRetailer(tx, t.factoryId, code).catch((err: unknown) => {
            throw Object.assign(new Error(`unit ${code} refused`), { cause: err });
          });
          return code;
        }),
      ),
    );
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[2] as PromiseRejectedResult).reason.message).toBe('unit A refused');
    expect(await committedCodes()).toEqual(['A', 'B', 'C']);
    // The batch ran once together, then again with each unit on its own, up to its end.
    expect(runs).toEqual(['A', 'B', 'A', 'A', 'B', 'A', 'C']);
  });

  it('answers no caller before the commit that holds its work', async () => {
    const committer = new GroupCommit(t.core);
    const visibleWhenAnswered: boolean[] = [];
    await Promise.all(
      ['A', 'B', 'C'].map((code) =>
        committer
          .submit((tx) => insertRetailer(tx, t.factoryId, code))
          .then(async () => visibleWhenAnswered.push((await committedCodes()).includes(code))),
      ),
    );
    expect(visibleWhenAnswered).toEqual([true, true, true]);
  });

  it('when the commit itself fails, every caller of the batch gets the error and nothing is kept', async () => {
    const committer = new GroupCommit(t.core);
    if (t.store.dialect === 'postgres') {
      // PostgreSQL defers only constraints declared deferrable.
      await sql`create table commit_guard (factory_id text references factories (id)
        deferrable initially deferred)`.execute(t.core.db);
    }
    const outcomes = await Promise.allSettled([
      committer.submit((tx) => insertRetailer(tx, t.factoryId, 'A')),
      committer.submit(async (tx) => {
        // A foreign key checked only at COMMIT: the unit itself succeeds, the commit fails.
        if (t.store.dialect === 'sqlite') {
          await sql`pragma defer_foreign_keys = on`.execute(tx.trx);
          await insertRetailer(tx, 'fac_missing', 'B');
        } else {
          await sql`insert into commit_guard values ('fac_missing')`.execute(tx.trx);
        }
      }),
      committer.submit((tx) => insertRetailer(tx, t.factoryId, 'C')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await committedCodes()).toEqual([]);

    // The committer goes on working afterwards.
    await committer.submit((tx) => insertRetailer(tx, t.factoryId, 'D'));
    expect(await committedCodes()).toEqual(['D']);
  });

  it('work submitted while a batch commits goes into the next batch', async () => {
    const committer = new GroupCommit(t.core);
    const transactions: unknown[] = [];
    let late: Promise<void> | undefined;
    await committer.submit(async (tx) => {
      transactions.push(tx.trx);
      await insertRetailer(tx, t.factoryId, 'A');
      late = committer.submit(async (tx2) => {
        transactions.push(tx2.trx);
        await insertRetailer(tx2, t.factoryId, 'B');
      });
    });
    await late;
    expect(transactions).toHaveLength(2);
    expect(transactions[0]).not.toBe(transactions[1]);
    expect(await committedCodes()).toEqual(['A', 'B']);
  });
});
