import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecondFactory, makeTestApp, type TestApp } from '../helpers/app.js';
import { addRetailer, pushOrder } from '../core/orders/fixtures.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('retailers', () => {
  it('creates, reads, lists and renames a retailer; codes are stored upper-cased', async () => {
    const res = await t.request('POST', '/v1/retailers', {
      body: { name: ' Acme Furniture ', code: 'acme-uk' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const acme = res.json();
    expect(acme).toEqual({
      id: expect.stringMatching(/^rtl_[0-9A-Z]{26}$/),
      object: 'retailer',
      name: 'Acme Furniture',
      code: 'ACME-UK',
      address: { line1: null, line2: null, town: null, postcode: null, country: null },
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
    });
    expect((await t.request('GET', `/v1/retailers/${acme.id}`)).json()).toEqual(acme);
    // By its code too, in any case; an unknown one is 404 naming what was asked for.
    expect((await t.request('GET', '/v1/retailers/acme-uk')).json()).toEqual(acme);
    const unknown = await t.request('GET', '/v1/retailers/ACME-US');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No retailer with id or code "ACME-US".');

    t.clock.advance(1000);
    const patched = await t.request('PATCH', `/v1/retailers/${acme.id}`, {
      body: { name: 'Acme Ltd' },
    });
    expect(patched.json()).toMatchObject({
      name: 'Acme Ltd',
      code: 'ACME-UK',
      updated_at: t.clock.now().toISOString(),
    });
    // Orders show the retailer's current name and code.
    const order = await pushOrder(t, { order_no: 'PO-1', retailer_code: 'Acme-UK' });
    await t.request('PATCH', `/v1/retailers/${acme.id}`, { body: { code: 'ACME' } });
    expect((await t.request('GET', `/v1/orders/${order.id}`)).json()).toMatchObject({
      retailer_name: 'Acme Ltd',
      retailer_code: 'ACME',
    });

    const ids: string[] = [acme.id];
    for (let i = 0; i < 4; i++) {
      t.clock.advance(1);
      ids.push((await addRetailer(t, `R${i}`, `Retailer ${i}`)).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { id: string }[]; next_cursor: string | null } = (
        await t.request('GET', `/v1/retailers?limit=2${cursor ? `&starting_after=${cursor}` : ''}`)
      ).json();
      seen.push(...page.data.map((r) => r.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids.reverse());
    expect(
      (await t.request('GET', '/v1/retailers?code=r2'))
        .json()
        .data.map((r: { code: string }) => r.code),
    ).toEqual(['R2']);
  });

  it('keeps an address: given at creation, changed part by part, emptied with null', async () => {
    const res = await t.request('POST', '/v1/retailers', {
      body: {
        name: 'Northwind',
        code: 'NW',
        address: {
          line1: ' Northwind DC ',
          line2: '',
          town: 'Cluj-Napoca',
          postcode: '400001',
          country: 'ro',
        },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const north = res.json();
    const full = {
      line1: 'Northwind DC',
      line2: null,
      town: 'Cluj-Napoca',
      postcode: '400001',
      country: 'RO',
    };
    expect(north.address).toEqual(full);
    expect((await t.request('GET', '/v1/retailers/NW')).json().address).toEqual(full);

    // Only the parts sent change.
    const moved = await t.request('PATCH', '/v1/retailers/NW', {
      body: { address: { line2: 'Strada Fabricii 7', postcode: '400002' } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().address).toEqual({
      ...full,
      line2: 'Strada Fabricii 7',
      postcode: '400002',
    });
    // A rename leaves the address alone.
    const renamed = await t.request('PATCH', '/v1/retailers/NW', {
      body: { name: 'Northwind SRL' },
    });
    expect(renamed.json().address.line2).toBe('Strada Fabricii 7');
    const listed = (await t.request('GET', '/v1/retailers?code=nw')).json();
    expect(listed.data[0].address.town).toBe('Cluj-Napoca');

    for (const [body, param] of [
      [{ address: { country: 'XX' } }, 'address.country'],
      [{ address: { country: 'ROU' } }, 'address.country'],
      [{ address: { street: 'Main' } }, 'address.street'],
      [{ address: { postcode: 'x'.repeat(21) } }, 'address.postcode'],
    ] as const) {
      const bad = await t.request('PATCH', '/v1/retailers/NW', { body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().error.code).toBe('validation_failed');
      expect(bad.json().error.param, JSON.stringify(body)).toBe(param);
    }
    expect((await t.request('GET', '/v1/retailers/NW')).json().address.country).toBe('RO');

    const emptied = await t.request('PATCH', '/v1/retailers/NW', { body: { address: null } });
    expect(emptied.json().address).toEqual({
      line1: null,
      line2: null,
      town: null,
      postcode: null,
      country: null,
    });
  });

  it('refuses a code already used in the factory (409) and invalid names or codes (400)', async () => {
    const acme = await addRetailer(t, 'ACME');
    const beta = await addRetailer(t, 'BETA');
    const dup = await t.request('POST', '/v1/retailers', { body: { name: 'Other', code: 'acme' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'retailer_exists', param: 'code' });
    const clash = await t.request('PATCH', `/v1/retailers/${beta.id}`, { body: { code: 'ACME' } });
    expect(clash.statusCode).toBe(409);
    // Keeping its own code is no clash.
    expect(
      (await t.request('PATCH', `/v1/retailers/${acme.id}`, { body: { code: 'acme' } })).statusCode,
    ).toBe(200);

    const bad: [unknown, string][] = [
      [{ name: 'X', code: 'has space' }, 'code'],
      [{ name: 'X', code: '-LEAD' }, 'code'],
      [{ name: 'X', code: 'A'.repeat(21) }, 'code'],
      [{ name: '   ', code: 'OK' }, 'name'],
      [{ code: 'OK' }, 'name'],
      [{ name: 'X', code: 'OK', extra: 1 }, 'extra'],
    ];
    for (const [body, param] of bad) {
      const res = await t.request('POST', '/v1/retailers', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.param).toBe(param);
    }
    expect((await t.request('PATCH', `/v1/retailers/${acme.id}`, { body: {} })).statusCode).toBe(
      400,
    );
  });

  it("keeps factories apart: another factory's retailer is 404 and its codes are its own", async () => {
    const acme = await addRetailer(t, 'ACME');
    const other = await createSecondFactory(t.core);
    expect(
      (await t.request('GET', `/v1/retailers/${acme.id}`, { token: other.apiKey })).statusCode,
    ).toBe(404);
    const patch = await t.request('PATCH', `/v1/retailers/${acme.id}`, {
      token: other.apiKey,
      body: { name: 'Mine' },
    });
    expect(patch.statusCode).toBe(404);
    const same = await t.request('POST', '/v1/retailers', {
      token: other.apiKey,
      body: { name: 'Acme', code: 'ACME' },
    });
    expect(same.statusCode).toBe(200);
    expect(
      (await t.request('GET', '/v1/retailers', { token: other.apiKey })).json().data,
    ).toHaveLength(1);
  });
});
