// Factoryd-Version: a request may pin a dated version; every answer says the one it used.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_VERSIONS, CURRENT_API_VERSION } from '../../src/api/api-version.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('Factoryd-Version', () => {
  it('is the current dated version when none is sent, on answers and errors alike', async () => {
    expect(CURRENT_API_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(API_VERSIONS).toContain('2026-11-01');
    for (const [method, url, token] of [
      ['GET', '/v1/orders', undefined],
      ['GET', '/v1/orders/nope', undefined],
      ['GET', '/v1/orders', null],
      ['GET', '/v1/nothing-here', undefined],
      ['GET', '/healthz', null],
    ] as const) {
      const res = await t.request(method, url, { token });
      expect(res.headers['factoryd-version'], `${method} ${url}`).toBe(CURRENT_API_VERSION);
    }
  });

  it('answers in the version asked for', async () => {
    const res = await t.request('GET', '/v1/orders', {
      headers: { 'factoryd-version': '2026-11-01' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['factoryd-version']).toBe('2026-11-01');
  });

  it('refuses an unknown or malformed version with 400 invalid_api_version', async () => {
    for (const asked of ['2020-01-01', 'latest', '2026-11-1']) {
      const res = await t.request('GET', '/v1/orders', { headers: { 'factoryd-version': asked } });
      expect(res.statusCode, asked).toBe(400);
      expect(res.json().error).toMatchObject({
        type: 'invalid_request_error',
        code: 'invalid_api_version',
        param: 'Factoryd-Version',
      });
      expect(res.json().error.message).toContain('2026-11-01');
      expect(res.headers['factoryd-version']).toBe(CURRENT_API_VERSION);
    }
  });
});
