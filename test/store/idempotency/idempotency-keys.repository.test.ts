import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type SqliteStore } from '../../../src/store/database.js';
import * as keys from '../../../src/store/idempotency/idempotency-keys.repository.js';

let store: SqliteStore;
const at = '2026-01-01T00:00:00.000Z';
const answer = { status: 201, body: '{"ok":true}', contentType: 'application/json' };

beforeAll(async () => {
  store = await openStore({ file: ':memory:' });
  store.sqlite.exec(`
    insert into factories (id, company, name, legal_name, label_prefix, barcode_serial, created_at, updated_at)
    values ('fac_1', 'F', 'F', 'F', 'FD', 0, '${at}', '${at}');
  `);
});
afterAll(() => store.close());

function claim(key: string, claimedAt = at) {
  return store.db.transaction().execute((trx) =>
    keys.insertKey(trx, {
      factory_id: 'fac_1',
      key,
      request_hash: 'h',
      state: 'running',
      response_status: null,
      response_body: null,
      response_type: null,
      created_at: claimedAt,
    }),
  );
}

describe('idempotency keys repository', () => {
  it('stores an answer on the claim it was given only', async () => {
    await claim('a');
    const stale = { factoryId: 'fac_1', key: 'a', claimedAt: '2025-01-01T00:00:00.000Z' };
    expect(await keys.storeAnswer(store.db, stale, answer)).toBe(false);
    expect(
      await keys.storeAnswer(store.db, { factoryId: 'fac_1', key: 'a', claimedAt: at }, answer),
    ).toBe(true);
    const row = await keys.keyOf(store.db, 'fac_1', 'a');
    expect(row).toMatchObject({
      state: 'done',
      response_status: 201,
      response_body: '{"ok":true}',
    });
  });

  it('with onlyRunning, leaves an answered claim as it is', async () => {
    await claim('b');
    const mine = { factoryId: 'fac_1', key: 'b', claimedAt: at };
    await keys.storeAnswer(store.db, mine, answer);
    const later = { status: 400, body: 'no', contentType: 'text/plain' };
    expect(await keys.storeAnswer(store.db, mine, later, { onlyRunning: true })).toBe(false);
    expect((await keys.keyOf(store.db, 'fac_1', 'b'))?.response_status).toBe(201);
    // An unanswered claim is deleted by deleteRunningClaim; an answered one is not.
    await keys.deleteRunningClaim(store.db, mine);
    expect(await keys.keyOf(store.db, 'fac_1', 'b')).toBeDefined();
    await claim('c');
    await keys.deleteRunningClaim(store.db, { factoryId: 'fac_1', key: 'c', claimedAt: at });
    expect(await keys.keyOf(store.db, 'fac_1', 'c')).toBeUndefined();
  });

  it('deletes a key claimed before the cut-off only', async () => {
    await claim('d', '2026-01-01T00:00:00.000Z');
    await store.db
      .transaction()
      .execute((trx) => keys.deleteKeyClaimedBefore(trx, 'fac_1', 'd', '2026-01-01T00:00:00.000Z'));
    expect(await keys.keyOf(store.db, 'fac_1', 'd')).toBeDefined();
    await store.db
      .transaction()
      .execute((trx) => keys.deleteKeyClaimedBefore(trx, 'fac_1', 'd', '2026-01-01T00:00:00.001Z'));
    expect(await keys.keyOf(store.db, 'fac_1', 'd')).toBeUndefined();
  });
});
