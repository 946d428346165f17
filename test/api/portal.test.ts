import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HOUR } from '../../src/domain/clock.js';
import { createSecondFactory, makeTestApp, type TestApp } from '../helpers/app.js';

const PASSWORD = 'portal password 1';

let t: TestApp;
let shop: { id: string; orders: string[] };
let rival: { id: string; orders: string[] };
beforeEach(async () => {
  t = await makeTestApp();
  shop = await addRetailer('SHOP', ['S-1', 'S-2', 'SAME']);
  rival = await addRetailer('RIVAL', ['R-1', 'SAME']);
});
afterEach(async () => {
  await t.close();
});

async function addRetailer(code: string, orderNos: string[]) {
  const retailer = await t.request('POST', '/v1/retailers', {
    body: { name: `${code} Ltd`, code },
  });
  expect(retailer.statusCode).toBe(200);
  const id = retailer.json().id as string;
  const orders: string[] = [];
  for (const orderNo of orderNos) {
    t.clock.advance(1); // ids sort by creation time
    const order = await t.request('POST', '/v1/orders', {
      body: {
        order_no: orderNo,
        retailer_id: id,
        lines: [{ sku: 'CHAIR', qty: 1, pieces_per_unit: 1 }],
      },
    });
    expect(order.statusCode).toBe(200);
    orders.push(order.json().id);
  }
  return { id, orders };
}

async function addUser(retailerId: string, email: string, password?: string) {
  const res = await t.request('POST', `/v1/retailers/${retailerId}/users`, {
    body: { email, name: 'Portal user', role: 'buyer', ...(password ? { password } : {}) },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string };
}

function portalLogin(email: string, password = PASSWORD) {
  return t.request('POST', '/v1/portal/auth/login', { token: null, body: { email, password } });
}

async function portalToken(retailerId: string, email = 'bea@shop.test'): Promise<string> {
  await addUser(retailerId, email, PASSWORD);
  const res = await portalLogin(email);
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

describe('portal login', () => {
  it('logs a retailer user in with an rs_ session and describes them', async () => {
    const user = await addUser(shop.id, 'bea@shop.test', PASSWORD);
    const res = await portalLogin('Bea@Shop.test');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^rs_[0-9A-Za-z]{32}$/);
    expect(body.expires_at).toBe(new Date(t.clock.now().getTime() + 12 * HOUR).toISOString());
    expect(body.user).toMatchObject({ id: user.id, retailer_id: shop.id, has_password: true });
    expect(body.user.password_hash).toBeUndefined();
    expect(body.retailer).toEqual({ id: shop.id, name: 'SHOP Ltd', code: 'SHOP' });

    const me = await t.request('GET', '/v1/portal/auth/me', { token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      kind: 'retailer',
      factory: { id: t.factoryId },
      retailer: { id: shop.id },
      user: { id: user.id, email: 'bea@shop.test' },
      session: { expires_at: body.expires_at },
      permissions: [
        'POST /v1/portal/auth/logout',
        'GET /v1/portal/auth/me',
        'GET /v1/portal/orders',
        'GET /v1/portal/orders/:id',
      ],
    });
  });

  it('answers unknown email, wrong password and no portal password alike', async () => {
    await addUser(shop.id, 'bea@shop.test', PASSWORD);
    await addUser(shop.id, 'nopass@shop.test');
    const answers = [
      await portalLogin('bea@shop.test', 'wrong password'),
      await portalLogin('nobody@shop.test'),
      await portalLogin('nopass@shop.test'),
    ];
    const strip = (body: { error: Record<string, unknown> }) => ({ ...body.error, request_id: '' });
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(strip(res.json())).toEqual(strip(answers[0]!.json()));
    }
    expect(answers[0]!.json().error.code).toBe('invalid_credentials');
    // A staff login does not open the portal, nor the other way round.
    expect(
      (
        await t.request('POST', '/v1/auth/login', {
          token: null,
          body: { email: 'bea@shop.test', password: PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('limits failed portal logins per account (429 with retry-after)', async () => {
    await addUser(shop.id, 'bea@shop.test', PASSWORD);
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/portal/auth/login',
        payload: { email: 'bea@shop.test', password: 'wrong password' },
        remoteAddress: `10.9.0.${i}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const limited = await portalLogin('BEA@shop.test');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('logout and expiry end the session: 401 on the next request', async () => {
    const token = await portalToken(shop.id);
    const second = (await portalLogin('bea@shop.test')).json().token as string;
    const out = await t.request('POST', '/v1/portal/auth/logout', { token });
    expect(out.statusCode).toBe(200);
    const after = await t.request('GET', '/v1/portal/orders', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('invalid_token');

    expect((await t.request('GET', '/v1/portal/orders', { token: second })).statusCode).toBe(200);
    t.clock.advance(12 * HOUR);
    expect((await t.request('GET', '/v1/portal/orders', { token: second })).statusCode).toBe(401);
  });
});

describe('portal orders', () => {
  it('lists only the retailer’s own orders, newest first, with keyset pages and a filter', async () => {
    const token = await portalToken(shop.id);
    const all = await t.request('GET', '/v1/portal/orders', { token });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((o: { id: string }) => o.id)).toEqual([...shop.orders].reverse());
    expect(all.json().data[0]).toMatchObject({
      object: 'order',
      retailer_id: shop.id,
      order_no: 'SAME',
    });
    expect(all.json().data[0].pieces).toBeUndefined();

    const page = (await t.request('GET', '/v1/portal/orders?limit=2', { token })).json();
    expect(page).toMatchObject({ has_more: true, next_cursor: shop.orders[1] });
    const next = (
      await t.request('GET', `/v1/portal/orders?limit=2&starting_after=${page.next_cursor}`, {
        token,
      })
    ).json();
    expect(next.data.map((o: { id: string }) => o.id)).toEqual([shop.orders[0]]);

    const filtered = await t.request('GET', '/v1/portal/orders?status=awaiting_production', {
      token,
    });
    expect(filtered.json().data).toHaveLength(3);
    expect(
      (await t.request('GET', '/v1/portal/orders?status=dispatched', { token })).json().data,
    ).toEqual([]);
    // Another retailer's id cannot be smuggled in.
    expect(
      (await t.request('GET', `/v1/portal/orders?retailer_id=${rival.id}`, { token })).statusCode,
    ).toBe(400);
  });

  it('reads one of its orders in full; another retailer’s order is 404', async () => {
    const token = await portalToken(shop.id);
    const own = await t.request('GET', `/v1/portal/orders/${shop.orders[0]}`, { token });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: shop.orders[0], order_no: 'S-1', retailer_id: shop.id });
    expect(own.json().pieces).toHaveLength(1);
    expect(own.json().scans).toEqual([]);

    // By order number too, within the retailer: SAME is the shop's own, never the rival's.
    const byNo = await t.request('GET', '/v1/portal/orders/SAME', { token });
    expect(byNo.json().id).toBe(shop.orders[2]);

    for (const id of [rival.orders[0], 'R-1', 'ord_nope']) {
      const res = await t.request('GET', `/v1/portal/orders/${id}`, { token });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('keeps factories apart: a retailer of another factory sees none of these orders', async () => {
    const other = await createSecondFactory(t.core);
    const foreign = await t.request('POST', '/v1/retailers', {
      token: other.apiKey,
      body: { name: 'Foreign', code: 'SHOP' },
    });
    await t.request('POST', `/v1/retailers/${foreign.json().id}/users`, {
      token: other.apiKey,
      body: { email: 'far@away.test', name: 'Far', role: 'owner', password: PASSWORD },
    });
    const token = (await portalLogin('far@away.test')).json().token as string;
    expect((await t.request('GET', '/v1/portal/orders', { token })).json().data).toEqual([]);
    expect(
      (await t.request('GET', `/v1/portal/orders/${shop.orders[0]}`, { token })).statusCode,
    ).toBe(404);
  });

  it('a portal session gets 403 everywhere outside the portal', async () => {
    const token = await portalToken(shop.id);
    for (const [method, url] of [
      ['GET', '/v1/orders'],
      ['GET', `/v1/orders/${shop.orders[0]}`],
      ['GET', '/v1/retailers'],
      ['GET', '/v1/auth/me'],
      ['POST', '/v1/auth/logout'],
      ['POST', '/v1/returns'],
    ] as const) {
      const res = await t.request(method, url, { token });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
  });
});
