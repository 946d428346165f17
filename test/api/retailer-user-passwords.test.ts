// Setting a retailer portal user's password: by the factory (PATCH, or a set-password link) and
// by the retailer's own owner in the portal; the link is single use, hashed, and expires.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOUR } from '../../src/domain/clock.js';
import { hashToken } from '../../src/domain/tokens.js';
import { createSecondFactory, makeTestApp, type TestApp } from '../helpers/app.js';
import { LOGIN_LIMITS } from '../../src/api/login.js';

const OLD = 'old portal password';
const NEW = 'new portal password';

let t: TestApp;
let retailerId: string;
let owner: { id: string; email: string };
let buyer: { id: string; email: string };

beforeEach(async () => {
  t = await makeTestApp();
  retailerId = (await ok('POST', '/v1/retailers', { name: 'Shop', code: 'SHOP' })).id;
  owner = await ok('POST', users(), {
    email: 'olive@shop.test',
    name: 'Olive',
    role: 'owner',
    password: OLD,
  });
  buyer = await ok('POST', users(), {
    email: 'bea@shop.test',
    name: 'Bea',
    role: 'buyer',
    password: OLD,
  });
});
afterEach(async () => {
  await t.close();
});

const users = (rid = retailerId) => `/v1/retailers/${rid}/users`;

async function ok(
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  token?: string,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<any> {
  const res = await t.request(method, url, {
    ...(body !== undefined ? { body } : {}),
    ...(token !== undefined ? { token } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const login = (email: string, password: string) =>
  t.request('POST', '/v1/portal/auth/login', { token: null, body: { email, password } });

async function session(email: string, password = OLD): Promise<string> {
  const res = await login(email, password);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

const setPassword = (token: string, password = NEW) =>
  t.request('POST', '/v1/portal/auth/set-password', { token: null, body: { token, password } });

const expectError = (
  res: { statusCode: number; json(): { error: { code: string; param?: string } } },
  status: number,
  code: string,
) => {
  expect(res.statusCode).toBe(status);
  expect(res.json().error.code).toBe(code);
};

describe('a set-password link made by the factory', () => {
  it('is built under the setting public_url when one is set', async () => {
    const set = await t.request('PATCH', '/v1/settings', {
      body: { public_url: 'https://factory.example.com' },
    });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const link = await ok('POST', `${users()}/${buyer.id}/password-link`);
      expect(link.url).toBe(`https://factory.example.com/portal/set-password#token=${link.token}`);
    } finally {
      await t.request('PATCH', '/v1/settings', { body: { public_url: null } });
    }
  });

  it('is shown once, kept hashed, sets the password once, and ends the user’s sessions', async () => {
    const before = await session(buyer.email);
    const link = await ok('POST', `${users()}/${buyer.id}/password-link`);
    expect(link).toEqual({
      object: 'password_link',
      user_id: buyer.id,
      token: expect.stringMatching(/^rpw_[0-9A-Za-z]{32}$/),
      url: `http://localhost:80/portal/set-password#token=${link.token}`,
      expires_at: new Date(t.clock.now().getTime() + 72 * HOUR).toISOString(),
    });
    const rows = await t.sql.prepare('select * from retailer_user_password_links').all();
    expect(rows).toEqual([expect.objectContaining({ token_hash: hashToken(link.token) })]);
    expect(JSON.stringify(rows)).not.toContain(link.token);

    const set = await setPassword(link.token);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      object: 'password_set',
      email: buyer.email,
      retailer: { name: 'Shop' },
    });
    // The old session ended, the old password is refused, the new one signs in.
    expectError(
      await t.request('GET', '/v1/portal/auth/me', { token: before }),
      401,
      'invalid_token',
    );
    expectError(await login(buyer.email, OLD), 401, 'invalid_credentials');
    expect((await login(buyer.email, NEW)).statusCode).toBe(200);
    // Single use.
    expectError(await setPassword(link.token, 'another password 9'), 400, 'invalid_password_link');
    expect(await t.sql.prepare('select * from retailer_user_password_links').all()).toEqual([]);
  });

  it('expires after 72 hours, and a newer link or a new password replaces it', async () => {
    const first = await ok('POST', `${users()}/${buyer.id}/password-link`);
    const second = await ok('POST', `${users()}/${buyer.id}/password-link`);
    expectError(await setPassword(first.token), 400, 'invalid_password_link');

    t.clock.advance(72 * HOUR);
    expectError(await setPassword(second.token), 400, 'invalid_password_link');

    const third = await ok('POST', `${users()}/${buyer.id}/password-link`);
    await ok('PATCH', `${users()}/${buyer.id}`, { role: 'buyer', password: 'set by staff 1' });
    expectError(await setPassword(third.token), 400, 'invalid_password_link');
    expect((await login(buyer.email, 'set by staff 1')).statusCode).toBe(200);
  });

  it('checks the new password and refuses bodies it does not know', async () => {
    const link = await ok('POST', `${users()}/${buyer.id}/password-link`);
    const short = await setPassword(link.token, 'short');
    expectError(short, 400, 'validation_failed');
    expect(short.json().error.param).toBe('password');
    const extra = await t.request('POST', '/v1/portal/auth/set-password', {
      token: null,
      body: { token: link.token, password: NEW, email: buyer.email },
    });
    expectError(extra, 400, 'validation_failed');
    // The link survived both refusals.
    expect((await setPassword(link.token)).statusCode).toBe(200);
  });

  it('wrong tokens count against the address’s sign-in budget: 429 once it is spent', async () => {
    for (let i = 0; i < LOGIN_LIMITS.address.max; i += 1) {
      expectError(await setPassword(`rpw_guess${i}`), 400, 'invalid_password_link');
    }
    const limited = await setPassword('rpw_guess_last');
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is for the factory’s own retailers’ users only', async () => {
    const second = await createSecondFactory(t.core);
    const res = await t.request('POST', `${users()}/${buyer.id}/password-link`, {
      token: second.apiKey,
    });
    expectError(res, 404, 'not_found');
    const otherRetailer = (await ok('POST', '/v1/retailers', { name: 'Other', code: 'OTH' })).id;
    expectError(
      await t.request('POST', `${users(otherRetailer)}/${buyer.id}/password-link`),
      404,
      'not_found',
    );
  });

  it('a removed user’s link goes with them', async () => {
    const link = await ok('POST', `${users()}/${buyer.id}/password-link`);
    expect((await t.request('DELETE', `${users()}/${buyer.id}`)).statusCode).toBe(200);
    expectError(await setPassword(link.token), 400, 'invalid_password_link');
  });
});

describe('an owner in the portal', () => {
  it('lists the retailer’s users, sets a password and makes a link for one of them', async () => {
    const ownerToken = await session(owner.email);
    const buyerToken = await session(buyer.email);
    // The owner is offered the users routes; a buyer is not.
    const ownerMe = await ok('GET', '/v1/portal/auth/me', undefined, ownerToken);
    expect(ownerMe.permissions).toEqual(
      expect.arrayContaining([
        'GET /v1/portal/users',
        'POST /v1/portal/users/:uid/password',
        'POST /v1/portal/users/:uid/password-link',
      ]),
    );
    const buyerMe = await ok('GET', '/v1/portal/auth/me', undefined, buyerToken);
    expect(buyerMe.permissions.filter((p: string) => p.includes('/users'))).toEqual([]);
    const list = await ok('GET', '/v1/portal/users', undefined, ownerToken);
    expect(list.data.map((u: { email: string }) => u.email)).toEqual([buyer.email, owner.email]);

    const changed = await ok(
      'POST',
      `/v1/portal/users/${buyer.id}/password`,
      { password: NEW },
      ownerToken,
    );
    expect(changed).toMatchObject({ id: buyer.id, has_password: true });
    expectError(
      await t.request('GET', '/v1/portal/orders', { token: buyerToken }),
      401,
      'invalid_token',
    );
    expect((await login(buyer.email, NEW)).statusCode).toBe(200);

    const link = await ok(
      'POST',
      `/v1/portal/users/${buyer.id}/password-link`,
      undefined,
      ownerToken,
    );
    expect(link.url).toBe(`http://localhost:80/portal/set-password#token=${link.token}`);
    expect((await setPassword(link.token, 'third password 3')).statusCode).toBe(200);
    // The owner's own session was not touched.
    expect((await t.request('GET', '/v1/portal/auth/me', { token: ownerToken })).statusCode).toBe(
      200,
    );
  });

  it('other roles are refused, and another retailer’s users are not found', async () => {
    const buyerToken = await session(buyer.email);
    expectError(
      await t.request('GET', '/v1/portal/users', { token: buyerToken }),
      403,
      'forbidden',
    );
    expectError(
      await t.request('POST', `/v1/portal/users/${owner.id}/password`, {
        token: buyerToken,
        body: { password: NEW },
      }),
      403,
      'forbidden',
    );
    expectError(
      await t.request('POST', `/v1/portal/users/${owner.id}/password-link`, { token: buyerToken }),
      403,
      'forbidden',
    );
    expect((await login(owner.email, OLD)).statusCode).toBe(200);

    const otherRetailer = (await ok('POST', '/v1/retailers', { name: 'Other', code: 'OTH' })).id;
    const stranger = await ok('POST', users(otherRetailer), {
      email: 'sid@other.test',
      name: 'Sid',
      role: 'owner',
      password: OLD,
    });
    const ownerToken = await session(owner.email);
    expectError(
      await t.request('POST', `/v1/portal/users/${stranger.id}/password-link`, {
        token: ownerToken,
      }),
      404,
      'not_found',
    );
    expectError(
      await t.request('POST', `/v1/portal/users/${stranger.id}/password`, {
        token: ownerToken,
        body: { password: NEW },
      }),
      404,
      'not_found',
    );
  });

  it('a staff token cannot use the portal routes', async () => {
    expectError(await t.request('GET', '/v1/portal/users'), 403, 'forbidden');
  });
});
