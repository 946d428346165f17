import type { FastifyInstance, FastifySchemaCompiler, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { routeSchemaCompilers, withoutIds } from '../../src/api/schema-compilers.js';
import { HardwareCheckBody } from '../../src/api/schemas/hardware-check.js';
import { ScanBody } from '../../src/api/schemas/scans.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';

// The app compiles each route's validators and serializers on its first request; with
// `eagerSchemas` it compiles them all while building, as Fastify does by default.
let lazy: TestApp;
let eager: FastifyInstance;

beforeAll(async () => {
  lazy = await makeTestApp();
  eager = await buildApp({ core: lazy.core, eagerSchemas: true });
});
afterAll(async () => {
  await eager.close();
  await lazy.close();
});

/** Status, type and body of an answer, request ids masked. */
async function answer(app: FastifyInstance, request: InjectOptions, apiKey: string) {
  const res = await app.inject({
    ...request,
    headers: { authorization: `Bearer ${apiKey}`, ...request.headers },
  });
  return {
    status: res.statusCode,
    type: res.headers['content-type'],
    body: res.body.replace(/req_[0-9A-Z]{26}/g, 'req_…'),
  };
}

describe('route schemas', () => {
  it('all compile at build time and are valid JSON Schema (eager mode)', async () => {
    await expect(eager.ready()).resolves.toBeDefined();
  });

  // Reads, and writes that fail validation: both apps share one database.
  const requests: InjectOptions[] = [
    { method: 'GET', url: '/v1/company' },
    { method: 'GET', url: '/v1/orders?limit=2' },
    { method: 'GET', url: '/v1/orders?limit=abc' },
    { method: 'GET', url: '/v1/orders?limit=2&status=nonsense' },
    { method: 'GET', url: '/v1/api-keys' },
    { method: 'POST', url: '/v1/api-keys', payload: { name: 5 } },
    { method: 'POST', url: '/v1/retailers', payload: { code: 'AB', name: 'Shop', extra: 1 } },
    { method: 'POST', url: '/v1/retailers', payload: { code: 'AB' } },
    { method: 'POST', url: '/v1/orders', payload: {} },
    {
      method: 'POST',
      url: '/v1/orders',
      payload: { order_no: 'PO-1', retailer: 'X', lines: [{}] },
    },
    { method: 'POST', url: '/v1/scans', payload: { barcode: 7 } },
    { method: 'GET', url: '/v1/hardware/test-label?format=zpl&dpi=300' },
    { method: 'GET', url: '/v1/hardware/test-label?format=png' },
    { method: 'GET', url: '/v1/openapi.json' },
  ];

  it.each(requests.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s answers the same compiled on first use as compiled at start, first time and after',
    async (_name, request) => {
      const expected = await answer(eager, request, lazy.apiKey);
      expect(await answer(lazy.app, request, lazy.apiKey)).toEqual(expected);
      expect(await answer(lazy.app, request, lazy.apiKey)).toEqual(expected);
    },
  );
});

describe('named schemas ($id)', () => {
  it('a schema that is one body and nested in another validates in either order', () => {
    // HardwareCheckCreate is the body of POST /v1/stations/:id/hardware-check and a field of
    // ScanCreate: to Ajv an $id is a global name, so the second compile used to throw.
    for (const eagerMode of [false, true]) {
      const { buildValidator } = routeSchemaCompilers({ eager: eagerMode });
      const compiler = (buildValidator as unknown as () => FastifySchemaCompiler<unknown>)();
      const compile = (schema: object) =>
        compiler({ schema, method: 'POST', url: '/', httpPart: 'body' }) as (d: unknown) => boolean;
      const scan = compile(ScanBody);
      const check = compile(HardwareCheckBody);
      expect(scan({ barcode: 'FD 0000001' })).toBe(true);
      expect(check({ input_mode: 'keyboard', suffix: 'enter', passed: true })).toBe(true);
      expect(check({ input_mode: 'telepathy', suffix: 'enter', passed: true })).toBe(false);
    }
    expect(withoutIds({ $id: 'A', properties: { b: { $id: 'B', type: 'string' } } })).toEqual({
      properties: { b: { type: 'string' } },
    });
  });
});
