// API key scopes, expiry and roll: every route an API key may call, with a key of each scope,
// answers as the permission table and its scopes say; an expired key is 401 everywhere.
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyScopesFor, ROUTE_ACCESS } from '../../src/api/permissions.js';
import { API_KEY_SCOPES, type ApiKeyScope } from '../../src/domain/api-key-scopes.js';
import { HOUR } from '../../src/domain/clock.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
const registered: string[] = [];
const keys = {} as Record<ApiKeyScope, string>;

const onInit = (message: unknown) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
    }
  });
};

beforeAll(async () => {
  subscribe('fastify.initialization', onInit);
  try {
    t = await makeTestApp();
  } finally {
    unsubscribe('fastify.initialization', onInit);
  }
  for (const scope of API_KEY_SCOPES) {
    const res = await t.request('POST', '/v1/api-keys', {
      body: { name: `only ${scope}`, scopes: [scope] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().scopes).toEqual([scope]);
    keys[scope] = res.json().key;
  }
});
afterAll(async () => {
  await t.close();
});

/** The routes the table opens to API keys. */
const keyRoutes = () =>
  Object.keys(ROUTE_ACCESS).filter((route) => {
    const access = ROUTE_ACCESS[route]!;
    return access !== 'public' && access.includes('api_key');
  });

async function call(route: string, token: string) {
  const [method, path] = route.split(' ') as [string, string];
  // The event stream is asked to end once it has caught up (it never ends by itself).
  const url =
    path.replace(/:[a-z_]+/g, 'nope') + (path === '/v1/events/stream' ? '?follow=false' : '');
  const hasBody = method === 'POST' || method === 'PATCH' || method === 'PUT';
  return t.request(method as 'GET', url, { token, ...(hasBody ? { body: {} } : {}) });
}

describe('the scopes of the permission table', () => {
  it('give every key route a scope; admin grants them all', () => {
    expect(registered.length).toBeGreaterThan(50);
    for (const route of keyRoutes()) {
      expect(keyScopesFor(route), route).toContain('admin');
    }
    expect(keyScopesFor('POST /v1/orders')).toEqual(['admin', 'orders:write']);
    expect(keyScopesFor('GET /v1/orders')).toEqual(['admin', 'read']);
    expect(keyScopesFor('GET /v1/orders/:id/labels')).toEqual(['admin', 'labels']);
    expect(keyScopesFor('POST /v1/webhooks/:id/rotate-secret')).toEqual(['admin', 'webhooks']);
    expect(keyScopesFor('POST /v1/api-keys')).toEqual(['admin']);
    expect(keyScopesFor('POST /v1/scans')).toEqual([]);
  });

  it('is the table docs/permissions.md shows', () => {
    const doc = readFileSync(new URL('../../docs/permissions.md', import.meta.url), 'utf8');
    const match = /<!-- key-scope-table:start -->([\s\S]*?)<!-- key-scope-table:end -->/.exec(doc);
    const rows = match![1]!
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.startsWith('| `'));
    expect(rows).toEqual(
      keyRoutes().map(
        (route) =>
          `| \`${route}\` | ${keyScopesFor(route)
            .map((s) => `\`${s}\``)
            .join(', ')} |`,
      ),
    );
  });

  for (const scope of API_KEY_SCOPES) {
    it(`a key with only ${scope} is answered on every route as the table says`, async () => {
      const mismatches: string[] = [];
      for (const route of keyRoutes()) {
        const res = await call(route, keys[scope]);
        const code = res.statusCode >= 400 ? (res.json().error?.code as string) : undefined;
        const allowed = keyScopesFor(route).includes(scope);
        const ok = allowed
          ? res.statusCode !== 401 && res.statusCode !== 403 && res.statusCode < 500
          : res.statusCode === 403 && code === 'forbidden';
        if (!ok) {
          mismatches.push(
            `${route}: ${allowed ? 'allowed' : 'denied'} but ${res.statusCode} ${code ?? ''}`,
          );
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it('names the scopes in the refusal, and /v1/auth/me lists what the key may call', async () => {
    const res = await t.request('POST', '/v1/orders', { token: keys.read, body: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toContain('read');
    const me = await t.request('GET', '/v1/auth/me', { token: keys['orders:write'] });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().permissions).toContain('POST /v1/orders');
    expect(me.json().permissions).not.toContain('GET /v1/orders');
  });
});

describe('scopes and expiry at creation', () => {
  it('default to admin and never expiring; several scopes combine', async () => {
    const plain = await t.request('POST', '/v1/api-keys', { body: { name: 'old style' } });
    expect(plain.json()).toMatchObject({ scopes: ['admin'], expires_at: null });
    const both = await t.request('POST', '/v1/api-keys', {
      body: { name: 'erp', scopes: ['orders:write', 'read', 'read'] },
    });
    expect(both.json().scopes).toEqual(['read', 'orders:write']);
    const token = both.json().key;
    expect((await t.request('GET', '/v1/orders', { token })).statusCode).toBe(200);
    expect((await t.request('GET', '/v1/webhooks', { token })).statusCode).toBe(403);
  });

  it('refuses unknown scopes, none, and an expiry in the past', async () => {
    for (const body of [
      { name: 'x', scopes: ['write'] },
      { name: 'x', scopes: [] },
      { name: 'x', expires_at: new Date(t.clock.now().getTime() - 1000).toISOString() },
      { name: 'x', expires_at: 'soon' },
    ]) {
      const res = await t.request('POST', '/v1/api-keys', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
  });

  it('an expired key is 401 invalid_token on every route it could call', async () => {
    const res = await t.request('POST', '/v1/api-keys', {
      body: { name: 'brief', expires_at: new Date(t.clock.now().getTime() + HOUR).toISOString() },
    });
    const token = res.json().key;
    expect((await t.request('GET', '/v1/orders', { token })).statusCode).toBe(200);
    t.clock.advance(HOUR);
    const answers = new Set<string>();
    for (const route of keyRoutes()) {
      const r = await call(route, token);
      answers.add(`${r.statusCode} ${r.json().error?.code}`);
    }
    expect([...answers]).toEqual(['401 invalid_token']);
  });
});

describe('POST /v1/api-keys/:id/roll', () => {
  it('gives a new key with the same name and scopes; the old one works for the overlap only', async () => {
    const made = await t.request('POST', '/v1/api-keys', {
      body: { name: 'erp sync', scopes: ['read', 'webhooks'] },
    });
    const old = made.json();
    const res = await t.request('POST', `/v1/api-keys/${old.id}/roll`, {
      body: { overlap_seconds: 3600 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rolled = res.json();
    expect(rolled).toMatchObject({
      object: 'api_key',
      name: 'erp sync',
      scopes: ['read', 'webhooks'],
      key: expect.stringMatching(/^sk_live_/),
      expires_at: null,
      previous: {
        id: old.id,
        expires_at: new Date(t.clock.now().getTime() + HOUR).toISOString(),
      },
    });
    expect(rolled.id).not.toBe(old.id);
    for (const token of [old.key, rolled.key]) {
      expect((await t.request('GET', '/v1/webhooks', { token })).statusCode).toBe(200);
    }
    t.clock.advance(HOUR);
    expect((await t.request('GET', '/v1/webhooks', { token: old.key })).statusCode).toBe(401);
    expect((await t.request('GET', '/v1/webhooks', { token: rolled.key })).statusCode).toBe(200);

    // An expired (or revoked) key cannot be rolled again; an unknown one is 404.
    const again = await t.request('POST', `/v1/api-keys/${old.id}/roll`, { body: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('api_key_inactive');
    const none = await t.request('POST', '/v1/api-keys/key_nope/roll', { body: {} });
    expect(none.statusCode).toBe(404);
    const bad = await t.request('POST', `/v1/api-keys/${rolled.id}/roll`, {
      body: { overlap_seconds: -1 },
    });
    expect(bad.statusCode).toBe(400);

    // The list shows each key's scopes and expiry.
    const list = await t.request('GET', '/v1/api-keys?limit=100');
    const listed = list.json().data.find((k: { id: string }) => k.id === old.id);
    expect(listed).toMatchObject({
      scopes: ['read', 'webhooks'],
      expires_at: rolled.previous.expires_at,
    });
  });

  it('overlap 0 stops the old key at once; the default overlap is a day', async () => {
    const a = (await t.request('POST', '/v1/api-keys', { body: { name: 'a' } })).json();
    const now = await t.request('POST', `/v1/api-keys/${a.id}/roll`, {
      body: { overlap_seconds: 0 },
    });
    expect(now.statusCode, now.body).toBe(200);
    expect((await t.request('GET', '/v1/orders', { token: a.key })).statusCode).toBe(401);
    const b = (await t.request('POST', '/v1/api-keys', { body: { name: 'b' } })).json();
    const day = await t.request('POST', `/v1/api-keys/${b.id}/roll`, { body: {} });
    expect(day.json().previous.expires_at).toBe(
      new Date(t.clock.now().getTime() + 24 * HOUR).toISOString(),
    );
  });
});
