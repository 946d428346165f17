import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { ERROR_ENVELOPE } from '../../src/api/openapi-document.js';
import { ROUTE_ACCESS } from '../../src/api/permissions.js';
import type { CoreContext } from '../../src/core/context.js';
import { createCoreContext } from '../../src/core/context.js';
import { createFactory } from '../../src/core/factory/setup.js';
import { WebhookDispatcher } from '../../src/daemon/webhooks/dispatcher.js';
import { systemClock } from '../../src/domain/clock.js';
import { openStore, type Store } from '../../src/store/database.js';
import { Receiver } from '../core/webhooks/receiver.js';
import { tempDir } from '../helpers/app.js';

/**
 * The OpenAPI document is what clients are generated from (the web app's among them), so it must
 * say what the server really answers. Every operation is called here, its fields both null and
 * set where they can be, and what each handler returned — before the serializer, which would
 * quietly write a null as "" or 0 into a field the schema calls a string or a number — is checked
 * against the document's schema for that operation and status. Errors against the envelope.
 */

// Answers are read field by field; a loose type keeps the flow readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

interface Seen {
  method: string;
  route: string;
  status: number;
  payload: unknown;
}

let dir: string;
let store: Store;
let core: CoreContext;
let app: FastifyInstance;
let apiKey: string;
let doc: Json;
const seen: Seen[] = [];
/** Routes answered 2xx, JSON or not. */
const covered = new Set<string>();

beforeAll(async () => {
  dir = tempDir();
  store = await openStore({ file: join(dir, 'contract.db') });
  core = createCoreContext({ db: store.db, clock: systemClock });
  apiKey = (await createFactory(core, { name: 'Contract Works' })).apiKey.key;
  app = await buildApp({ core });
  const record = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    recorded.add(request);
    // A former URL runs the documented route's handler: its answers are checked there.
    if (request.routeOptions.config.formerUrl) return;
    seen.push({
      method: request.method,
      route: request.routeOptions.url ?? '',
      status: reply.statusCode,
      payload,
    });
  };
  const recorded = new WeakSet<FastifyRequest>();
  app.addHook('preSerialization', async (request, reply, payload) => {
    record(request, reply, JSON.parse(JSON.stringify(payload)));
    return payload;
  });
  // Answers a handler wrote as JSON text itself (a scan, an order with its pieces) skip the
  // serializer and its hook: the text is what the handler made, so it is checked as is.
  app.addHook('onSend', async (request, reply, payload) => {
    const json = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
    if (!recorded.has(request) && json && typeof payload === 'string') {
      record(request, reply, JSON.parse(payload));
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 300) covered.add(`${request.method} ${request.routeOptions.url}`);
  });
  await app.ready();
  doc = (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
});

afterAll(async () => {
  await app.close();
  await store.close();
});

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { body?: unknown; csv?: string; token?: string | null; status?: number } = {},
): Promise<Json> {
  const token = options.token === undefined ? apiKey : options.token;
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(options.csv !== undefined ? { 'content-type': 'text/csv' } : {}),
    },
    ...(options.csv !== undefined
      ? { payload: options.csv }
      : options.body !== undefined
        ? { payload: options.body as object }
        : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(options.status ?? 200);
  return res.headers['content-type']?.toString().startsWith('application/json')
    ? res.json()
    : res.body;
}

/** Every operation, with states that make nullable fields both null and set. */
async function exercise(): Promise<void> {
  await call('GET', '/healthz', { token: null });
  await call('GET', '/readyz', { token: null });

  await call('GET', '/v1/company');
  await call('PATCH', '/v1/company', {
    body: {
      company: 'Contract Works',
      name: 'Contract Works',
      legal_name: 'Contract Works Ltd',
      address: { line1: '1 Mill Lane', town: 'Leeds', postcode: 'LS1 1AA', country: 'GB' },
      phone: '0113 000 0000',
      terms_accepted: true,
    },
  });
  await call('GET', '/v1/settings');
  await call('PATCH', '/v1/settings', { body: { stuck_after_days: 3 } });
  await call('GET', '/v1/plans');
  await call('GET', '/v1/backups');

  const key = await call('POST', '/v1/api-keys', { body: { name: 'ERP' } });
  await call('GET', '/v1/api-keys');
  const scoped = await call('POST', '/v1/api-keys', {
    body: { name: 'Labels', scopes: ['labels'], expires_at: '2099-01-01T00:00:00.000Z' },
  });
  await call('POST', `/v1/api-keys/${scoped.id}/roll`, { body: { overlap_seconds: 60 } });
  await call('DELETE', `/v1/api-keys/${key.id}`);

  const retailer = await call('POST', '/v1/retailers', {
    body: { name: 'Sofa World', code: 'SW' },
  });
  await call('POST', '/v1/retailers', { body: { name: 'Beds Direct', code: 'BD' } });
  await call('GET', '/v1/retailers');
  await call('GET', `/v1/retailers/${retailer.id}`);
  await call('PATCH', `/v1/retailers/${retailer.id}`, { body: { name: 'Sofa World Ltd' } });

  const owner = await call('POST', `/v1/retailers/${retailer.id}/users`, {
    body: {
      email: 'owner@sofa.example',
      name: 'Olive',
      role: 'owner',
      password: 'a long password 1',
    },
  });
  const buyer = await call('POST', `/v1/retailers/${retailer.id}/users`, {
    body: { email: 'buyer@sofa.example', name: 'Bo', role: 'buyer' },
  });
  await call('GET', `/v1/retailers/${retailer.id}/users`);
  await call('POST', `/v1/retailers/${retailer.id}/users/${buyer.id}/password-link`);
  await call('PATCH', `/v1/retailers/${retailer.id}/users/${buyer.id}`, {
    body: { role: 'viewer' },
  });
  await call('DELETE', `/v1/retailers/${retailer.id}/users/${buyer.id}`);

  const receiver = await new Receiver().listen();
  try {
    let answered = 0;
    receiver.reply = () => ({ status: answered++ === 0 ? 500 : 200 });
    const hook = await call('POST', '/v1/webhooks', {
      body: { url: `${receiver.url}/h`, events: ['order.created'] },
    });
    const other = await call('POST', '/v1/webhooks', {
      body: { url: `${receiver.url}/o`, events: ['*'], description: 'Floor display' },
    });
    await call('GET', '/v1/webhooks');
    await call('GET', `/v1/webhooks/${hook.id}`);
    await call('PATCH', `/v1/webhooks/${other.id}`, { body: { enabled: false } });

    const full = await call('POST', '/v1/orders', {
      body: {
        order_no: 'SW-1',
        retailer_id: retailer.id,
        production_date: '2026-12-01',
        needed_by: '2026-12-10',
        lines: [
          {
            sku: 'SOFA',
            colour: 'Grey',
            qty: 1,
            pieces_per_unit: 2,
            piece_names: ['Frame', 'Seat'],
          },
        ],
      },
    });
    await call('POST', '/v1/orders', {
      body: {
        order_no: 'SW-2',
        retailer_code: 'SW',
        lines: [{ sku: 'STOOL', colour: null, qty: 1, pieces_per_unit: 1 }],
      },
    });
    await call('POST', '/v1/orders/upload', {
      csv:
        'order_no,retailer_code,sku,colour,qty,pieces_per_unit,production_date,needed_by,piece_names\n' +
        'BD-1,BD,BED,,1,1,,,\n',
    });
    const cancelled = await call('POST', '/v1/orders', {
      body: {
        order_no: 'SW-3',
        retailer_id: retailer.id,
        lines: [{ sku: 'X', qty: 1, pieces_per_unit: 1 }],
      },
    });
    await call('POST', `/v1/orders/${cancelled.id}/cancel`);
    await call('PATCH', `/v1/orders/${full.id}`, {
      body: { needed_by: '2026-12-12', production_date: null },
    });
    const events = await call('GET', '/v1/events?limit=5');
    await call('GET', `/v1/events/${events.data[0].id}`);
    await call('GET', `/v1/events?type=order.created&created_after=2020-01-01T00:00:00.000Z`);
    await call('POST', `/v1/webhooks/${hook.id}/rotate-secret`, { body: {} });

    // A failed attempt, then the manual retry that succeeds: deliveries with every field set.
    const dispatcher = new WebhookDispatcher(core, { userAgent: 'contract', wake: false });
    await dispatcher.runDue();
    const failed = (await call('GET', '/v1/webhook-deliveries?status=retrying')).data[0];
    expect(failed).toBeDefined();
    await call('POST', `/v1/webhook-deliveries/${failed.id}/retry`);
    await call('POST', '/v1/webhook-deliveries/retry', {
      body: { since: '2020-01-01T00:00:00Z', status: 'failed' },
    });
    await dispatcher.runDue();
    const test = await call('POST', `/v1/webhooks/${hook.id}/test`);
    await dispatcher.runDue();
    await call('GET', `/v1/webhook-deliveries/${test.id}`);
    await dispatcher.stop(0);
    await call('GET', '/v1/webhook-deliveries');
    // The former URLs still answer, out of the document.
    await call('GET', `/v1/webhooks/deliveries/${test.id}`);
    await call('GET', `/v1/webhook-deliveries?event_id=${test.event_id}`);
    await call('DELETE', `/v1/webhooks/${other.id}`);
    await call('DELETE', `/v1/webhooks/${hook.id}`);

    const pair = async (name: string, role: string) => {
      const issued = await call('POST', '/v1/pairing-codes', { body: { name, role } });
      await call('GET', `/v1/pairing-codes/${issued.id}`); // pending: nulls
      const paired = await call('POST', '/v1/stations/pair', {
        body: { code: issued.code },
        token: null,
      });
      await call('GET', `/v1/pairing-codes/${issued.id}`); // paired: set
      await call('GET', `/v1/stations/pairing-codes/${issued.id}`); // the former URL
      return paired;
    };
    const produce = await pair('Line 1', 'produce');
    const stock = await pair('Goods in', 'stock');
    const dispatch = await pair('Dock', 'dispatch');
    await call('GET', '/v1/stations');
    await call('PATCH', `/v1/stations/${stock.id}`, { body: { default_location: 'A-01' } });
    await call('GET', `/v1/stations/${produce.id}`);
    // The station's printer (nothing listens there: the reprint stays queued).
    const linePrinter = await call('POST', '/v1/printers', {
      body: { name: 'Line 1 Zebra', language: 'zpl', uri: 'tcp://127.0.0.1:9' },
    });
    await call('PATCH', `/v1/stations/${produce.id}`, { body: { printer_id: linePrinter.id } });
    await call('GET', '/v1/stations/me/printer', { token: produce.token });
    await call('POST', '/v1/stations/me/reprint', {
      token: produce.token,
      body: { barcode: full.pieces[0].barcode },
    });
    await call('POST', '/v1/stations/me/test-label', { token: produce.token });
    await call('POST', `/v1/stations/${produce.id}/hardware-check`, {
      body: {
        input_mode: 'keyboard',
        passed: true,
        suffix: 'enter',
        avg_char_ms: 4,
        code128_ok: true,
        qr_ok: true,
        layout_ok: true,
      },
    });
    await call('GET', `/v1/stations/${produce.id}/hardware-checks`);
    await call('GET', `/v1/stations/${produce.id}`);

    const [first, second] = full.pieces.map((p: { barcode: string }) => p.barcode);
    await call('POST', '/v1/scans', { body: { barcode: first }, token: produce.token });
    await call('POST', '/v1/scans', { body: { barcode: first }, token: produce.token });
    await call('POST', '/v1/scans', { body: { barcode: 'FD 9999999' }, token: produce.token });
    await call('POST', '/v1/scans', { body: { barcode: second }, token: produce.token });
    await call('POST', '/v1/scans', { body: { barcode: first }, token: stock.token });
    await call('POST', '/v1/scans', {
      body: { barcode: second, location: 'B-02' },
      token: stock.token,
    });
    await call('POST', '/v1/scans', { body: { barcode: first }, token: dispatch.token });
    await call('GET', '/v1/orders');
    await call('GET', `/v1/orders/${full.id}`);
    await call('GET', `/v1/orders/${full.id}/labels?format=zpl`);
    await call('GET', `/v1/items/${encodeURIComponent(second)}/label?format=zpl`);
    await call('GET', '/v1/hardware/test-label?format=zpl&dpi=203');
    for (const format of ['pdf', 'zpl']) {
      await call('GET', `/v1/orders/${full.id}/labels.${format}`);
      await call('GET', `/v1/items/${encodeURIComponent(second)}/label.${format}`);
      await call('GET', `/v1/hardware/test-label.${format}`);
    }
    await call('POST', `/v1/items/${encodeURIComponent(second)}/void`, {
      body: { reason: 'torn' },
    });
    await call('GET', `/v1/orders/${full.id}/voided-labels`);
    await call('GET', '/v1/order-counts');

    const opened = await call('POST', '/v1/returns', {
      body: { barcode: first, reason: 'damaged' },
    });
    await call('GET', '/v1/returns');
    await call('GET', `/v1/returns/${opened.id}`);
    await call('PATCH', `/v1/returns/${opened.id}`, {
      body: { status: 'restocked', location: 'C-03' },
    });
    await call('GET', `/v1/returns/${opened.id}`);

    // Dispatch: a consignment loaded by scan onto a pallet and closed (forced); another cancelled.
    const cn = await call('POST', '/v1/consignments', {
      body: { retailer_id: retailer.id, reference: 'WK48' },
    });
    const unit = await call('POST', `/v1/consignments/${cn.id}/handling-units`);
    await call('PATCH', `/v1/stations/${dispatch.id}`, { body: { consignment_id: cn.id } });
    await call('POST', '/v1/scans', { body: { barcode: `00${unit.sscc}` }, token: dispatch.token });
    await call('POST', '/v1/scans', { body: { barcode: first }, token: dispatch.token });
    await call('GET', '/v1/stations/me/consignment', { token: dispatch.token });
    await call('GET', '/v1/consignments?status=open');
    await call('GET', `/v1/consignments/${cn.id}`);
    await call('POST', `/v1/consignments/${cn.id}/close`, {
      body: { force: true, reason: 'the rest follows' },
    });
    await call('GET', `/v1/consignments/${cn.id}/labels?format=zpl`);
    await call('GET', `/v1/consignments/${cn.id}/delivery-note`);
    const empty = await call('POST', '/v1/consignments', { body: { retailer_id: retailer.id } });
    await call('POST', `/v1/consignments/${empty.id}/cancel`);
    await call('DELETE', `/v1/stations/${dispatch.id}`);
  } finally {
    await receiver.close();
  }

  const staff = await call('POST', '/v1/staff', {
    body: {
      email: 'sam@contract.example',
      name: 'Sam',
      role: 'supervisor',
      password: 'a long password 2',
    },
  });
  await call('GET', '/v1/staff');
  await call('GET', `/v1/staff/${staff.id}`);
  await call('PATCH', `/v1/staff/${staff.id}`, { body: { name: 'Sam Lee' } });
  const session = await call('POST', '/v1/auth/login', {
    body: { email: 'sam@contract.example', password: 'a long password 2' },
    token: null,
  });
  await call('GET', '/v1/auth/me', { token: session.token });
  await call('GET', '/v1/auth/me');
  await call('GET', '/v1/auth/oidc', { token: null });
  await call('POST', '/v1/auth/logout', { token: session.token });
  await call('DELETE', `/v1/staff/${staff.id}`);

  await call('GET', '/v1/sso'); // off: nulls
  await call('PATCH', '/v1/sso', {
    body: {
      provider_name: 'Keycloak',
      issuer_url: 'https://login.contract.example/realms/factory',
      client_id: 'factoryd',
      client_secret: 'a secret',
      role_map: { admins: 'admin' },
    },
  });
  await call('GET', '/v1/sso');
  await call('DELETE', '/v1/sso');

  const portal = await call('POST', '/v1/portal/auth/login', {
    body: { email: 'owner@sofa.example', password: 'a long password 1' },
    token: null,
  });
  await call('GET', '/v1/portal/auth/me', { token: portal.token });
  const orders = await call('GET', '/v1/portal/orders', { token: portal.token });
  await call('GET', `/v1/portal/orders/${orders.data[0].id}`, { token: portal.token });
  await call('GET', '/v1/portal/orders.csv', { token: portal.token });
  const deliveries = await call('GET', '/v1/portal/consignments', { token: portal.token });
  await call('GET', `/v1/portal/consignments/${deliveries.data[0].id}/delivery-note`, {
    token: portal.token,
  });
  await call('GET', '/v1/portal/users', { token: portal.token });
  await call('POST', `/v1/portal/users/${owner.id}/password-link`, { token: portal.token });
  await call('POST', `/v1/portal/users/${owner.id}/password`, {
    body: { password: 'a long password 3' },
    token: portal.token,
    status: 200,
  });
  const again = await call('POST', '/v1/portal/auth/login', {
    body: { email: 'owner@sofa.example', password: 'a long password 3' },
    token: null,
  });
  const fresh = await call('POST', `/v1/portal/users/${owner.id}/password-link`, {
    token: again.token,
  });
  await call('POST', '/v1/portal/auth/set-password', {
    body: { token: fresh.token, password: 'a long password 1' },
    token: null,
  });
  const portalAgain = await call('POST', '/v1/portal/auth/login', {
    body: { email: 'owner@sofa.example', password: 'a long password 1' },
    token: null,
  });
  portal.token = portalAgain.token;
  await call('POST', '/v1/portal/auth/logout', { token: portal.token });
  void owner;

  // Printers and the print queue (nothing listens at the printer's address: jobs stay queued).
  const printer = await call('POST', '/v1/printers', {
    body: { name: 'Zebra', language: 'zpl', uri: 'tcp://127.0.0.1:9', dpi: 203 },
  });
  await call('GET', '/v1/printers');
  await call('GET', `/v1/printers/${printer.id}`);
  await call('PATCH', `/v1/printers/${printer.id}`, { body: { name: 'Dock Zebra' } });
  const printJob = await call('POST', '/v1/print-jobs', {
    body: { printer_id: printer.id, test_label: true },
  });
  await call('GET', '/v1/print-jobs');
  await call('GET', `/v1/print-jobs/${printJob.id}`);
  await call('POST', `/v1/print-jobs/${printJob.id}/cancel`);
  await call('POST', `/v1/print-jobs/${printJob.id}/retry`);
  await call('DELETE', `/v1/printers/${printer.id}`);
  // The event stream, asked to end once it has caught up (it never ends by itself).
  await call('GET', '/v1/events/stream?follow=false');

  // Reports from the scan ledger.
  await call('GET', '/v1/reports/throughput?group_by=role');
  await call('GET', '/v1/reports/cycle-times?per=order');
  await call('GET', '/v1/scans?limit=5');
  await call('GET', '/v1/scans?result=refused&format=csv');
  await call('GET', '/v1/audit-log?action=order.create&limit=5');
  await call('GET', '/v1/audit-log/verify');
  const operator = await call('POST', '/v1/operators', { body: { name: 'Ana', language: 'pl' } });
  await call('GET', '/v1/operators?active=true');
  await call('GET', `/v1/operators/${operator.id}`);
  await call('PATCH', `/v1/operators/${operator.id}`, { body: { active: false } });
  await call('GET', `/v1/operators/${operator.id}/badge?format=zpl`);
  await call('GET', '/v1/operators/sign-out-badge?format=zpl');

  // Errors, of the router and of the routes.
  await call('GET', '/v1/orders/ord_00000000000000000000000000', { status: 404 });
  await call('POST', '/v1/retailers', { body: { name: 'Sofa World', code: 'SW' }, status: 409 });
  await call('POST', '/v1/retailers', { body: { name: 'No code' }, status: 400 });
  await call('GET', '/v1/orders', { token: null, status: 401 });
  await call('GET', '/v1/nothing-here', { status: 404 });
}

/** `/v1/orders/:id` → `/v1/orders/{id}`. */
const template = (route: string) => route.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document against what the server answers', () => {
  it('calls every documented operation', async () => {
    await exercise();
    const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const calls = [...covered].map((c) => {
      const [method, route] = c.split(' ');
      return `${method} ${template(route!)}`;
    });
    expect(documented.filter((op) => !calls.includes(op))).toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).length).toBeGreaterThan(50);
  });

  it('every answer matches its schema in the document: types, required fields, nulls', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    // The answers' schemas refer to the document's named schemas (`#/components/schemas/Order`).
    ajv.addSchema({ $id: 'openapi', components: doc.components });
    const inDocument = (schema: unknown) =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
    const errorEnvelope = ajv.compile(ERROR_ENVELOPE);
    const problems: string[] = [];
    let checked = 0;
    for (const s of seen) {
      if (s.route === '/v1/openapi.json') continue;
      const where = `${s.method} ${s.route} → ${s.status}`;
      if (s.status >= 400) {
        if (!errorEnvelope(s.payload))
          problems.push(`${where}: ${ajv.errorsText(errorEnvelope.errors)}`);
        checked++;
        continue;
      }
      const operation = doc.paths[template(s.route)]?.[s.method.toLowerCase()];
      const schema =
        operation?.responses?.[String(s.status)]?.content?.['application/json']?.schema;
      if (!schema) {
        problems.push(`${where}: no JSON schema for this answer in the document`);
        continue;
      }
      const validate = ajv.compile(inDocument(schema));
      if (!validate(s.payload)) problems.push(`${where}: ${ajv.errorsText(validate.errors)}`);
      checked++;
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(75);
    // The five refused requests at the end of the flow, and the router's 404.
    expect(seen.filter((s) => s.status >= 400).map((s) => s.status)).toEqual([
      404, 409, 400, 401, 404,
    ]);
  });

  it('every event the flow made matches its payload schema under webhooks', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'openapi', components: doc.components });
    const events = await store.db
      .selectFrom('events')
      .select(['type', 'data', 'created_at'])
      .execute();
    const types = new Set<string>();
    const problems: string[] = [];
    for (const event of events) {
      const schema = doc.webhooks[event.type]?.post.requestBody.content['application/json'].schema;
      if (!schema) {
        problems.push(`${event.type}: no entry under webhooks`);
        continue;
      }
      const validate = ajv.compile({ $ref: `openapi${schema.$ref}` });
      const payload = {
        type: event.type,
        timestamp: event.created_at,
        data: JSON.parse(event.data),
      };
      if (!validate(payload)) problems.push(`${event.type}: ${ajv.errorsText(validate.errors)}`);
      types.add(event.type);
    }
    expect(problems).toEqual([]);
    // The flow makes most kinds of event (not order.stuck's waiting_since, nor a write-off).
    expect([...types].sort()).toEqual(
      expect.arrayContaining([
        'label.voided',
        'order.cancelled',
        'order.created',
        'order.status_changed',
        'return.created',
        'return.restocked',
        'scan.recorded',
        'station.hardware_checked',
        'station.paired',
      ]),
    );
  });

  it('declares the error envelope for 4XX and 5XX of every operation', () => {
    expect(doc.components.schemas.Error).toEqual(ERROR_ENVELOPE);
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const range of ['4XX', '5XX']) {
          expect(
            op.responses[range]?.content['application/json'].schema,
            `${method} ${path}`,
          ).toEqual({
            $ref: '#/components/schemas/Error',
          });
        }
      }
    }
  });

  it('does not require a query parameter that has a default (limit, dry_run)', () => {
    const limit = doc.paths['/v1/orders'].get.parameters.find((p: Json) => p.name === 'limit');
    expect(limit).toMatchObject({ required: false, schema: { default: 20 } });
    const dryRun = doc.paths['/v1/orders/upload'].post.parameters.find(
      (p: Json) => p.name === 'dry_run',
    );
    expect(dryRun).toMatchObject({ required: false, schema: { default: false } });
    for (const ops of Object.values(doc.paths as Record<string, Record<string, Json>>)) {
      for (const op of Object.values(ops)) {
        for (const p of op.parameters ?? []) {
          if (p.schema?.default !== undefined) expect(p.required).toBe(false);
        }
      }
    }
  });
});
