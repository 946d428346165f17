import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { addRetailer, pushOrder } from '../core/orders/fixtures.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const PASSWORD = 'correct horse battery';

async function staffToken(name: string): Promise<{ id: string; token: string }> {
  const created = await t.request('POST', '/v1/staff', {
    body: { email: 'dana@acme.test', name, role: 'admin', password: PASSWORD },
  });
  expect(created.statusCode, created.body).toBe(200);
  const login = await t.request('POST', '/v1/auth/login', {
    token: null,
    body: { email: 'dana@acme.test', password: PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  return { id: created.json().id, token: login.json().token };
}

async function apiKey(name: string): Promise<{ id: string; key: string }> {
  const res = await t.request('POST', '/v1/api-keys', { body: { name } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const CSV =
  'order_no,retailer_code,sku,colour,qty,pieces_per_unit,production_date,needed_by,piece_names\n' +
  'UP-1,ACME,SOFA,Grey,1,1,,,\n' +
  'UP-2,ACME,CHAIR,Oak,2,1,,,\n';

describe('created_by', () => {
  it('names the staff user or API key that pushed an order, as it was named then', async () => {
    const retailer = await addRetailer(t);
    const dana = await staffToken('Dana');
    const erp = await apiKey('ERP sync');

    const byStaff = await pushOrder(t, { order_no: 'S-1', retailer_id: retailer.id }, dana.token);
    expect(byStaff.created_by).toEqual({ type: 'staff', id: dana.id, name: 'Dana' });
    const byKey = await pushOrder(t, { order_no: 'K-1', retailer_id: retailer.id }, erp.key);
    expect(byKey.created_by).toEqual({ type: 'api_key', id: erp.id, name: 'ERP sync' });

    // Renaming the user later does not rewrite history; the key's revocation neither.
    await t.request('PATCH', `/v1/staff/${dana.id}`, { body: { name: 'Dana Smith' } });
    await t.request('DELETE', `/v1/api-keys/${erp.id}`);
    const read = await t.request('GET', `/v1/orders/${byStaff.id}`);
    expect(read.json().created_by).toEqual({ type: 'staff', id: dana.id, name: 'Dana' });
    const list = await t.request('GET', '/v1/orders');
    const listed = Object.fromEntries(
      list
        .json()
        .data.map((o: { order_no: string; created_by: unknown }) => [o.order_no, o.created_by]),
    );
    expect(listed).toEqual({
      'K-1': { type: 'api_key', id: erp.id, name: 'ERP sync' },
      'S-1': { type: 'staff', id: dana.id, name: 'Dana' },
    });

    // The order.created event carries it too.
    const event = (await t.sql
      .prepare("select data from events where type = 'order.created' order by id desc limit 1")
      .get()) as { data: string };
    expect(JSON.parse(event.data).created_by).toEqual({
      type: 'api_key',
      id: erp.id,
      name: 'ERP sync',
    });
  });

  it('gives every order of an upload its uploader, and older orders null', async () => {
    await addRetailer(t);
    const dana = await staffToken('Dana');
    const res = await t.request('POST', '/v1/orders/upload', {
      token: dana.token,
      headers: { 'content-type': 'text/csv' },
      payload: CSV,
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const { id } of res.json().orders) {
      const order = (await t.request('GET', `/v1/orders/${id}`)).json();
      expect(order.source).toBe('upload');
      expect(order.created_by).toEqual({ type: 'staff', id: dana.id, name: 'Dana' });
    }

    // An order from before the column was kept (or its creator unknown) says null.
    const [first] = res.json().orders;
    await t.sql.prepare('update orders set created_by = null where id = ?').run(first.id);
    expect((await t.request('GET', `/v1/orders/${first.id}`)).json().created_by).toBeNull();
  });
});
