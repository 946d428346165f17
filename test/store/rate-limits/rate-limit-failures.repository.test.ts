import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type SqliteStore } from '../../../src/store/database.js';
import {
  failuresSince,
  insertFailure,
} from '../../../src/store/rate-limits/rate-limit-failures.repository.js';

let store: SqliteStore;
beforeAll(async () => {
  store = await openStore({ file: ':memory:' });
});
afterAll(() => store.close());

describe('rate-limit failures repository', () => {
  it('counts the failures of one limiter and key after the cut-off, with the first', async () => {
    expect(await failuresSince(store.db, 'login', 'k', '2026-01-01T00:00:00.000Z')).toEqual({
      count: 0,
      first: null,
    });
    for (const at of [
      '2026-01-01T00:00:00.000Z',
      '2026-01-01T00:01:00.000Z',
      '2026-01-01T00:02:00.000Z',
    ]) {
      await insertFailure(store.db, { limiter: 'login', key_hash: 'k', at });
    }
    await insertFailure(store.db, {
      limiter: 'login',
      key_hash: 'other',
      at: '2026-01-01T00:03:00.000Z',
    });
    await insertFailure(store.db, {
      limiter: 'pairing',
      key_hash: 'k',
      at: '2026-01-01T00:03:00.000Z',
    });
    expect(await failuresSince(store.db, 'login', 'k', '2026-01-01T00:00:00.000Z')).toEqual({
      count: 2,
      first: '2026-01-01T00:01:00.000Z',
    });
  });
});
