import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_TAGS } from '../../src/api/openapi-document.js';
import { EVENT_TYPES } from '../../src/domain/event-types.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';

/**
 * The served document is what integrators generate clients from (DESIGN §19): Redocly's
 * recommended ruleset and Spectral's `spectral:oas` find nothing in it — no error, no warning —
 * and what a generator needs to name and type things is there.
 */

const run = promisify(execFile);
const bin = (name: string) => join(process.cwd(), 'node_modules', '.bin', name);

// Read field by field; a loose type keeps the checks readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

let t: TestApp;
let doc: Json;
let file: string;

beforeAll(async () => {
  t = await makeTestApp();
  doc = (await t.request('GET', '/v1/openapi.json', { token: null })).json();
  file = join(t.dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
});
afterAll(async () => {
  await t.close();
});

/** Every operation of the document, with its path and method. */
function operations(): Array<{ path: string; method: string; op: Json }> {
  return Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op })),
  );
}

describe('the served OpenAPI document, linted', () => {
  it('Redocly (recommended) reports no error and no warning', async () => {
    const { stdout } = await run(
      bin('redocly'),
      ['lint', '--extends', 'recommended', '--format', 'json', file],
      { cwd: t.dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' } },
    ).catch((err: { stdout: string; stderr: string }) => err);
    const report = JSON.parse(stdout);
    const problems = (report.problems as Json[]).map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('Spectral (spectral:oas) reports nothing', async () => {
    const ruleset = join(t.dir, '.spectral.yaml');
    writeFileSync(ruleset, 'extends: ["spectral:oas"]\n');
    const { stdout } = await run(
      bin('spectral'),
      ['lint', '--ruleset', ruleset, '--format', 'json', '--fail-severity', 'hint', file],
      { cwd: t.dir },
    ).catch((err: { stdout: string; stderr: string }) => err);
    // Spectral prints its JSON, then a sentence on the terminal's stream.
    const results = JSON.parse(stdout.slice(0, stdout.lastIndexOf(']') + 1)) as Json[];
    expect(results.map((r) => `${r.code}: ${r.message} at ${r.path.join('.')}`)).toEqual([]);
  }, 60_000);
});

describe('what a client generator reads', () => {
  it('every operation has a camelCase operationId, a summary, a description and a declared tag', () => {
    const declared = new Set(OPENAPI_TAGS.map((tag) => tag.name));
    const ids = new Set<string>();
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(op.operationId), `${where}: operationId ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId);
      expect(op.summary, where).toBeTruthy();
      expect(op.description?.length, where).toBeGreaterThan(20);
      expect(op.tags?.length, where).toBe(1);
      expect(declared.has(op.tags[0]), `${where}: tag ${op.tags[0]} is not in OPENAPI_TAGS`).toBe(
        true,
      );
    }
    expect(doc.tags.map((tag: Json) => tag.name)).toEqual([...declared]);
    // Named for what they do.
    for (const id of ['createOrder', 'listOrders', 'getOrder', 'cancelOrder', 'uploadOrders']) {
      expect(ids).toContain(id);
    }
  });

  it('every resource is a named schema used by reference', () => {
    const schemas = Object.keys(doc.components.schemas);
    for (const name of [
      'Order',
      'OrderSummary',
      'OrderSummaryList',
      'OrderLine',
      'OrderCreate',
      'Piece',
      'Retailer',
      'Scan',
      'Station',
      'Return',
      'WebhookEndpoint',
      'WebhookDelivery',
      'ApiKey',
      'Error',
    ]) {
      expect(schemas).toContain(name);
    }
    const answer = (path: string, method: string) =>
      doc.paths[path][method].responses['200'].content['application/json'].schema;
    expect(answer('/v1/orders/{id}', 'get')).toEqual({ $ref: '#/components/schemas/Order' });
    expect(answer('/v1/orders', 'post')).toEqual({ $ref: '#/components/schemas/Order' });
    expect(answer('/v1/orders', 'get')).toEqual({
      $ref: '#/components/schemas/OrderSummaryList',
    });
    expect(doc.paths['/v1/orders'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/OrderCreate',
    });
    // Every JSON request body and success answer is a reference, but the few answers that are
    // not a resource ({status: "ok"} …) which are named too.
    for (const { path, method, op } of operations()) {
      const media = [
        op.requestBody?.content?.['application/json'],
        op.responses['200']?.content?.['application/json'],
      ].filter(Boolean);
      for (const m of media) expect(m.schema.$ref, `${method} ${path}`).toBeDefined();
    }
  });

  it('every answer is described, every parameter too, and examples are given', () => {
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const [status, response] of Object.entries(op.responses as Record<string, Json>)) {
        expect(response.description, `${where} ${status}`).not.toBe('Default Response');
        expect(response.headers['request-id'], `${where} ${status}`).toBeDefined();
      }
      for (const parameter of op.parameters ?? []) {
        expect(parameter.description, `${where} ${parameter.name}`).toBeTruthy();
        // The router answers 414 beyond 100 characters: the document says no more.
        if (parameter.in === 'path') expect(parameter.schema.maxLength, where).toBe(100);
      }
      for (const [type, media] of Object.entries(
        (op.requestBody?.content ?? {}) as Record<string, Json>,
      )) {
        expect(media.example, `${where} body ${type}`).toBeDefined();
      }
      const ok = op.responses['200'];
      for (const [type, media] of Object.entries((ok?.content ?? {}) as Record<string, Json>)) {
        if (type !== 'application/pdf') expect(media.example, `${where} ${type}`).toBeDefined();
      }
    }
    const listOrders = doc.paths['/v1/orders'].get;
    const param = (name: string) => listOrders.parameters.find((p: Json) => p.name === name);
    expect(param('updated_since').description).toContain('inclusive');
    expect(param('needed_by_before').description).toContain('strictly before');
    expect(param('limit').description).toContain('1 to 100');
  });

  it('declares the response headers: request-id, idempotent-replayed, retry-after, x-label-count', () => {
    const create = doc.paths['/v1/orders'].post;
    expect(create.responses['200'].headers['idempotent-replayed']).toEqual({
      $ref: '#/components/headers/IdempotentReplayed',
    });
    expect(create.parameters.map((p: Json) => p.name)).toContain('idempotency-key');
    expect(create.responses['4XX'].headers['retry-after']).toBeDefined();
    expect(create.responses['5XX'].headers['retry-after']).toBeDefined();
    expect(doc.components.headers.RetryAfter.description).toMatch(/429.*503.*409/);
    const labels = doc.paths['/v1/orders/{id}/labels'].get.responses['200'];
    expect(labels.headers['x-label-count'].schema.type).toBe('integer');
  });

  it('declares PDF as bytes and ZPL as text, one content type per .pdf and .zpl operation', () => {
    const content = (path: string) => doc.paths[path].get.responses['200'].content;
    expect(content('/v1/orders/{id}/labels.pdf')).toEqual({
      'application/pdf': {
        schema: expect.objectContaining({ type: 'string', format: 'binary' }),
      },
    });
    expect(Object.keys(content('/v1/orders/{id}/labels.zpl'))).toEqual(['text/plain']);
    expect(Object.keys(content('/v1/orders/{id}/labels'))).toEqual([
      'application/pdf',
      'text/plain',
    ]);
    expect(Object.keys(content('/v1/items/{barcode}/label.zpl'))).toEqual(['text/plain']);
    expect(Object.keys(content('/v1/hardware/test-label.pdf'))).toEqual(['application/pdf']);
  });

  it('closed sets are enums, not anyOf of constants, in requests and answers', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/"anyOf":\[\{"const"/);
    expect(text).not.toMatch(/"anyOf":\[\{"type":"string","enum":\["[^"]*"\]\}/);
    const s = doc.components.schemas;
    expect(s.WebhookEndpoint.properties.events.items.enum).toEqual(['*', ...EVENT_TYPES]);
    expect(s.WebhookEndpoint.properties.disabled_reason.enum).toEqual(
      expect.arrayContaining(['manual', 'gone', 'failing', null]),
    );
    expect(s.WebhookDelivery.properties.event_type.enum).toEqual([...EVENT_TYPES, 'webhook.test']);
    expect(s.OrderScan.properties.reason.enum).toContain('already_produced');
    const status = doc.paths['/v1/orders'].get.parameters.find((p: Json) => p.name === 'status');
    expect(status.schema.enum).toContain('in_production');
  });

  it('an enum refused says which values it takes, in the error envelope', async () => {
    const query = await t.request('GET', '/v1/orders?status=bogus');
    expect(query.statusCode).toBe(400);
    expect(query.json().error).toMatchObject({
      code: 'validation_failed',
      param: 'status',
      message: expect.stringMatching(/^status must be one of: .*in_production/),
    });
    const body = await t.request('POST', '/v1/webhooks', {
      body: { url: 'https://erp.example.com/h', events: ['order.made'] },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().error).toMatchObject({
      param: 'events.0',
      message: expect.stringMatching(/^events\.0 must be one of: \*, order\.created/),
    });
  });

  it('has servers, a licence and a contact, and documents the sign-in routes', () => {
    expect(doc.servers[0].url).toBeTruthy();
    expect(doc.info.license.name).toBeTruthy();
    expect(doc.info.contact).toBeDefined();
    for (const path of [
      '/v1/auth/login',
      '/v1/auth/logout',
      '/v1/auth/me',
      '/v1/portal/auth/login',
      '/v1/portal/auth/set-password',
      '/v1/portal/auth/logout',
      '/v1/portal/auth/me',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(doc.paths['/v1/auth/login'].post.security).toEqual([]);
  });

  it('moved paths are documented where they are now; the former ones answer, undocumented', async () => {
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/v1/pairing-codes/{id}', '/v1/webhook-deliveries/{id}']),
    );
    expect(paths.filter((p) => p.includes('/stations/pairing-codes'))).toEqual([]);
    expect(paths.filter((p) => p.includes('/webhooks/deliveries'))).toEqual([]);
    const issued = await t.request('POST', '/v1/stations/pairing-codes', {
      body: { name: 'Line 1', role: 'produce' },
    });
    expect(issued.statusCode).toBe(200);
    const now = await t.request('GET', `/v1/pairing-codes/${issued.json().id}`);
    const before = await t.request('GET', `/v1/stations/pairing-codes/${issued.json().id}`);
    expect(before.json()).toEqual(now.json());
    const deliveries = await t.request('GET', '/v1/webhooks/deliveries');
    expect(deliveries.json()).toEqual((await t.request('GET', '/v1/webhook-deliveries')).json());
  });

  it('every event type has its payload under webhooks, its data a named schema', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...EVENT_TYPES, 'webhook.test'].sort());
    for (const type of EVENT_TYPES) {
      const body = doc.webhooks[type].post.requestBody.content['application/json'];
      const payload = doc.components.schemas[body.schema.$ref.split('/').pop()];
      expect(payload.properties.type.enum ?? [payload.properties.type.const]).toEqual([type]);
      expect(payload.required).toEqual(['type', 'timestamp', 'data']);
      expect(body.example.type).toBe(type);
    }
    const created = doc.components.schemas.OrderCreatedEvent;
    expect(created.properties.data).toEqual({ $ref: '#/components/schemas/OrderSummary' });
  });
});
