import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { createCoreContext } from '../../src/core/context.js';
import { systemClock } from '../../src/domain/clock.js';
import { openStore } from '../../src/store/database.js';
import {
  API_KEY,
  SESSION_TOKEN,
  STAFF_EMAIL,
  STAFF_PASSWORD,
  STATION_TOKEN,
  startFactoryFake,
} from './helpers/factory-fake.js';
import type { FactoryFake } from './helpers/factory-fake.js';

/**
 * The command-line tests talk to a fake server; what it answers must be what the real server
 * answers, or the tests pass against a server that does not exist. Every route of the fake, every
 * branch of it, is called here and each answer checked against the OpenAPI document the real
 * server serves (with the sign-in routes, the document the clients' types are generated from):
 * JSON against the operation's schema for that status, errors against the envelope, files by
 * their content type.
 */

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

let doc: Document;
let fake: FactoryFake;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

beforeAll(async () => {
  const store = await openStore({ file: ':memory:' });
  try {
    const app = await buildApp({
      core: createCoreContext({ db: store.db, clock: systemClock }),
    });
    const served = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
    doc = served.json<Document>();
    await app.close();
  } finally {
    await store.close();
  }
  ajv.addSchema(doc, 'openapi');
  fake = await startFactoryFake(3);
});

afterAll(async () => {
  await fake?.close();
});

type Call = [method: string, path: string, token?: string, body?: unknown, type?: string];

const csv = (qty: string) =>
  `order_no,retailer_code,sku,colour,qty,pieces_per_unit\nPO-9,ACME,SOFA-3S,Grey,${qty},3\n`;

/** Each route and each of its branches, with the tokens the fake tells apart. */
const CALLS: Call[] = [
  ['GET', '/v1/auth/me', API_KEY],
  ['GET', '/v1/auth/me', SESSION_TOKEN],
  ['GET', '/v1/auth/me'],
  ['GET', '/v1/auth/me', 'sk_live_wrong'],
  ['POST', '/v1/auth/login', undefined, { email: STAFF_EMAIL, password: STAFF_PASSWORD }],
  ['POST', '/v1/auth/login', undefined, { email: STAFF_EMAIL, password: 'wrong' }],
  ['POST', '/v1/auth/logout', SESSION_TOKEN],
  ['GET', '/v1/orders', API_KEY],
  ['GET', '/v1/orders?stuck=true&limit=1', API_KEY],
  ['GET', '/v1/orders/ord_00000000000000000000000001', API_KEY],
  ['GET', '/v1/orders/PO-1002', API_KEY],
  ['GET', '/v1/orders/boom', API_KEY],
  ['GET', '/v1/orders/PO-404', API_KEY],
  ['POST', '/v1/orders', API_KEY, { order_no: 'PO-2000', retailer_code: 'ACME', lines: [] }],
  ['POST', '/v1/orders', API_KEY, { order_no: 'PO-1001', retailer_code: 'ACME', lines: [] }],
  ['POST', '/v1/orders/upload', API_KEY, csv('1'), 'text/csv'],
  ['POST', '/v1/orders/upload?dry_run=true', API_KEY, csv('1'), 'text/csv'],
  ['POST', '/v1/orders/upload', API_KEY, csv('x'), 'text/csv'],
  ['POST', '/v1/orders/PO-1001/cancel', API_KEY],
  ['GET', '/v1/orders/PO-1001/labels', API_KEY],
  ['GET', '/v1/orders/PO-1001/labels?format=zpl', API_KEY],
  ['POST', '/v1/pairing-codes', API_KEY, { name: 'Packing 1', role: 'dispatch' }],
  ['POST', '/v1/stations/pair', undefined, { code: 'BCDF-GHJK' }],
  ['POST', '/v1/stations/pair', API_KEY, { code: 'BCDF-GHJK' }],
  ['POST', '/v1/scans', STATION_TOKEN, { barcode: 'FD 0000001' }],
  ['POST', '/v1/scans', STATION_TOKEN, { barcode: 'FD 0000002' }],
  ['POST', '/v1/scans', API_KEY, { barcode: 'FD 0000001' }],
  ['GET', '/v1/settings', API_KEY],
  ['PATCH', '/v1/settings', API_KEY, { stuck_after_days: 5 }],
  ['GET', '/v1/company', API_KEY],
  ['PATCH', '/v1/company', API_KEY, { company: 'Acme', name: 'Jo', legal_name: 'Acme Ltd' }],
  ['PATCH', '/v1/company', API_KEY, { updated_at: 'now' }],
  ['DELETE', '/v1/api-keys/key_01', API_KEY],
  ['DELETE', '/v1/api-keys/key_01', SESSION_TOKEN],
  ['GET', '/v1/plans', API_KEY],
  ['GET', '/v1/no-such-route', API_KEY],
];

/** The document's path template for a fake's route: `/v1/orders/:id` is `/v1/orders/{id}`. */
function templateOf(route: string): string | undefined {
  const segments = route.split('/');
  return Object.keys(doc.paths).find((path) => {
    const parts = path.split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, index) =>
        part.startsWith('{') ? segments[index]!.startsWith(':') : part === segments[index],
      )
    );
  });
}

function pointer(...parts: string[]): string {
  return parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

function validatorFor(ref: string): ValidateFunction {
  return ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
}

describe('the CLI tests’ fake server', () => {
  it('answers every route with what the OpenAPI document says', async () => {
    for (const [method, path, token, body, type] of CALLS) {
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      if (body !== undefined) headers['content-type'] = type ?? 'application/json';
      const response = await fetch(fake.url + path, {
        method,
        headers,
        body: typeof body === 'string' || body === undefined ? body : JSON.stringify(body),
      });
      await response.arrayBuffer();
    }
    const problems: string[] = [];
    for (const answer of fake.answers) {
      const [method, route] = (answer.route ?? `GET ${answer.path}`).split(' ') as [string, string];
      const where = `${method} ${answer.path} → ${answer.status}`;
      if (answer.status >= 400) {
        const errors = validatorFor('openapi#/components/schemas/Error');
        if (!errors(answer.json)) problems.push(`${where}: ${ajv.errorsText(errors.errors)}`);
        continue;
      }
      const template = answer.route ? templateOf(route) : undefined;
      const operation = template ? doc.paths[template]?.[method.toLowerCase()] : undefined;
      const content = operation?.responses[String(answer.status)]?.content ?? {};
      const type = answer.contentType?.split(';')[0] ?? '';
      if (!template || !operation || !(type in content)) {
        problems.push(`${where}: the document has no ${type} answer for ${method} ${route}`);
        continue;
      }
      if (type !== 'application/json') continue;
      const validate = validatorFor(
        `openapi#/${pointer('paths', template, method.toLowerCase(), 'responses', String(answer.status), 'content', type, 'schema')}`,
      );
      if (!validate(answer.json)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(problems).toEqual([]);
  });

  it('has each of its routes called above, so a new route is checked too', () => {
    const answered = new Set(fake.answers.map((answer) => answer.route));
    expect(fake.routes.filter((route) => !answered.has(route))).toEqual([]);
    expect(fake.answers.some((answer) => answer.route === undefined)).toBe(true);
  });
});
