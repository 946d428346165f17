import { createHash } from 'node:crypto';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
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
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    String(res.headers['set-cookie']).split(';')[0]!;
  const loginWith = (email: string, password: string, address: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email, password },
      remoteAddress: address,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const fail = async (email: string, address: string, times: number) => {
    for (let i = 0; i < times; i++) {
      expect((await login(email, 'wrong password', address)).statusCode).toBe(401);
    }
  };
  const expectLimited = (res: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('locks an email out at the address that failed, not at others, nor the portal', async () => {
    await addStaff('ana@acme.test', 'admin');
    await fail('ana@acme.test', '10.0.0.1', 10);
    const limited = await login('ana@acme.test', PASSWORD, '10.0.0.1');
    expectLimited(limited);
    expect(limited.json().error.code).toBe('rate_limited');
    // A stranger's guesses do not lock the owner out elsewhere.
    expect((await login('ANA@acme.test', PASSWORD, '10.0.0.2')).statusCode).toBe(200);
    // Portal sign-ins count apart: the same email there is another account.
    const portal = await t.app.inject({
      method: 'POST',
      url: '/v1/portal/auth/login',
      payload: { email: 'ana@acme.test', password: PASSWORD },
      remoteAddress: '10.0.0.1',
    });
    expect(portal.statusCode).toBe(401);
    t.clock.advance(10 * MINUTE);
    expect((await login('ana@acme.test', PASSWORD, '10.0.0.1')).statusCode).toBe(200);
  });

  it('brakes an email guessed from many addresses; a device that signed in before passes', async () => {
    await addStaff('ana@acme.test', 'admin');
    const first = await loginWith('ana@acme.test', PASSWORD, '10.0.1.99');
    expect(first.statusCode).toBe(200);
    const device = cookieOf(first);
    expect(String(first.headers['set-cookie'])).toMatch(
      /^factoryd_device=[^;]+; Path=\/v1\/auth\/login; Max-Age=7776000; HttpOnly; SameSite=Strict$/,
    );
    expect(device).not.toContain('ana');
    for (let a = 1; a <= 3; a++) await fail('ana@acme.test', `10.0.1.${a}`, 10);
    await fail('nobody@acme.test', '10.0.2.1', 10);
    await fail('nobody@acme.test', '10.0.2.2', 10);
    await fail('nobody@acme.test', '10.0.2.3', 10);

    // From a new address, without proof: refused, and alike for a known and an unknown email.
    const known = await login('ana@acme.test', PASSWORD, '10.0.3.1');
    const unknown = await login('nobody@acme.test', PASSWORD, '10.0.3.1');
    for (const res of [known, unknown]) expectLimited(res);
    const strip = (body: { error: Record<string, unknown> }) => ({ ...body.error, request_id: '' });
    expect(strip(known.json())).toEqual(strip(unknown.json()));
    expect(known.headers['retry-after']).toBe(unknown.headers['retry-after']);
    // A made-up or another email's proof does not pass.
    const forged = device.replace(/\.[^.~]+$/, '.AAAA');
    expectLimited(await loginWith('ana@acme.test', PASSWORD, '10.0.3.1', forged));
    expectLimited(await loginWith('nobody@acme.test', PASSWORD, '10.0.3.1', device));

    // The device that signed in before passes the brake with the right password, and only so.
    expect((await loginWith('ana@acme.test', PASSWORD, '10.0.3.1', device)).statusCode).toBe(200);
    expect(
      (await loginWith('ana@acme.test', 'wrong password', '10.0.3.1', device)).statusCode,
    ).toBe(401);

    // A new password voids the proofs made with the old one.
    const ana = (await t.request('GET', '/v1/staff')).json().data[0];
    await t.request('PATCH', `/v1/staff/${ana.id}`, { body: { password: 'a brand new password' } });
    expectLimited(await loginWith('ana@acme.test', 'a brand new password', '10.0.3.2', device));
    t.clock.advance(HOUR);
    expect((await login('ana@acme.test', 'a brand new password', '10.0.3.2')).statusCode).toBe(200);
  });

  it('has a budget per address across emails, and logs the address that spent it', async () => {
    const logged: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(line) });
    const app = await buildApp({ core: t.core, logger });
    const attempt = (email: string, password: string, address: string, cookie?: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email, password },
        remoteAddress: address,
        ...(cookie ? { headers: { cookie } } : {}),
      });
    try {
      await addStaff('bo@acme.test', 'admin');
      const device = cookieOf(await attempt('bo@acme.test', PASSWORD, '10.0.4.1'));
      for (let i = 0; i < 30; i++) {
        expect((await attempt(`spray${i}@acme.test`, 'x', '10.0.4.1')).statusCode).toBe(401);
      }
      expectLimited(await attempt('spray99@acme.test', 'x', '10.0.4.1'));
      expectLimited(await attempt('bo@acme.test', PASSWORD, '10.0.4.1'));
      expect((await attempt('bo@acme.test', PASSWORD, '10.0.4.1', device)).statusCode).toBe(200);
      expect((await attempt('bo@acme.test', PASSWORD, '10.0.4.2')).statusCode).toBe(200);
      const trips = logged.map((l) => JSON.parse(l)).filter((l) => l.budget === 'address');
      expect(trips).toHaveLength(1);
      expect(trips[0]).toMatchObject({ address: '10.0.4.1', level: 40, failures: 30 });
    } finally {
      await app.close();
    }
  });

  it('has an overall budget: spent, only known devices sign in until it drains', async () => {
    await addStaff('bo@acme.test', 'admin');
    const device = cookieOf(await login('bo@acme.test', PASSWORD, '10.0.5.1'));
    // Spent by 200 failures from anywhere (rows as the limiter writes them: the key hashed).
    const key = createHash('sha256').update('staff').digest('base64url');
    const at = t.clock.now().toISOString();
    for (let i = 0; i < 200; i++) {
      await t.sql
        .prepare('insert into rate_limit_failures (limiter, key_hash, at) values (?, ?, ?)')
        .run('login-all', key, at);
    }
    expectLimited(await login('bo@acme.test', PASSWORD, '10.0.5.2'));
    expect((await loginWith('bo@acme.test', PASSWORD, '10.0.5.2', device)).statusCode).toBe(200);
    t.clock.advance(10 * MINUTE);
    expect((await login('bo@acme.test', PASSWORD, '10.0.5.2')).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('documents the sign-in routes as the web app’s, with no token for logging in', async () => {
    const doc = (await t.request('GET', '/v1/openapi.json')).json();
    for (const [path, method] of [
      ['/v1/auth/login', 'post'],
      ['/v1/auth/logout', 'post'],
      ['/v1/portal/auth/login', 'post'],
      ['/v1/portal/auth/logout', 'post'],
    ] as const) {
      expect(doc.paths[path][method].description).toContain('web app');
    }
    expect(doc.paths['/v1/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/v1/portal/auth/login'].post.security).toEqual([]);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/auth/me', '/v1/staff', '/v1/staff/{id}']),
    );
  });
});
