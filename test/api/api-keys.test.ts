import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('API keys', () => {
  it('creates a key shown once, stores only its hash, and never returns it again', async () => {
    const created = await t.request('POST', '/v1/api-keys', { body: { name: 'ERP' } });
    expect(created.statusCode).toBe(200);
    const body = created.json();
    expect(body.key).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
    expect(body).toMatchObject({
      object: 'api_key',
      name: 'ERP',
      last4: body.key.slice(-4),
      revoked_at: null,
    });
    expect(body.id).toMatch(/^key_[0-9A-Z]{26}$/);

    // Nothing in the database holds the plain key.
    const dump = JSON.stringify(await t.sql.prepare('select * from api_keys').all());
    expect(dump).not.toContain(body.key);
    expect(dump).not.toContain(body.key.slice('sk_live_'.length));

    const list = await t.request('GET', '/v1/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(body.key);
    expect(list.json().data.map((k: { id: string }) => k.id)).toContain(body.id);

    // The new key works.
    const me = await t.request('GET', '/v1/api-keys', { token: body.key });
    expect(me.statusCode).toBe(200);
  });

  it('revokes a key: the very next request with it is 401', async () => {
    const { key, id } = (
      await t.request('POST', '/v1/api-keys', { body: { name: 'temp' } })
    ).json();
    expect((await t.request('GET', '/v1/company', { token: key })).statusCode).toBe(200);
    const revoked = await t.request('DELETE', `/v1/api-keys/${id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id, object: 'api_key' });
    const after = await t.request('GET', '/v1/company', { token: key });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('invalid_token');
    // Revoking again answers the first revocation.
    const again = await t.request('DELETE', `/v1/api-keys/${id}`);
    expect(again.json().revoked_at).toBe(revoked.json().revoked_at);
    expect((await t.request('DELETE', '/v1/api-keys/key_nope')).statusCode).toBe(404);
  });

  it('pages through every key exactly once, newest first', async () => {
    for (let i = 0; i < 7; i++)
      await t.request('POST', '/v1/api-keys', { body: { name: `k${i}` } });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/v1/api-keys?limit=3${cursor ? `&starting_after=${cursor}` : ''}`;
      const page = (await t.request('GET', url)).json();
      expect(page.object).toBe('list');
      expect(page.data.length).toBeLessThanOrEqual(3);
      seen.push(...page.data.map((k: { id: string }) => k.id));
      cursor = page.next_cursor;
      expect(page.has_more).toBe(cursor !== null);
      pages += 1;
      // A key created mid-way is newer than the cursor: it never shifts later pages.
      if (pages === 1) await t.request('POST', '/v1/api-keys', { body: { name: 'late' } });
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(8);
    expect([...seen].sort().reverse()).toEqual(seen);
  });

  it('refuses a malformed cursor on every list as invalid_cursor, naming starting_after', async () => {
    const lists = ['/v1/api-keys', '/v1/orders', '/v1/retailers', '/v1/stations', '/v1/webhooks'];
    for (const list of lists) {
      for (const cursor of ['nope', 'ord_0123', `key_${'I'.repeat(26)}`, 'x'.repeat(65)]) {
        const bad = await t.request('GET', `${list}?starting_after=${cursor}`);
        expect(bad.statusCode, `${list} ${cursor}`).toBe(400);
        expect(bad.json().error).toMatchObject({ code: 'invalid_cursor', param: 'starting_after' });
      }
    }
    // A cursor of the right shape that matches no row is simply a page after it (empty here).
    const after = await t.request('GET', `/v1/api-keys?starting_after=key_${'0'.repeat(26)}`);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ data: [], has_more: false, next_cursor: null });
  });

  it('rejects bad limits and names with the field named', async () => {
    const bad = await t.request('GET', '/v1/api-keys?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'validation_failed', param: 'limit' });
    const blank = await t.request('POST', '/v1/api-keys', { body: { name: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.param).toBe('name');
    const unknown = await t.request('POST', '/v1/api-keys', { body: { name: 'x', scope: 'all' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.param).toBe('scope');
    expect(await t.sql.prepare('select count(*) as n from api_keys').get()).toEqual({ n: 1 });
  });
});

describe('Idempotency-Key', () => {
  it('replays the stored answer for the same request, and refuses a different one', async () => {
    const headers = { 'idempotency-key': 'create-erp-key-1' };
    const first = await t.request('POST', '/v1/api-keys', { body: { name: 'ERP' }, headers });
    const second = await t.request('POST', '/v1/api-keys', { body: { name: 'ERP' }, headers });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await t.sql.prepare('select count(*) as n from api_keys').get()).toEqual({ n: 2 });

    const other = await t.request('POST', '/v1/api-keys', { body: { name: 'CRM' }, headers });
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('idempotency_key_reused');

    // Keys are kept 24 hours.
    t.clock.advance(24 * 3600 * 1000 + 1);
    const later = await t.request('POST', '/v1/api-keys', { body: { name: 'CRM' }, headers });
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps keys per factory and refuses overlong keys', async () => {
    const long = await t.request('POST', '/v1/api-keys', {
      body: { name: 'x' },
      headers: { 'idempotency-key': 'k'.repeat(256) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.param).toBe('Idempotency-Key');
  });
});
