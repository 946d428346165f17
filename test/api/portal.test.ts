import { parse } from 'csv-parse/sync';
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
    expect(body.factory).toEqual({ id: t.factoryId, name: 'Test Factory' });

    const me = await t.request('GET', '/v1/portal/auth/me', { token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      kind: 'retailer',
      factory: { id: t.factoryId, name: 'Test Factory' },
      retailer: { id: shop.id },
      user: { id: user.id, email: 'bea@shop.test' },
      session: { expires_at: body.expires_at },
      permissions: [
        'GET /v1/portal/consignments',
        'GET /v1/portal/consignments/:id/delivery-note',
        'POST /v1/portal/auth/logout',
        'GET /v1/portal/auth/me',
        'GET /v1/portal/orders',
        'GET /v1/portal/orders.csv',
        'GET /v1/portal/orders/:id',
        'GET /v1/events/stream',
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

  it('limits failed portal logins per account; a device that signed in before passes', async () => {
    await addUser(shop.id, 'bea@shop.test', PASSWORD);
    const attempt = (password: string, address: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/portal/auth/login',
        payload: { email: 'bea@shop.test', password },
        remoteAddress: address,
        ...(cookie ? { headers: { cookie } } : {}),
      });
    const signedIn = await attempt(PASSWORD, '10.9.1.1');
    expect(signedIn.statusCode).toBe(200);
    const setCookie = String(signedIn.headers['set-cookie']);
    expect(setCookie).toContain('Path=/v1/portal/auth/login');
    const device = setCookie.split(';')[0]!;
    // Ten an address (the lockout there), thirty in all (the brake on the email).
    for (let i = 0; i < 30; i++) {
      expect((await attempt('wrong password', `10.9.0.${i % 3}`)).statusCode).toBe(401);
    }
    const locked = await attempt(PASSWORD, '10.9.0.1', device);
    expect(locked.statusCode).toBe(429);
    const limited = await portalLogin('BEA@shop.test');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(PASSWORD, '10.9.2.1', device)).statusCode).toBe(200);
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

    // By order number too, within the retailer: SAME is the shop's own, never the rival's.
    const byNo = await t.request('GET', '/v1/portal/orders/SAME', { token });
    expect(byNo.json().id).toBe(shop.orders[2]);

    // Another retailer's order, by id or number, answers exactly as an order that never was:
    // the message names what was asked for, and nothing else differs.
    const answers = [];
    for (const id of [rival.orders[0]!, 'R-1', 'ord_01KE6JQ3000000000000000000', 'nope']) {
      const res = await t.request('GET', `/v1/portal/orders/${id}`, { token });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      expect(res.json().error.message).toBe(`No order with id or order number "${id}".`);
      answers.push({ ...res.json().error, message: '', request_id: '' });
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
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

async function pairStation(role: 'produce' | 'stock' | 'dispatch'): Promise<string> {
  const issued = await t.request('POST', '/v1/stations/pairing-codes', {
    body: { name: `Line ${role}`, role },
  });
  const paired = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: issued.json().code },
  });
  expect(paired.statusCode).toBe(200);
  return paired.json().token as string;
}

async function scan(token: string, barcode: string, location?: string) {
  t.clock.advance(1);
  const res = await t.request('POST', '/v1/scans', {
    token,
    body: { barcode, ...(location ? { location } : {}) },
  });
  expect(res.json().accepted, res.body).toBe(true);
}

describe('what the portal shows of an order', () => {
  it('gives each line its progress and the pieces’ states, and keeps the floor’s internals in', async () => {
    t.clock.advance(1);
    const created = await t.request('POST', '/v1/orders', {
      body: {
        order_no: 'PO-77',
        retailer_id: shop.id,
        needed_by: '2026-03-01',
        lines: [
          { sku: 'SOFA', colour: 'Grey', qty: 2, pieces_per_unit: 3 },
          { sku: 'STOOL', qty: 1, pieces_per_unit: 1 },
        ],
      },
    });
    const order = created.json() as { id: string; pieces: { barcode: string }[] };
    const [produce, stock, dispatch] = [
      await pairStation('produce'),
      await pairStation('stock'),
      await pairStation('dispatch'),
    ];
    const sofa = order.pieces.slice(0, 3).map((p) => p.barcode);
    for (const barcode of sofa) await scan(produce, barcode);
    await scan(stock, sofa[0]!, 'BAY-7');
    await scan(dispatch, sofa[1]!);

    const token = await portalToken(shop.id);
    const res = await t.request('GET', `/v1/portal/orders/${order.id}`, { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: order.id,
      order_no: 'PO-77',
      status: 'partially_dispatched',
      pieces_total: 7,
      pieces_scanned: 3,
      pieces_in_stock: 1,
      pieces_dispatched: 1,
      piece_counts: [
        { status: 'awaiting_production', count: 4 },
        { status: 'produced', count: 1 },
        { status: 'in_stock', count: 1 },
        { status: 'dispatched', count: 1 },
      ],
    });
    expect(body.lines).toEqual([
      {
        line_no: 1,
        sku: 'SOFA',
        colour: 'Grey',
        qty: 2,
        pieces_per_unit: 3,
        piece_names: null,
        status: 'partially_dispatched',
        pieces_total: 6,
        pieces_scanned: 3,
        pieces_in_stock: 1,
        pieces_dispatched: 1,
        piece_counts: [
          { status: 'awaiting_production', count: 3 },
          { status: 'produced', count: 1 },
          { status: 'in_stock', count: 1 },
          { status: 'dispatched', count: 1 },
        ],
      },
      {
        line_no: 2,
        sku: 'STOOL',
        colour: null,
        qty: 1,
        pieces_per_unit: 1,
        piece_names: null,
        status: 'awaiting_production',
        pieces_total: 1,
        pieces_scanned: 0,
        pieces_in_stock: 0,
        pieces_dispatched: 0,
        piece_counts: [{ status: 'awaiting_production', count: 1 }],
      },
    ]);
    expect(body.pieces).toHaveLength(7);
    expect(Object.keys(body.pieces[0]).sort()).toEqual([
      'barcode',
      'dispatched_at',
      'id',
      'in_stock_at',
      'line_no',
      'piece_name',
      'piece_no',
      'produced_at',
      'status',
      'unit_no',
    ]);
    // No scans (station names, refused scans), no bay, no stuck flag: the staff view has them.
    expect(body.scans).toBeUndefined();
    expect(body.stuck).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain('BAY-7');
    expect(JSON.stringify(body)).not.toContain('Line ');
    const staff = (await t.request('GET', `/v1/orders/${order.id}`)).json();
    expect(staff.stuck).toBe(true);
    expect(staff.scans.length).toBeGreaterThan(0);

    const list = (await t.request('GET', '/v1/portal/orders?order_no=PO-77', { token })).json();
    expect(list.data).toHaveLength(1);
    expect(list.data[0].stuck).toBeUndefined();
    expect(list.data[0]).toMatchObject({ pieces_scanned: 3, pieces_dispatched: 1 });
  });
});

describe('searching the portal’s orders', () => {
  it('finds order numbers containing the text, in either case, within the retailer only', async () => {
    const token = await portalToken(shop.id);
    const search = async (text: string, extra = '') => {
      const res = await t.request(
        'GET',
        `/v1/portal/orders?order_no_contains=${encodeURIComponent(text)}${extra}`,
        { token },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((o: { order_no: string }) => o.order_no);
    };
    expect(await search('s-')).toEqual(['S-2', 'S-1']);
    expect(await search('AM')).toEqual(['SAME']);
    expect(await search('R-')).toEqual([]); // the rival's R-1 is never found
    expect(await search('%')).toEqual([]); // taken literally
    expect(await search('_')).toEqual([]);
    expect(await search('S', '&status=awaiting_production&limit=2')).toEqual(['SAME', 'S-2']);
    expect(await search('S', '&status=dispatched')).toEqual([]);
    const page = (
      await t.request('GET', `/v1/portal/orders?order_no_contains=S&limit=2`, { token })
    ).json();
    const next = (
      await t.request(
        'GET',
        `/v1/portal/orders?order_no_contains=S&limit=2&starting_after=${page.next_cursor}`,
        { token },
      )
    ).json();
    expect(next.data.map((o: { order_no: string }) => o.order_no)).toEqual(['S-1']);
    const empty = await t.request('GET', '/v1/portal/orders?order_no_contains=', { token });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      code: 'validation_failed',
      param: 'order_no_contains',
    });
  });
});

describe('GET /v1/portal/orders.csv', () => {
  /** Orders through a CSV upload: one request for many. */
  async function upload(rows: string[][]) {
    const header =
      'order_no,retailer_code,sku,colour,qty,pieces_per_unit,production_date,needed_by';
    const csv = [header, ...rows.map((r) => r.join(','))].join('\n');
    t.clock.advance(1);
    const res = await t.request('POST', '/v1/orders/upload', {
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  const download = async (token: string, query = '') => {
    const res = await t.request('GET', `/v1/portal/orders.csv${query}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('writes every matching order of the retailer, across pages, as a spreadsheet reads it', async () => {
    const many = Array.from({ length: 105 }, (_, i) => [
      `BULK-${String(i).padStart(3, '0')}`,
      'SHOP',
      'CHAIR',
      '',
      '2',
      '1',
      '',
      '2026-04-01',
    ]);
    await upload(many);
    await upload([
      ['=1+2', 'SHOP', 'LAMP', '"Grey, ""Dove"""', '1', '1', '', ''],
      ['R-200', 'RIVAL', 'LAMP', '', '1', '1', '', ''],
    ]);
    const token = await portalToken(shop.id);
    const res = await download(token);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const day = t.clock.now().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="orders-SHOP-${day}.csv"`,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toContain('\r\n');

    const rows = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([
      'Order number',
      'Status',
      'Items',
      'Pieces',
      'Pieces made',
      'Pieces ready to dispatch',
      'Pieces dispatched',
      'Needed by',
      'Ordered on',
      'Made on',
      'Ready on',
      'Dispatched on',
      'Order id',
    ]);
    // 3 + 105 + 1 of the shop's, newest first; none of the rival's.
    expect(rows).toHaveLength(109);
    const listed = (await t.request('GET', '/v1/portal/orders?limit=100', { token })).json();
    expect(rows.slice(0, 100).map((r) => r['Order id'])).toEqual(
      listed.data.map((o: { id: string }) => o.id),
    );
    expect(rows.map((r) => r['Order number'])).not.toContain('R-200');
    expect(rows.map((r) => r['Order number']).slice(-3)).toEqual(['SAME', 'S-2', 'S-1']);
    // A number that a spreadsheet would run as a formula is written as text.
    expect(rows[0]).toMatchObject({
      'Order number': "'=1+2",
      Status: 'Order received',
      Items: 'LAMP Grey, "Dove"',
      Pieces: '1',
      'Pieces made': '0',
      'Needed by': '',
      'Ordered on': day,
      'Dispatched on': '',
    });
    expect(rows[1]).toMatchObject({
      'Order number': 'BULK-104',
      Items: 'CHAIR',
      Pieces: '2',
      'Needed by': '2026-04-01',
    });
  });

  it('applies the list’s filters, and refuses what the list refuses', async () => {
    const token = await portalToken(shop.id);
    const rows = (query: string) =>
      download(token, query).then(
        (res) => parse(res.body, { bom: true, columns: true }) as Record<string, string>[],
      );
    expect((await rows('?order_no_contains=s-')).map((r) => r['Order number'])).toEqual([
      'S-2',
      'S-1',
    ]);
    const none = await download(token, '?status=dispatched');
    expect(parse(none.body, { bom: true })).toHaveLength(1); // the heading row alone
    for (const query of ['?status=lost', '?retailer_id=' + rival.id, '?limit=5']) {
      const res = await t.request('GET', `/v1/portal/orders.csv${query}`, { token });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
    // The rival's user gets the rival's orders only.
    const theirs = await portalToken(rival.id, 'ray@rival.test');
    const rivalRows = parse((await download(theirs)).body, { bom: true, columns: true }) as Record<
      string,
      string
    >[];
    expect(rivalRows.map((r) => r['Order number'])).toEqual(['SAME', 'R-1']);
    // No token, or a staff token: refused like every portal route.
    expect((await t.request('GET', '/v1/portal/orders.csv', { token: null })).statusCode).toBe(401);
    expect((await t.request('GET', '/v1/portal/orders.csv')).statusCode).toBe(403);
  });
});
