// The factory's name is the company record's `company`; its `name` is the owner's. A new factory
// leaves the owner's name empty, and every face that shows the factory's name shows `company`.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

describe("the factory's name", () => {
  it('names the company of a new factory, leaving the owner’s name for someone to give', async () => {
    const company = (await t.request('GET', '/v1/company')).json();
    expect(company).toMatchObject({
      company: 'Test Factory',
      legal_name: 'Test Factory',
      name: '',
    });
  });

  it('is the company’s name, not the owner’s, in the portal and for staff', async () => {
    const saved = await t.request('PATCH', '/v1/company', {
      body: { company: 'Acme Upholstery', name: 'Olive Owner', legal_name: 'Acme Upholstery Ltd' },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const retailer = (
      await t.request('POST', '/v1/retailers', { body: { name: 'Shop Ltd', code: 'SHOP' } })
    ).json();
    await t.request('POST', `/v1/retailers/${retailer.id}/users`, {
      body: { email: 'bea@shop.test', name: 'Bea', role: 'buyer', password: 'portal password 1' },
    });
    const login = await t.request('POST', '/v1/portal/auth/login', {
      token: null,
      body: { email: 'bea@shop.test', password: 'portal password 1' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().factory).toEqual({ id: t.factoryId, name: 'Acme Upholstery' });
    const portalMe = await t.request('GET', '/v1/portal/auth/me', { token: login.json().token });
    expect(portalMe.json().factory.name).toBe('Acme Upholstery');
    expect((await t.request('GET', '/v1/auth/me')).json().factory.name).toBe('Acme Upholstery');
  });
});
