import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app.js';

/**
 * An integrator's first day (DESIGN §19, docs/integrate.md): generate a client from the served
 * document with openapi-typescript + openapi-fetch and with @hey-api/openapi-ts, write a small
 * integration against each — push an order, page orders, download PDF and ZPL labels, upload a
 * CSV — compile it with `strict` and no cast, and run it against the real server.
 */

const run = promisify(execFile);
const root = process.cwd();

let t: TestApp;
let dir: string;
let baseUrl: string;

beforeAll(async () => {
  t = await makeTestApp();
  await t.request('POST', '/v1/retailers', { body: { name: 'Sofa World', code: 'SW' } });
  baseUrl = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/\/$/, '');
  // Inside the project (.vitest-tmp is ignored by git), so the integrations resolve the
  // project's openapi-fetch as an integrator's project would resolve its own.
  mkdirSync(join(root, '.vitest-tmp'), { recursive: true });
  dir = mkdtempSync(join(root, '.vitest-tmp', 'clients-'));
  const doc = (await t.request('GET', '/v1/openapi.json', { token: null })).body;
  writeFileSync(join(dir, 'openapi.json'), doc);
});
afterAll(async () => {
  await t.close();
  if (!process.env.KEEP_CLIENTS) rmSync(dir, { recursive: true, force: true });
});

const CSV =
  'order_no,retailer_code,sku,colour,qty,pieces_per_unit,production_date,needed_by,piece_names\n';

/** The integration against openapi-typescript's types and openapi-fetch. */
const OPENAPI_FETCH = `
import createClient from 'openapi-fetch';
import type { components, paths } from './openapi-fetch/api.js';

type Order = components['schemas']['Order'];
type OrderSummary = components['schemas']['OrderSummary'];

export async function integrate(baseUrl: string, key: string): Promise<string> {
  const api = createClient<paths>({ baseUrl, headers: { authorization: \`Bearer \${key}\` } });

  const pushed = await api.POST('/v1/orders', {
    params: { header: { 'idempotency-key': 'of-1' } },
    body: { order_no: 'OF-1', retailer_code: 'SW', lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: 2 }] },
  });
  if (pushed.error) throw new Error(pushed.error.error.message);
  const order: Order = pushed.data;

  const seen: OrderSummary[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await api.GET('/v1/orders', {
      params: { query: { limit: 1, ...(cursor ? { starting_after: cursor } : {}) } },
    });
    if (page.error) throw new Error(page.error.error.message);
    seen.push(...page.data.data);
    if (!page.data.has_more || page.data.next_cursor === null) break;
    cursor = page.data.next_cursor;
  }

  const pdf = await api.GET('/v1/orders/{id}/labels.pdf', {
    params: { path: { id: order.id } },
    parseAs: 'arrayBuffer',
  });
  if (pdf.error) throw new Error(pdf.error.error.message);
  const zpl = await api.GET('/v1/orders/{id}/labels.zpl', {
    params: { path: { id: order.id } },
    parseAs: 'text',
  });
  if (zpl.error) throw new Error(zpl.error.error.message);
  const labelCount = zpl.response.headers.get('x-label-count');

  const uploaded = await api.POST('/v1/orders/upload', {
    body: ${JSON.stringify(CSV)} + 'OF-2,SW,BED,,1,1,,,\\n',
    bodySerializer: (csv: string) => csv,
    headers: { 'content-type': 'text/csv' },
  });
  if (uploaded.error) throw new Error(uploaded.error.error.message);

  return JSON.stringify({
    order_no: order.order_no,
    pieces: order.pieces.length,
    paged: seen.map((o) => o.order_no),
    pdf: new TextDecoder().decode(pdf.data.slice(0, 5)),
    zpl: zpl.data.split('^XA').length - 1,
    labelCount,
    uploaded: uploaded.data.orders.map((o) => o.order_no),
  });
}
`;

/** The same integration against @hey-api/openapi-ts's SDK. */
const HEY_API = `
import { client } from './hey-api/client.gen.js';
import {
  createOrder,
  getOrderLabelsPdf,
  getOrderLabelsZpl,
  listOrders,
  uploadOrders,
  type Order,
  type OrderSummary,
} from './hey-api/index.js';

export async function integrate(baseUrl: string, key: string): Promise<string> {
  client.setConfig({ baseUrl, auth: () => key });

  const pushed = await createOrder({
    headers: { 'idempotency-key': 'hey-1' },
    body: { order_no: 'HEY-1', retailer_code: 'SW', lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: 2 }] },
  });
  if (pushed.error) throw new Error(pushed.error.error.message);
  const order: Order = pushed.data;

  const seen: OrderSummary[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await listOrders({
      query: { limit: 1, ...(cursor ? { starting_after: cursor } : {}) },
    });
    if (page.error) throw new Error(page.error.error.message);
    seen.push(...page.data.data);
    if (!page.data.has_more || page.data.next_cursor === null) break;
    cursor = page.data.next_cursor;
  }

  const pdf = await getOrderLabelsPdf({ path: { id: order.id } });
  if (pdf.error) throw new Error(pdf.error.error.message);
  const pdfBytes = new Uint8Array(await pdf.data.arrayBuffer());
  const zpl = await getOrderLabelsZpl({ path: { id: order.id } });
  if (zpl.error) throw new Error(zpl.error.error.message);
  const zplText: string = zpl.data;

  const uploaded = await uploadOrders({
    body: ${JSON.stringify(CSV)} + 'HEY-2,SW,BED,,1,1,,,\\n',
  });
  if (uploaded.error) throw new Error(uploaded.error.error.message);

  return JSON.stringify({
    order_no: order.order_no,
    pieces: order.pieces.length,
    paged: seen.map((o) => o.order_no),
    pdf: new TextDecoder().decode(pdfBytes.slice(0, 5)),
    zpl: zplText.split('^XA').length - 1,
    labelCount: zpl.response.headers.get('x-label-count'),
    uploaded: uploaded.data.orders.map((o) => o.order_no),
  });
}
`;

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: false,
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: [],
    skipLibCheck: true,
    noEmit: true,
  },
  include: ['*.ts'],
};

/** What each integration reads back, once run against the server. */
interface Outcome {
  order_no: string;
  pieces: number;
  paged: string[];
  pdf: string;
  zpl: number;
  labelCount: string | null;
  uploaded: string[];
}

describe('clients generated from /v1/openapi.json', () => {
  it('openapi-typescript and @hey-api/openapi-ts generate, and both integrations compile under strict with no cast', async () => {
    const started = Date.now();
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const doc = JSON.parse(readFileSync(join(dir, 'openapi.json'), 'utf8'));
    mkdirSync(join(dir, 'openapi-fetch'));
    // Types only, as openapi-typescript's docs have it: a .d.ts (skipLibCheck leaves it unchecked).
    writeFileSync(join(dir, 'openapi-fetch', 'api.d.ts'), astToString(await openapiTS(doc)));
    const generatedTypes = Date.now();

    const { createClient } = await import('@hey-api/openapi-ts');
    await createClient({
      input: join(dir, 'openapi.json'),
      output: join(dir, 'hey-api'),
      logs: { level: 'silent' },
    });
    const generatedSdk = Date.now();

    writeFileSync(join(dir, 'with-openapi-fetch.ts'), OPENAPI_FETCH);
    writeFileSync(join(dir, 'with-hey-api.ts'), HEY_API);
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    for (const source of [OPENAPI_FETCH, HEY_API]) {
      expect(source).not.toMatch(/\sas\s|<[A-Z]\w*>\s*\w|!\.|!\)|@ts-|\bany\b/);
    }
    const tsc = join(root, 'node_modules', '.bin', 'tsc');
    const compiled = await run(tsc, ['-p', dir], { cwd: dir }).catch(
      (err: { stdout: string }) => err,
    );
    expect(compiled.stdout).toBe('');
    const typechecked = Date.now();
    console.info(
      `openapi-typescript ${generatedTypes - started} ms, hey-api ${generatedSdk - generatedTypes} ms, tsc ${typechecked - generatedSdk} ms`,
    );
  }, 60_000);

  for (const [name, file, prefix] of [
    ['openapi-fetch', 'with-openapi-fetch.ts', 'OF'],
    ['@hey-api/openapi-ts', 'with-hey-api.ts', 'HEY'],
  ] as const) {
    it(`the ${name} integration pushes, pages, prints and uploads against the server`, async () => {
      const { integrate } = (await import(join(dir, file))) as {
        integrate: (baseUrl: string, key: string) => Promise<string>;
      };
      const outcome = JSON.parse(await integrate(baseUrl, t.apiKey)) as Outcome;
      expect(outcome).toMatchObject({
        order_no: `${prefix}-1`,
        pieces: 2,
        pdf: '%PDF-',
        zpl: 2,
        labelCount: '2',
        uploaded: [`${prefix}-2`],
      });
      expect(outcome.paged).toContain(`${prefix}-1`);
      expect(new Set(outcome.paged).size).toBe(outcome.paged.length);
    }, 30_000);
  }
});
