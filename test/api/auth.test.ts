import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOUR, MINUTE } from '../../src/domain/clock.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const PASSWORD = 'correct horse battery';

async function addStaff(email: string, role: 'admin' | 'supervisor', password = PASSWORD) {
  const res = await t.request('POST', '/v1/staff', {
    body: { email, name: `Staff ${role}`, role, password },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; email: string; role: string };
}

async function login(email: string, password = PASSWORD, address?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email, password },
    ...(address ? { remoteAddress: address } : {}),
  });
}

async function sessionFor(email: string): Promise<string> {
  const res = await login(email);
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

describe('staff users', () => {
  it('are created by an admin, listed and read, and never show a password hash', async () => {
    const created = await t.request('POST', '/v1/staff', {
      body: { email: '  Sam@Acme.TEST ', name: 'Sam Lee', role: 'supervisor', password: PASSWORD },
    });
    expect(created.statusCode).toBe(200);
    const user = created.json();
    expect(user).toEqual({
      id: expect.stringMatching(/^stf_[0-9A-Z]{26}$/),
      object: 'staff_user',
      email: 'sam@acme.test',
      name: 'Sam Lee',
      role: 'supervisor',
      disabled: false,
      disabled_at: null,
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
    });

    const list = await t.request('GET', '/v1/staff');
    expect(list.json()).toMatchObject({ object: 'list', has_more: false, data: [{ id: user.id }] });
    expect((await t.request('GET', `/v1/staff/${user.id}`)).json()).toEqual(user);
    const stored = (await t.sql.prepare('select password_hash from staff_users').get()) as {
      password_hash: string;
    };
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    expect(list.body + created.body).not.toContain(stored.password_hash);
    expect(list.body + created.body).not.toContain(PASSWORD);
  });

  it('refuse a taken email (any case), a short password and an unknown role', async () => {
    await addStaff('ana@acme.test', 'admin');
    const taken = await t.request('POST', '/v1/staff', {
      body: { email: 'ANA@acme.test', name: 'Ana', role: 'admin', password: PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'email_exists', param: 'email' });

    const short = await t.request('POST', '/v1/staff', {
      body: { email: 'bo@acme.test', name: 'Bo', role: 'admin', password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({ code: 'validation_failed', param: 'password' });

    const role = await t.request('POST', '/v1/staff', {
      body: { email: 'bo@acme.test', name: 'Bo', role: 'owner', password: PASSWORD },
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().error).toMatchObject({ code: 'validation_failed', param: 'role' });

    expect(
      (await t.request('PATCH', '/v1/staff/stf_nope', { body: { name: 'X' } })).statusCode,
    ).toBe(404);
  });
});

describe('staff login, sessions and logout', () => {
  it('logs in with an ss_ token that expires after session_ttl_hours', async () => {
    const admin = await addStaff('ana@acme.test', 'admin');
    const res = await login('ANA@acme.test');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^ss_[0-9A-Za-z]{32}$/);
    expect(body.expires_at).toBe(new Date(t.clock.now().getTime() + 12 * HOUR).toISOString());
    expect(body.user).toMatchObject({ id: admin.id, email: 'ana@acme.test', role: 'admin' });
    expect(JSON.stringify(await t.sql.prepare('select * from sessions').all())).not.toContain(
      body.token,
    );

    expect((await t.request('GET', '/v1/api-keys', { token: body.token })).statusCode).toBe(200);
    t.clock.advance(12 * HOUR - 1);
    expect((await t.request('GET', '/v1/api-keys', { token: body.token })).statusCode).toBe(200);
    t.clock.advance(1);
    const expired = await t.request('GET', '/v1/api-keys', { token: body.token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('invalid_token');
  });

  it('opens sessions for the session_ttl_hours in force when logging in', async () => {
    await addStaff('ana@acme.test', 'admin');
    const patched = await t.request('PATCH', '/v1/settings', { body: { session_ttl_hours: 1 } });
    expect(patched.statusCode).toBe(200);
    const res = await login('ana@acme.test');
    expect(res.json().expires_at).toBe(new Date(t.clock.now().getTime() + HOUR).toISOString());
    t.clock.advance(HOUR);
    expect((await t.request('GET', '/v1/auth/me', { token: res.json().token })).statusCode).toBe(
      401,
    );
  });

  it('logout ends the calling session only; the next request with it is 401', async () => {
    await addStaff('ana@acme.test', 'admin');
    const first = await sessionFor('ana@acme.test');
    const second = await sessionFor('ana@acme.test');
    const out = await t.request('POST', '/v1/auth/logout', { token: first });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({
      object: 'session',
      revoked_at: t.clock.now().toISOString(),
    });
    const after = await t.request('GET', '/v1/auth/me', { token: first });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('invalid_token');
    expect((await t.request('GET', '/v1/auth/me', { token: second })).statusCode).toBe(200);
    // An API key has no session to end.
    expect((await t.request('POST', '/v1/auth/logout')).statusCode).toBe(403);
  });

  it('answers "no such user" and "wrong password" alike', async () => {
    await addStaff('ana@acme.test', 'admin');
    const wrong = await login('ana@acme.test', 'not the password');
    const unknown = await login('nobody@acme.test', 'not the password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.headers['retry-after']).toBeUndefined();
    }
    const strip = (body: { error: Record<string, unknown> }) => ({ ...body.error, request_id: '' });
    expect(strip(wrong.json())).toEqual(strip(unknown.json()));
    expect(wrong.json().error).toMatchObject({
      type: 'authentication_error',
      code: 'invalid_credentials',
    });
  });

  it('disabling a user (DELETE) ends their sessions and refuses their logins', async () => {
    const sup = await addStaff('sam@acme.test', 'supervisor');
    const token = await sessionFor('sam@acme.test');
    const disabled = await t.request('DELETE', `/v1/staff/${sup.id}`);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({
      disabled: true,
      disabled_at: t.clock.now().toISOString(),
    });
    expect((await t.request('GET', '/v1/orders', { token })).statusCode).toBe(401);
    expect((await login('sam@acme.test')).json().error.code).toBe('invalid_credentials');
    // Disabling again answers the same record.
    t.clock.advance(MINUTE);
    expect((await t.request('DELETE', `/v1/staff/${sup.id}`)).json()).toEqual(disabled.json());

    // Enabled again, they log in anew; the old session stays ended.
    const enabled = await t.request('PATCH', `/v1/staff/${sup.id}`, { body: { disabled: false } });
    expect(enabled.json()).toMatchObject({ disabled: false, disabled_at: null });
    expect((await t.request('GET', '/v1/orders', { token })).statusCode).toBe(401);
    expect((await login('sam@acme.test')).statusCode).toBe(200);
  });

  it('a role change applies on the next request; a new password ends the sessions', async () => {
    const sup = await addStaff('sam@acme.test', 'supervisor');
    const token = await sessionFor('sam@acme.test');
    expect((await t.request('GET', '/v1/api-keys', { token })).statusCode).toBe(403);
    const promoted = await t.request('PATCH', `/v1/staff/${sup.id}`, {
      body: { role: 'admin', name: 'Sam Admin' },
    });
    expect(promoted.json()).toMatchObject({ role: 'admin', name: 'Sam Admin' });
    expect((await t.request('GET', '/v1/api-keys', { token })).statusCode).toBe(200);

    const reset = await t.request('PATCH', `/v1/staff/${sup.id}`, {
      body: { password: 'a brand new password' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.request('GET', '/v1/api-keys', { token })).statusCode).toBe(401);
    expect((await login('sam@acme.test')).statusCode).toBe(401);
    expect((await login('sam@acme.test', 'a brand new password')).statusCode).toBe(200);
  });
});

describe('GET /v1/auth/me', () => {
  it('describes an API key, with the operations it may call', async () => {
    const res = await t.request('GET', '/v1/auth/me');
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      kind: 'api_key',
      factory: { id: t.factoryId, name: 'Test Factory' },
      api_key: { id: expect.stringMatching(/^key_/), name: 'initial' },
    });
    expect(me.user).toBeUndefined();
    expect(me.permissions).toEqual(
      expect.arrayContaining(['POST /v1/api-keys', 'PATCH /v1/returns/:id']),
    );
    expect(me.permissions).not.toContain('POST /v1/scans');
    expect(me.permissions).not.toContain('GET /v1/portal/orders');
  });

  it('describes a staff session: user, session and the role’s operations', async () => {
    const sup = await addStaff('sam@acme.test', 'supervisor');
    const login1 = (await login('sam@acme.test')).json();
    const me = (await t.request('GET', '/v1/auth/me', { token: login1.token })).json();
    expect(me).toMatchObject({
      kind: 'staff',
      factory: { id: t.factoryId, name: 'Test Factory' },
      user: { id: sup.id, email: 'sam@acme.test', name: 'Staff supervisor', role: 'supervisor' },
      session: { expires_at: login1.expires_at },
    });
    expect(me.api_key).toBeUndefined();
    expect(me.permissions).toEqual(
      expect.arrayContaining([
        'GET /v1/orders',
        'POST /v1/stations/pairing-codes',
        'PATCH /v1/returns/:id',
        'POST /v1/items/:barcode/void',
        'POST /v1/auth/logout',
      ]),
    );
    for (const denied of [
      'POST /v1/api-keys',
      'PATCH /v1/company',
      'POST /v1/webhooks',
      'PATCH /v1/settings',
    ]) {
      expect(me.permissions).not.toContain(denied);
    }
  });
});

describe('login rate limits', () => {
  it('limits failures per client address: 429 with retry-after, other addresses unaffected', async () => {
    await addStaff('ana@acme.test', 'admin');
    for (let i = 0; i < 10; i++) {
      expect((await login(`guess${i}@acme.test`, 'wrong password', '10.0.0.1')).statusCode).toBe(
        401,
      );
    }
    const limited = await login('ana@acme.test', PASSWORD, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('ana@acme.test', PASSWORD, '10.0.0.2')).statusCode).toBe(200);
    t.clock.advance(10 * MINUTE);
    expect((await login('ana@acme.test', PASSWORD, '10.0.0.1')).statusCode).toBe(200);
  });

  it('limits failures per account (the lower-cased email), whatever the address', async () => {
    await addStaff('ana@acme.test', 'admin');
    await addStaff('bo@acme.test', 'admin');
    for (let i = 0; i < 10; i++) {
      const email = i % 2 ? 'ANA@acme.test' : 'ana@acme.test';
      expect((await login(email, 'wrong password', `10.0.1.${i}`)).statusCode).toBe(401);
    }
    const limited = await login('ana@acme.test', PASSWORD, '10.0.2.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('bo@acme.test', PASSWORD, '10.0.2.1')).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('leaves out the login and logout routes, as the interface does, and shows the rest', async () => {
    const paths = Object.keys((await t.request('GET', '/v1/openapi.json')).json().paths);
    for (const hidden of [
      '/v1/auth/login',
      '/v1/auth/logout',
      '/v1/portal/auth/login',
      '/v1/portal/auth/logout',
    ]) {
      expect(paths).not.toContain(hidden);
    }
    expect(paths).toEqual(expect.arrayContaining(['/v1/auth/me', '/v1/staff', '/v1/staff/{id}']));
  });
});
