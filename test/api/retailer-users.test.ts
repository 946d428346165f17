import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecondFactory, makeTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let retailerId: string;
beforeEach(async () => {
  t = await makeTestApp();
  retailerId = await addRetailer('ACME');
});
afterEach(async () => {
  await t.close();
});

async function addRetailer(code: string, token?: string): Promise<string> {
  const res = await t.request('POST', '/v1/retailers', {
    body: { name: `Retailer ${code}`, code },
    ...(token ? { token } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
}

async function addUser(
  email: string,
  role: string,
  options: { retailer?: string; password?: string } = {},
) {
  const res = await t.request('POST', `/v1/retailers/${options.retailer ?? retailerId}/users`, {
    body: {
      email,
      name: email.split('@')[0],
      role,
      ...(options.password ? { password: options.password } : {}),
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; role: string; email: string };
}

const users = (rid = retailerId) => `/v1/retailers/${rid}/users`;

describe('retailer users', () => {
  it('adds users with lower-cased emails, lists them, and never shows a password hash', async () => {
    const res = await t.request('POST', users(), {
      body: {
        email: ' Olive@Shop.TEST',
        name: 'Olive',
        role: 'owner',
        password: 'portal password 1',
      },
    });
    expect(res.statusCode).toBe(200);
    const owner = res.json();
    expect(owner).toEqual({
      id: expect.stringMatching(/^rtu_[0-9A-Z]{26}$/),
      object: 'retailer_user',
      retailer_id: retailerId,
      email: 'olive@shop.test',
      name: 'Olive',
      role: 'owner',
      has_password: true,
      disabled: false,
      disabled_at: null,
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
    });
    t.clock.advance(1); // ids sort by creation time
    const buyer = await addUser('bea@shop.test', 'buyer');
    expect(buyer).toMatchObject({ role: 'buyer', has_password: false });

    const list = await t.request('GET', users());
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((u: { id: string }) => u.id)).toEqual([buyer.id, owner.id]);
    const { password_hash } = (await t.sql
      .prepare('select password_hash from retailer_users where id = ?')
      .get(owner.id)) as { password_hash: string };
    expect(password_hash).toMatch(/^scrypt\$/);
    expect(list.body + res.body).not.toContain(password_hash);
    expect(list.body + res.body).not.toContain('password_hash');
  });

  it('keeps emails unique per retailer only', async () => {
    await addUser('olive@shop.test', 'owner');
    const again = await t.request('POST', users(), {
      body: { email: 'OLIVE@shop.test', name: 'Olive 2', role: 'buyer' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'email_exists', param: 'email' });
    const other = await addRetailer('OTHER');
    await addUser('olive@shop.test', 'owner', { retailer: other });
  });

  it('validates role, email and password length', async () => {
    const bad = [
      [{ email: 'a@shop.test', name: 'A', role: 'boss' }, 'role'],
      [{ email: 'not-an-email', name: 'A', role: 'buyer' }, 'email'],
      [{ email: 'a@shop.test', name: 'A', role: 'buyer', password: 'short' }, 'password'],
      [{ email: 'a@shop.test', name: 'A', role: 'buyer', admin: true }, 'admin'],
    ] as const;
    for (const [body, param] of bad) {
      const res = await t.request('POST', users(), { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', param });
    }
    expect(
      (await t.request('PATCH', `${users()}/rtu_x`, { body: { role: 'boss' } })).statusCode,
    ).toBe(400);
  });

  it('changes roles; every spec role is accepted', async () => {
    await addUser('olive@shop.test', 'owner');
    const user = await addUser('bea@shop.test', 'buyer');
    for (const role of ['owner', 'buyer', 'viewer', 'accounts', 'integrations']) {
      const res = await t.request('PATCH', `${users()}/${user.id}`, { body: { role } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: user.id, role });
    }
  });

  it('refuses to demote or remove the last owner (409 last_owner)', async () => {
    const owner = await addUser('olive@shop.test', 'owner');
    const demote = await t.request('PATCH', `${users()}/${owner.id}`, { body: { role: 'viewer' } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error.code).toBe('last_owner');
    const remove = await t.request('DELETE', `${users()}/${owner.id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error.code).toBe('last_owner');
    // Keeping the owner an owner is fine.
    expect(
      (await t.request('PATCH', `${users()}/${owner.id}`, { body: { role: 'owner' } })).statusCode,
    ).toBe(200);

    // With a second owner, one of them may go.
    const second = await addUser('oscar@shop.test', 'owner');
    const removed = await t.request('DELETE', `${users()}/${owner.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ id: owner.id, object: 'retailer_user', deleted: true });
    expect((await t.request('GET', users())).json().data.map((u: { id: string }) => u.id)).toEqual([
      second.id,
    ]);
    expect((await t.request('DELETE', `${users()}/${owner.id}`)).statusCode).toBe(404);
  });

  it('holds the last-owner guard under two concurrent demotions', async () => {
    const a = await addUser('olive@shop.test', 'owner');
    const b = await addUser('oscar@shop.test', 'owner');
    const results = await Promise.all([
      t.request('PATCH', `${users()}/${a.id}`, { body: { role: 'buyer' } }),
      t.request('PATCH', `${users()}/${b.id}`, { body: { role: 'viewer' } }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error.code).toBe('last_owner');
    const owners = (await t.sql
      .prepare("select count(*) as n from retailer_users where retailer_id = ? and role = 'owner'")
      .get(retailerId)) as { n: number };
    expect(owners.n).toBe(1);
  });

  it('holds the guard when a demotion and a removal race', async () => {
    const a = await addUser('olive@shop.test', 'owner');
    const b = await addUser('oscar@shop.test', 'owner');
    const results = await Promise.all([
      t.request('DELETE', `${users()}/${a.id}`),
      t.request('PATCH', `${users()}/${b.id}`, { body: { role: 'viewer' } }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const owners = (await t.sql
      .prepare("select count(*) as n from retailer_users where retailer_id = ? and role = 'owner'")
      .get(retailerId)) as { n: number };
    expect(owners.n).toBe(1);
  });

  it('disables a user: their sessions end, logins are refused, and enabling lets them back', async () => {
    const owner = await addUser('olive@shop.test', 'owner', { password: 'portal password 1' });
    const buyer = await addUser('bea@shop.test', 'buyer', { password: 'portal password 1' });
    const login = (email: string) =>
      t.request('POST', '/v1/portal/auth/login', {
        token: null,
        body: { email, password: 'portal password 1' },
      });
    const token = (await login('bea@shop.test')).json().token as string;
    const ownerToken = (await login('olive@shop.test')).json().token as string;

    t.clock.advance(1000);
    const disabled = await t.request('PATCH', `${users()}/${buyer.id}`, {
      body: { role: 'buyer', disabled: true },
    });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({
      id: buyer.id,
      disabled: true,
      disabled_at: t.clock.now().toISOString(),
    });
    const after = await t.request('GET', '/v1/portal/orders', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('invalid_token');
    const refused = await login('bea@shop.test');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('invalid_credentials');
    // Nobody else is touched.
    expect((await t.request('GET', '/v1/portal/orders', { token: ownerToken })).statusCode).toBe(
      200,
    );
    // Disabling again keeps the first instant; the list shows who is disabled.
    t.clock.advance(1000);
    const again = await t.request('PATCH', `${users()}/${buyer.id}`, {
      body: { role: 'viewer', disabled: true },
    });
    expect(again.json()).toMatchObject({
      role: 'viewer',
      disabled_at: disabled.json().disabled_at,
    });
    const listed = (await t.request('GET', users())).json().data;
    expect(listed.map((u: { email: string; disabled: boolean }) => [u.email, u.disabled])).toEqual([
      ['bea@shop.test', true],
      ['olive@shop.test', false],
    ]);

    const enabled = await t.request('PATCH', `${users()}/${buyer.id}`, {
      body: { role: 'buyer', disabled: false },
    });
    expect(enabled.json()).toMatchObject({ disabled: false, disabled_at: null });
    // The old session stays ended; a new login works.
    expect((await t.request('GET', '/v1/portal/orders', { token })).statusCode).toBe(401);
    const back = await login('bea@shop.test');
    expect(back.statusCode).toBe(200);
    expect(
      (await t.request('GET', '/v1/portal/orders', { token: back.json().token })).statusCode,
    ).toBe(200);
    expect(owner.role).toBe('owner');
  });

  it('never disables the last enabled owner; a disabled owner does not count', async () => {
    const a = await addUser('olive@shop.test', 'owner');
    const refused = await t.request('PATCH', `${users()}/${a.id}`, {
      body: { role: 'owner', disabled: true },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('last_owner');

    const b = await addUser('oscar@shop.test', 'owner');
    expect(
      (await t.request('PATCH', `${users()}/${a.id}`, { body: { role: 'owner', disabled: true } }))
        .statusCode,
    ).toBe(200);
    // b is now the only enabled owner: it can be neither demoted, disabled nor removed...
    for (const [method, body] of [
      ['PATCH', { role: 'buyer' }],
      ['PATCH', { role: 'owner', disabled: true }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.request(method, `${users()}/${b.id}`, body ? { body } : {});
      expect(res.statusCode, `${method} ${JSON.stringify(body)}`).toBe(409);
      expect(res.json().error.code).toBe('last_owner');
    }
    // ...while the disabled owner may be demoted or removed freely.
    expect(
      (await t.request('PATCH', `${users()}/${a.id}`, { body: { role: 'viewer' } })).statusCode,
    ).toBe(200);
    expect((await t.request('DELETE', `${users()}/${a.id}`)).statusCode).toBe(200);
  });

  it('answers 404 for a user of another retailer, or another factory’s retailer', async () => {
    await addUser('olive@shop.test', 'owner');
    const otherRetailer = await addRetailer('OTHER');
    await addUser('oscar@other.test', 'owner', { retailer: otherRetailer });
    const theirs = await addUser('bea@other.test', 'buyer', { retailer: otherRetailer });
    for (const [method, body] of [
      ['PATCH', { role: 'viewer' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.request(method, `${users()}/${theirs.id}`, body ? { body } : {});
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect(
      (await t.request('GET', users(otherRetailer))).json().data.map((u: { id: string }) => u.id),
    ).toContain(theirs.id);

    const second = await createSecondFactory(t.core);
    const foreign = await addRetailer('FOREIGN', second.apiKey);
    for (const [method, url, body] of [
      ['GET', users(foreign), undefined],
      ['POST', users(foreign), { email: 'x@y.test', name: 'X', role: 'owner' }],
      ['PATCH', `${users(foreign)}/${theirs.id}`, { role: 'viewer' }],
    ] as const) {
      const res = await t.request(method, url, body ? { body } : {});
      expect(res.statusCode).toBe(404);
    }
    expect((await t.request('GET', users('rtl_nope'))).statusCode).toBe(404);
  });

  it('a new password or removal ends the user’s portal sessions', async () => {
    await addUser('olive@shop.test', 'owner');
    const buyer = await addUser('bea@shop.test', 'buyer', { password: 'portal password 1' });
    const login = async (password: string) =>
      t.request('POST', '/v1/portal/auth/login', {
        token: null,
        body: { email: 'bea@shop.test', password },
      });
    const first = (await login('portal password 1')).json().token as string;
    expect((await t.request('GET', '/v1/portal/orders', { token: first })).statusCode).toBe(200);

    const reset = await t.request('PATCH', `${users()}/${buyer.id}`, {
      body: { role: 'buyer', password: 'portal password 2' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.request('GET', '/v1/portal/orders', { token: first })).statusCode).toBe(401);

    const second = (await login('portal password 2')).json().token as string;
    expect((await t.request('DELETE', `${users()}/${buyer.id}`)).statusCode).toBe(200);
    expect((await t.request('GET', '/v1/portal/orders', { token: second })).statusCode).toBe(401);
    expect((await login('portal password 2')).statusCode).toBe(401);
  });
});
