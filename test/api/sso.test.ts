import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import {
  browse,
  CookieJar,
  startOidcProvider,
  type TestProvider,
} from '../helpers/oidc-provider.js';

/**
 * Staff sign-in through a real OpenID Connect provider (oidc-provider, started here) with real
 * HTTP both ways: the role comes from the `groups` claim's mapping, a person with no mapped
 * group is refused, and the state and the PKCE verifier are checked.
 */

let t: TestApp;
let base: string;
let idp: TestProvider;

const ACCOUNTS = {
  ada: { email: 'Ada@Example.test', name: 'Ada Admin', groups: ['everyone', 'factory-admins'] },
  sam: { email: 'sam@example.test', name: 'Sam Floor', groups: ['floor-supervisors'] },
  nia: { email: 'nia@example.test', name: 'Nia Sales', groups: ['sales'] },
};
const ROLE_MAP = { 'factory-admins': 'admin', 'floor-supervisors': 'supervisor' };

beforeEach(async () => {
  t = await makeTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  idp = await startOidcProvider({
    redirectUri: `${base}/v1/auth/oidc/callback`,
    accounts: ACCOUNTS,
  });
});
afterEach(async () => {
  await idp.close();
  await t.close();
});

async function setUp(extra: Record<string, unknown> = {}) {
  const res = await t.request('PATCH', '/v1/sso', {
    body: {
      provider_name: 'Acme Login',
      issuer_url: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      role_map: ROLE_MAP,
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const isCallback = (url: URL) => url.pathname === '/v1/auth/oidc/callback';

/** Through the provider as `account`, up to (not into) factoryd's callback. */
async function toCallback(account: string, jar = new CookieJar()) {
  const callback = await browse(`${base}/v1/auth/oidc/start`, jar, account, isCallback);
  return { callback, jar };
}

/** Opens the callback in the browser: where factoryd sends it, and the fragment's fields. */
async function openCallback(url: URL, jar: CookieJar) {
  const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
  jar.take(res);
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location')!, url);
  return { location, fields: new URLSearchParams(location.hash.slice(1)) };
}

async function me(token: string) {
  const res = await fetch(`${base}/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    kind: string;
    user: { email: string; role: string; name: string };
  };
}

describe('single sign-on settings', () => {
  it('are off until set, never answer the secret, and check what they are given', async () => {
    expect((await t.request('GET', '/v1/sso')).json()).toMatchObject({ enabled: false });
    expect((await fetch(`${base}/v1/auth/oidc`)).status).toBe(200);
    expect(await (await fetch(`${base}/v1/auth/oidc`)).json()).toMatchObject({ enabled: false });
    const start = await fetch(`${base}/v1/auth/oidc/start`, { redirect: 'manual' });
    expect(start.status).toBe(404);
    expect((await start.json()).error.code).toBe('sso_not_configured');

    const saved = await setUp();
    expect(saved).toMatchObject({
      enabled: true,
      provider_name: 'Acme Login',
      claim: 'groups',
      client_secret_set: true,
      role_map: ROLE_MAP,
    });
    const read = await t.request('GET', '/v1/sso');
    expect(read.body).not.toContain(idp.clientSecret);
    expect(await (await fetch(`${base}/v1/auth/oidc`)).json()).toEqual({
      object: 'sso_provider',
      enabled: true,
      provider_name: 'Acme Login',
      start_url: '/v1/auth/oidc/start',
    });

    const plainHttp = await t.request('PATCH', '/v1/sso', {
      body: { issuer_url: 'http://login.example.com/realms/acme' },
    });
    expect(plainHttp.statusCode).toBe(400);
    expect(plainHttp.json().error).toMatchObject({
      code: 'validation_failed',
      param: 'issuer_url',
    });
    const badRole = await t.request('PATCH', '/v1/sso', {
      body: { role_map: { 'factory-admins': 'owner' } },
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().error.param).toBe('role_map.factory-admins');
    // A change keeps the secret unless a new one is sent.
    expect(
      (await setUp({ client_secret: undefined, provider_name: 'Acme' })).client_secret_set,
    ).toBe(true);
    // Turned off: the sign-in page offers no provider.
    expect((await t.request('DELETE', '/v1/sso')).json()).toMatchObject({ enabled: false });
    expect(await (await fetch(`${base}/v1/auth/oidc`)).json()).toMatchObject({ enabled: false });
  });
});

describe('signing in with the identity provider', () => {
  it('gives a staff session with the role its groups map to, and makes the user once', async () => {
    await setUp();
    const { callback, jar } = await toCallback('ada');
    expect(callback.searchParams.get('code')).toBeTruthy();
    const { location, fields } = await openCallback(callback, jar);
    expect(location.pathname).toBe('/');
    const token = fields.get('sso_token')!;
    expect(token).toMatch(/^ss_/);
    expect(fields.get('expires_at')).toMatch(/^\d{4}-/);
    expect(await me(token)).toMatchObject({
      kind: 'staff',
      user: { email: 'ada@example.test', name: 'Ada Admin', role: 'admin' },
    });
    // An admin's session may do what an admin may.
    const keys = await fetch(`${base}/v1/api-keys`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(keys.status).toBe(200);

    const supervisor = await toCallback('sam');
    const sam = (await openCallback(supervisor.callback, supervisor.jar)).fields.get('sso_token')!;
    expect((await me(sam)).user.role).toBe('supervisor');
    const forbidden = await fetch(`${base}/v1/api-keys`, {
      headers: { authorization: `Bearer ${sam}` },
    });
    expect(forbidden.status).toBe(403);

    // Ada again: the same staff user, no second one.
    const again = await toCallback('ada');
    await openCallback(again.callback, again.jar);
    const staff = (await t.request('GET', '/v1/staff')).json().data as { email: string }[];
    expect(staff.map((s) => s.email).sort()).toEqual(['ada@example.test', 'sam@example.test']);
    // A user made by single sign-on has no password: a password sign-in is refused.
    const password = await t.request('POST', '/v1/auth/login', {
      token: null,
      body: { email: 'ada@example.test', password: 'any password at all' },
    });
    expect(password.statusCode).toBe(401);
  });

  it('takes the role from the mapping at each sign-in', async () => {
    await setUp();
    const first = await toCallback('sam');
    await openCallback(first.callback, first.jar);
    await setUp({ role_map: { 'floor-supervisors': 'admin' } });
    const second = await toCallback('sam');
    const token = (await openCallback(second.callback, second.jar)).fields.get('sso_token')!;
    expect((await me(token)).user.role).toBe('admin');
  });

  it('refuses a person whose groups map to no role, saying so', async () => {
    await setUp();
    const { callback, jar } = await toCallback('nia');
    const { fields } = await openCallback(callback, jar);
    expect(fields.get('sso_token')).toBeNull();
    expect(fields.get('sso_error')).toBe('sso_no_role');
    expect(fields.get('message')).toContain('Acme Login signed you in');
    expect(fields.get('message')).toContain('factory-admins, floor-supervisors');
    expect((await t.request('GET', '/v1/staff')).json().data).toEqual([]);
  });

  it('refuses a callback whose state is not the one this browser was given', async () => {
    await setUp();
    // Another browser (no state cookie) opening the callback: a login forced on someone.
    const stolen = await toCallback('ada');
    const other = await openCallback(stolen.callback, new CookieJar());
    expect(other.fields.get('sso_error')).toBe('sso_failed');
    expect(other.fields.get('message')).toContain('not started in this browser');

    // A state changed on the way.
    const changed = await toCallback('ada');
    changed.callback.searchParams.set('state', 'not-the-state');
    changed.jar.cookies.set('factoryd_sso', 'not-the-state');
    const refused = await openCallback(changed.callback, changed.jar);
    expect(refused.fields.get('sso_error')).toBe('sso_failed');
    expect(refused.fields.get('message')).toContain('unknown, used or expired');

    // A callback used twice: the second is refused.
    const once = await toCallback('ada');
    const state = once.jar.cookies.get('factoryd_sso')!;
    expect((await openCallback(once.callback, once.jar)).fields.get('sso_token')).toMatch(/^ss_/);
    once.jar.cookies.set('factoryd_sso', state);
    expect((await openCallback(once.callback, once.jar)).fields.get('sso_error')).toBe(
      'sso_failed',
    );
  });

  it('sends the PKCE verifier, which the provider checks: a wrong one gets no session', async () => {
    await setUp();
    const { callback, jar } = await toCallback('ada');
    await t.sql
      .prepare('update sso_logins set code_verifier = ?')
      .run('a-verifier-that-does-not-match-the-challenge-sent-0123456789');
    const { fields } = await openCallback(callback, jar);
    expect(fields.get('sso_token')).toBeNull();
    expect(fields.get('sso_error')).toBe('sso_failed');
    // The provider's refusal of the grant (the same flow unchanged signs in: above).
    expect(fields.get('message')).toContain('invalid_grant');
    expect((await t.request('GET', '/v1/staff')).json().data).toEqual([]);
  });

  it('the provider saw a S256 code challenge in the authorization request', async () => {
    await setUp();
    const start = await fetch(`${base}/v1/auth/oidc/start`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const url = new URL(start.headers.get('location')!);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`${base}/v1/auth/oidc/callback`);
    expect(start.headers.get('set-cookie')).toMatch(
      /^factoryd_sso=[^;]+; Path=\/v1\/auth\/oidc\/callback; Max-Age=600; HttpOnly; SameSite=Lax/,
    );
  });
});
