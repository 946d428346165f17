import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS } from '../../src/api/permissions.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document generated from the route schemas', async () => {
    const res = await t.request('GET', '/v1/openapi.json', { token: null });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(Object.keys(doc.paths)).toContain('/v1/api-keys');
    expect(doc.paths['/v1/api-keys/{id}'].delete).toBeDefined();
  });

  it('documents only routes that are declared in the permissions table', async () => {
    const doc = (await t.request('GET', '/v1/openapi.json', { token: null })).json();
    for (const [path, methods] of Object.entries(doc.paths as Record<string, object>)) {
      for (const method of Object.keys(methods)) {
        const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        expect(ROUTE_ACCESS[key], `${key} has no entry in src/api/permissions.ts`).toBeDefined();
      }
    }
  });
});
