import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../src/domain/tokens.js';
import { createSecondFactory, makeTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

interface Injected {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): { error: Record<string, unknown> };
}

function expectEnvelope(res: Injected, status: number, type: string, code: string) {
  expect(res.statusCode).toBe(status);
  const { error } = res.json();
  expect(error).toMatchObject({ type, code });
  expect(typeof error.message).toBe('string');
  expect(error.request_id).toMatch(/^req_[0-9A-Z]{26}$/);
  expect(res.headers['request-id']).toBe(error.request_id);
  expect(JSON.stringify(res.json())).not.toMatch(/at .*\.(ts|js):\d+/);
}

/** A station token inserted straight into the store: stations may only scan. */
async function insertStation(app: TestApp): Promise<string> {
  const token = newToken('station');
  const now = new Date().toISOString();
  await app.sql
    .prepare(
      `insert into stations (id, factory_id, name, role, token_hash, paired_at, updated_at)
       values ('stn_TEST', ?, 'Line 1', 'produce', ?, ?, ?)`,
    )
    .run(app.factoryId, hashToken(token), now, now);
  return token;
}

describe('errors: one envelope for every failure', () => {
  it('401 for a missing, unknown or malformed token', async () => {
    expectEnvelope(
      await t.request('GET', '/v1/company', { token: null }),
      401,
      'authentication_error',
      'missing_token',
    );
    expectEnvelope(
      await t.request('GET', '/v1/company', { token: 'sk_live_nope' }),
      401,
      'authentication_error',
      'invalid_token',
    );
    expectEnvelope(
      await t.request('GET', '/v1/company', { token: 'garbage' }),
      401,
      'authentication_error',
      'invalid_token',
    );
    const basic = await t.request('GET', '/v1/company', {
      token: null,
      headers: { authorization: 'Basic abc' },
    });
    expectEnvelope(basic, 401, 'authentication_error', 'missing_token');
  });

  it('401 missing_token for a Bearer header of any other shape than "Bearer <token>"', async () => {
    const key = t.apiKey;
    for (const authorization of [
      `Bearer  ${key}`,
      `Bearer\t${key}`,
      `Bearer ${key} x`,
      `Bearer ${key}  `,
      `Bearer${key}`,
      'Bearer',
    ]) {
      const res = await t.request('GET', '/v1/company', {
        token: null,
        headers: { authorization },
      });
      expectEnvelope(res, 401, 'authentication_error', 'missing_token');
    }
    const ok = await t.request('GET', '/v1/company', {
      token: null,
      headers: { authorization: `bearer ${key}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
  });

  it('403 when the token is valid but its kind may not', async () => {
    const station = await insertStation(t);
    for (const [method, url] of [
      ['GET', '/v1/company'],
      ['GET', '/v1/plans'],
      ['POST', '/v1/api-keys'],
      ['GET', '/v1/settings'],
    ] as const) {
      const res = await t.request(method, url, {
        token: station,
        ...(method === 'POST' ? { body: { name: 'x' } } : {}),
      });
      expectEnvelope(res, 403, 'permission_error', 'forbidden');
    }
  });

  it('400 invalid_json, validation_failed; 404; 413; 415', async () => {
    const badJson = await t.request('PATCH', '/v1/settings', {
      payload: '{"stuck_after_days":',
      headers: { 'content-type': 'application/json' },
    });
    expectEnvelope(badJson, 400, 'invalid_request_error', 'invalid_json');
    const empty = await t.request('POST', '/v1/api-keys', {
      payload: '',
      headers: { 'content-type': 'application/json' },
    });
    expectEnvelope(empty, 400, 'invalid_request_error', 'invalid_json');
    const invalid = await t.request('PATCH', '/v1/settings', { body: { stuck_after_days: 0 } });
    expectEnvelope(invalid, 400, 'invalid_request_error', 'validation_failed');
    expect(invalid.json().error.param).toBe('stuck_after_days');
    expectEnvelope(
      await t.request('GET', '/v1/no-such-thing'),
      404,
      'not_found_error',
      'route_not_found',
    );
    expectEnvelope(
      await t.request('DELETE', '/v1/api-keys/key_missing'),
      404,
      'not_found_error',
      'not_found',
    );
    // Messages say what was expected, and name what was asked for.
    const array = await t.request('POST', '/v1/api-keys', { body: ['ERP'] });
    expectEnvelope(array, 400, 'invalid_request_error', 'validation_failed');
    expect(array.json().error.message).toMatch(
      /^The body must be a JSON object with the fields .*name/,
    );
    const wrongType = await t.request('PATCH', '/v1/settings', {
      body: { stuck_after_days: 'five' },
    });
    expect(wrongType.json().error.message).toBe('stuck_after_days must be a whole number.');
    const tooMany = await t.request('PATCH', '/v1/settings', { body: { stuck_after_days: 366 } });
    expect(tooMany.json().error.message).toBe('stuck_after_days must be at most 365.');
    const noOrder = await t.request('GET', '/v1/orders/PO-404');
    expectEnvelope(noOrder, 404, 'not_found_error', 'not_found');
    expect(noOrder.json().error.message).toBe('No order with id or order number "PO-404".');
    const noKey = await t.request('DELETE', '/v1/api-keys/key_missing');
    expect(noKey.json().error).toMatchObject({
      message: 'No API key with id "key_missing".',
      param: 'id',
    });
    const big = await t.request('POST', '/v1/api-keys', {
      payload: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expectEnvelope(big, 413, 'invalid_request_error', 'payload_too_large');
    const xml = await t.request('POST', '/v1/api-keys', {
      payload: '<name/>',
      headers: { 'content-type': 'application/xml' },
    });
    expectEnvelope(xml, 415, 'invalid_request_error', 'unsupported_media_type');
    const text = await t.request('POST', '/v1/api-keys', {
      payload: 'name',
      headers: { 'content-type': 'text/plain' },
    });
    expectEnvelope(text, 415, 'invalid_request_error', 'unsupported_media_type');
  });

  it('sends request-id on successes too, and health needs no token', async () => {
    const health = await t.request('GET', '/healthz', { token: null });
    expect(health.statusCode).toBe(200);
    expect(health.headers['request-id']).toMatch(/^req_/);
    expect((await t.request('GET', '/readyz', { token: null })).json()).toEqual({
      status: 'ready',
    });
  });

  it("keeps factories apart: another factory's key sees only its own", async () => {
    const other = await createSecondFactory(t.core);
    const mine = (await t.request('POST', '/v1/api-keys', { body: { name: 'mine' } })).json();
    const theirs = await t.request('DELETE', `/v1/api-keys/${mine.id}`, { token: other.apiKey });
    expect(theirs.statusCode).toBe(404);
    const company = (await t.request('GET', '/v1/company', { token: other.apiKey })).json();
    expect(company.id).toBe(other.factoryId);
  });
});

describe('company', () => {
  const valid = { company: 'Acme', name: 'Acme Upholstery', legal_name: 'Acme Upholstery Ltd' };

  it('requires company, name and legal_name, naming the missing one', async () => {
    for (const field of ['company', 'name', 'legal_name'] as const) {
      const body: Record<string, string> = { ...valid };
      delete body[field];
      const res = await t.request('PATCH', '/v1/company', { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', param: field });
    }
  });

  it('validates email, country and label prefix, and writes nothing when refused', async () => {
    const before = (await t.request('GET', '/v1/company')).json();
    const cases: [Record<string, unknown>, string][] = [
      [{ billing_email: 'not-an-email' }, 'billing_email'],
      [{ address: { country: 'XX' } }, 'address.country'],
      [{ address: { country: 'gb' } }, 'address.country'],
      [{ label_prefix: 'acme' }, 'label_prefix'],
      [{ label_prefix: 'TOOLONGPREFIX' }, 'label_prefix'],
      [{ address: { planet: 'Mars' } }, 'address.planet'],
      [{ terms_accepted: 'yes' }, 'terms_accepted'],
    ];
    for (const [extra, param] of cases) {
      const res = await t.request('PATCH', '/v1/company', { body: { ...valid, ...extra } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().error.param).toBe(param);
    }
    expect((await t.request('GET', '/v1/company')).json()).toEqual(before);
  });

  it('keeps omitted fields, clears null ones, and stamps terms acceptance', async () => {
    const first = await t.request('PATCH', '/v1/company', {
      body: {
        ...valid,
        vat_number: 'GB123456789',
        label_prefix: 'ACME',
        address: { town: 'Leeds', country: 'GB' },
        terms_accepted: true,
      },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      vat_number: 'GB123456789',
      label_prefix: 'ACME',
      terms_accepted: true,
      address: { town: 'Leeds', country: 'GB', line1: null },
    });
    expect(first.json().terms_accepted_at).toBe(t.clock.now().toISOString());
    t.clock.advance(60_000);
    const second = (
      await t.request('PATCH', '/v1/company', {
        body: { ...valid, vat_number: null, address: { postcode: 'LS1 1AA' } },
      })
    ).json();
    expect(second.vat_number).toBeNull();
    expect(second.address).toMatchObject({ town: 'Leeds', postcode: 'LS1 1AA', country: 'GB' });
    expect(second.terms_accepted_at).toBe(first.json().terms_accepted_at);
    expect(second.label_prefix).toBe('ACME');
  });
});

describe('settings and plans', () => {
  it('reads defaults and changes only what is sent', async () => {
    const settings = (await t.request('GET', '/v1/settings')).json();
    expect(settings).toMatchObject({
      stuck_after_days: 7,
      default_dpi: 203,
      station_app_scheme: 'factorystation',
      webhook_allowed_hosts: [],
    });
    const changed = await t.request('PATCH', '/v1/settings', {
      body: { stuck_after_days: 3, webhook_allowed_hosts: ['erp.acme.test', '10.0.0.0/8'] },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      stuck_after_days: 3,
      timezone: 'Europe/London',
      webhook_allowed_hosts: ['erp.acme.test', '10.0.0.0/8'],
    });
    expect(t.signals.settingsChanges).toEqual([t.factoryId]);
  });

  it('refuses invalid settings naming the field, writing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ stuck_after_days: 366 }, 'stuck_after_days'],
      [{ stuck_after_days: '5' }, 'stuck_after_days'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ station_app_scheme: '1bad' }, 'station_app_scheme'],
      [{ default_dpi: 600 }, 'default_dpi'],
      [{ webhook_allowed_hosts: ['ok.test', 'bad host'] }, 'webhook_allowed_hosts.1'],
      [{ colour: 'blue' }, 'colour'],
    ];
    for (const [body, param] of cases) {
      const res = await t.request('PATCH', '/v1/settings', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.param).toBe(param);
    }
    expect((await t.request('GET', '/v1/settings')).json().stuck_after_days).toBe(7);
    expect(t.signals.settingsChanges).toEqual([]);
  });

  it('names the known settings when an unknown one is sent', async () => {
    const res = await t.request('PATCH', '/v1/settings', { body: { foo: 1 } });
    expect(res.statusCode).toBe(400);
    const { message, param } = res.json().error;
    expect(param).toBe('foo');
    expect(message).toMatch(/^foo is not a known field; the known ones are /);
    const known = Object.keys((await t.request('GET', '/v1/settings')).json()).filter(
      (field) => field !== 'object' && !field.endsWith('_at'),
    );
    expect(known.length).toBeGreaterThan(3);
    for (const field of known) expect(message).toContain(field);
  });

  it('lists plans in pence excluding VAT', async () => {
    const plans = (await t.request('GET', '/v1/plans')).json();
    expect(plans.data.length).toBeGreaterThan(0);
    for (const plan of plans.data) {
      expect(plan).toMatchObject({ currency: 'GBP', vat_included: false });
      expect(Number.isInteger(plan.monthly_price_pence)).toBe(true);
    }
  });
});
