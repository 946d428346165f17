import { mkdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import { createCoreContext } from '../../src/core/context.js';
import { createFactory } from '../../src/core/factory/setup.js';
import { auditActionOf } from '../../src/api/audit-actions.js';
import { ROUTE_ACCESS } from '../../src/api/permissions.js';
import { recomputeStuck } from '../../src/core/jobs/stuck-recompute.js';
import { audited } from '../../src/core/audit/audit-scope.js';
import { verifyAuditChain } from '../../src/core/audit/audit-log.js';
import { ManualClock, systemClock } from '../../src/domain/clock.js';
import { openStore } from '../../src/store/database.js';
import { makeTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { runFactoryd } from '../helpers/daemon.js';
import { createTestDatabase, dropTestDatabase, rawSql, testDialect } from '../helpers/dialect.js';

// Answers are read field by field; a loose type keeps the walk readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

interface Call {
  method: string;
  route: string;
  status: number;
  requestId: string;
  /** The token's kind as the test knows it: who the row must name. */
  actor: 'api_key' | 'staff' | 'retailer_user' | 'station' | 'none';
}

const MUTATING = ['POST', 'PUT', 'PATCH', 'DELETE'];
let t: TestApp;
const calls: Call[] = [];
/** Token → who it is, for the row's actor. */
const who = new Map<string, { type: Call['actor']; id: string }>();
let doc: Json;

beforeAll(async () => {
  t = await makeTestApp({
    clock: new ManualClock(new Date('2026-11-20T08:00:00.000Z')),
  });
  doc = (await t.request('GET', '/v1/openapi.json', { token: null })).json();
});
afterAll(async () => {
  await t?.close();
});

/** The route (`/v1/orders/:id`) of a request, from the permissions table. */
function routeOf(method: string, url: string): string {
  const path = url.split('?')[0]!;
  for (const key of Object.keys(ROUTE_ACCESS)) {
    const [m, route] = key.split(' ') as [string, string];
    const pattern = new RegExp(`^${route.replace(/\./g, '\\.').replace(/:\w+/g, '[^/]+')}$`);
    if (m === method && pattern.test(path)) return route;
  }
  return path;
}

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { body?: unknown; csv?: string; token?: string | null; status?: number } = {},
): Promise<Json> {
  const res = await t.request(method, url, {
    ...(options.token !== undefined ? { token: options.token } : {}),
    ...(options.csv !== undefined
      ? { payload: options.csv, headers: { 'content-type': 'text/csv' } }
      : options.body !== undefined
        ? { body: options.body }
        : {}),
  });
  const token = options.token === undefined ? t.apiKey : options.token;
  calls.push({
    method,
    route: routeOf(method, url),
    status: res.statusCode,
    requestId: String(res.headers['request-id']),
    actor: token ? (who.get(token)?.type ?? 'none') : 'none',
  });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(options.status ?? 200);
  return res.headers['content-type']?.toString().startsWith('application/json')
    ? res.json()
    : res.body;
}

/** Every mutating operation once (and some reads and scans), as each kind of caller. */
async function walk(): Promise<void> {
  const keyId = (await call('GET', '/v1/api-keys')).data[0].id;
  who.set(t.apiKey, { type: 'api_key', id: keyId });

  await call('PATCH', '/v1/company', {
    body: { company: 'Audit Works', name: 'Ann', legal_name: 'Audit Works Ltd' },
  });
  await call('PATCH', '/v1/settings', { body: { stuck_after_days: 3 } });
  const key = await call('POST', '/v1/api-keys', { body: { name: 'ERP' } });
  who.set(key.key, { type: 'api_key', id: key.id });
  await call('GET', '/v1/orders', { token: key.key });
  const rolling = await call('POST', '/v1/api-keys', { body: { name: 'Old sync' } });
  await call('POST', `/v1/api-keys/${rolling.id}/roll`, { body: { overlap_seconds: 60 } });

  const admin = await call('POST', '/v1/staff', {
    body: { email: 'ada@audit.example', name: 'Ada', role: 'admin', password: 'a long password 1' },
  });
  const login = await call('POST', '/v1/auth/login', {
    body: { email: 'ada@audit.example', password: 'a long password 1' },
    token: null,
  });
  who.set(login.token, { type: 'staff', id: admin.id });
  const staff = await call('POST', '/v1/staff', {
    body: {
      email: 'sam@audit.example',
      name: 'Sam',
      role: 'supervisor',
      password: 'a long password 2',
    },
    token: login.token,
  });
  // A password change hashes before its transaction opens: the row must still be written.
  await call('PATCH', `/v1/staff/${staff.id}`, {
    body: { name: 'Sam Lee', password: 'another long password' },
    token: login.token,
  });
  await call('DELETE', `/v1/staff/${staff.id}`, { token: login.token });

  const operator = await call('POST', '/v1/operators', { body: { name: 'Ana', language: 'pl' } });
  await call('PATCH', `/v1/operators/${operator.id}`, {
    body: { name: 'Ana K' },
    token: login.token,
  });

  const retailer = await call('POST', '/v1/retailers', {
    body: { name: 'Sofa World', code: 'SW' },
  });
  await call('PATCH', `/v1/retailers/${retailer.id}`, { body: { name: 'Sofa World Ltd' } });
  const owner = await call('POST', `/v1/retailers/${retailer.id}/users`, {
    body: {
      email: 'owner@sofa.example',
      name: 'Olive',
      role: 'owner',
      password: 'a long password 3',
    },
  });
  const buyer = await call('POST', `/v1/retailers/${retailer.id}/users`, {
    body: { email: 'buyer@sofa.example', name: 'Bo', role: 'buyer' },
  });
  await call('POST', `/v1/retailers/${retailer.id}/users/${buyer.id}/password-link`);
  await call('PATCH', `/v1/retailers/${retailer.id}/users/${buyer.id}`, {
    body: { role: 'viewer', password: 'a new long password' },
  });
  await call('DELETE', `/v1/retailers/${retailer.id}/users/${buyer.id}`);

  const hook = await call('POST', '/v1/webhooks', {
    body: { url: 'http://127.0.0.1:9/h', events: ['order.created'] },
  });
  await call('PATCH', `/v1/webhooks/${hook.id}`, {
    body: { description: 'ERP' },
    token: login.token,
  });
  await call('POST', `/v1/webhooks/${hook.id}/test`);
  await call('POST', `/v1/webhooks/${hook.id}/rotate-secret`, { body: {} });

  await call('PATCH', '/v1/sso', {
    body: {
      provider_name: 'Acme Login',
      issuer_url: 'https://login.example.com/realms/acme',
      client_id: 'factoryd',
      // A password-like secret, so the last check shows it never reaches a row.
      client_secret: 'a long password sso',
      role_map: { 'factory-admins': 'admin' },
    },
  });
  await call('DELETE', '/v1/sso', { token: login.token });

  const order = await call('POST', '/v1/orders', {
    body: {
      order_no: 'SW-1',
      retailer_id: retailer.id,
      lines: [{ sku: 'SOFA', colour: 'Grey', qty: 1, pieces_per_unit: 2 }],
    },
  });
  await call('POST', '/v1/orders/upload', {
    csv: 'order_no,retailer_code,sku,colour,qty,pieces_per_unit,production_date,needed_by,piece_names\nSW-2,SW,BED,,1,1,,,\n',
  });
  const doomed = await call('POST', '/v1/orders', {
    body: {
      order_no: 'SW-3',
      retailer_id: retailer.id,
      lines: [{ sku: 'X', qty: 1, pieces_per_unit: 1 }],
    },
  });
  const changed = await call('POST', '/v1/orders', {
    body: {
      order_no: 'SW-4',
      retailer_id: retailer.id,
      lines: [{ sku: 'CHAIR', qty: 1, pieces_per_unit: 1 }],
    },
  });
  await call('PATCH', `/v1/orders/${changed.id}`, { body: { needed_by: '2026-12-05' } });
  await call('POST', `/v1/orders/${doomed.id}/cancel`, { token: login.token });
  const delivery = (await call('GET', '/v1/webhook-deliveries')).data[0];
  await call('POST', `/v1/webhook-deliveries/${delivery.id}/retry`);
  await call('POST', '/v1/webhook-deliveries/retry', {
    body: { status: 'retrying', since: '2026-11-01T00:00:00.000Z' },
  });

  const issued = await call('POST', '/v1/pairing-codes', {
    body: { name: 'Line 1', role: 'dispatch' },
  });
  const station = await call('POST', '/v1/stations/pair', {
    body: { code: issued.code },
    token: null,
  });
  who.set(station.token, { type: 'station', id: station.id });
  await call('PATCH', `/v1/stations/${station.id}`, { body: { name: 'Dock 1' } });
  await call('POST', `/v1/stations/${station.id}/hardware-check`, {
    body: { input_mode: 'keyboard', suffix: 'enter', passed: true },
  });
  const [first, second] = order.pieces.map((p: { barcode: string }) => p.barcode);
  const dispatchStation = station.token;
  // Scans: their own ledger, never audited.
  await call('POST', '/v1/scans', { body: { barcode: operator.badge }, token: dispatchStation });
  await call('POST', '/v1/scans', { body: { barcode: first }, token: dispatchStation });
  await call('POST', `/v1/items/${encodeURIComponent(second)}/void`, { body: { reason: 'torn' } });
  await call('GET', `/v1/orders/${order.id}`);
  await call('GET', `/v1/orders/${order.id}/labels?format=zpl`);

  // A piece to return: produce, dispatch at a second station.
  const produceCode = await call('POST', '/v1/stations/pairing-codes', {
    body: { name: 'P', role: 'produce' },
  });
  const producer = await call('POST', '/v1/stations/pair', {
    body: { code: produceCode.code },
    token: null,
  });
  who.set(producer.token, { type: 'station', id: producer.id });
  await call('POST', '/v1/scans', { body: { barcode: first }, token: producer.token });
  await call('POST', '/v1/scans', { body: { barcode: first }, token: dispatchStation });
  const opened = await call('POST', '/v1/returns', { body: { barcode: first, reason: 'damaged' } });
  await call('PATCH', `/v1/returns/${opened.id}`, { body: { status: 'written_off' } });
  await call('DELETE', `/v1/stations/${producer.id}`);

  const consignment = await call('POST', '/v1/consignments', {
    body: { retailer_id: retailer.id, carrier: 'DHL' },
  });
  await call('POST', `/v1/consignments/${consignment.id}/handling-units`);
  await call('POST', `/v1/consignments/${consignment.id}/close`, { body: {} });
  const dropped = await call('POST', '/v1/consignments', { body: { retailer_id: retailer.id } });
  await call('POST', `/v1/consignments/${dropped.id}/cancel`, { token: login.token });

  const printer = await call('POST', '/v1/printers', {
    body: { name: 'Zebra 1', language: 'zpl', uri: 'tcp://127.0.0.1:9' },
  });
  await call('PATCH', `/v1/printers/${printer.id}`, { body: { name: 'Zebra A' } });
  const job = await call('POST', '/v1/print-jobs', {
    body: { printer_id: printer.id, test_label: true },
  });
  await call('POST', `/v1/print-jobs/${job.id}/cancel`);
  await call('POST', `/v1/print-jobs/${job.id}/retry`, { token: login.token });
  await call('PATCH', `/v1/stations/${station.id}`, { body: { printer_id: printer.id } });
  // A station's reprint: its own ledger like scans, never audited.
  await call('POST', '/v1/stations/me/reprint', {
    body: { barcode: first },
    token: dispatchStation,
  });
  await call('POST', '/v1/stations/me/test-label', { token: dispatchStation });
  await call('DELETE', `/v1/printers/${printer.id}`);

  const portal = await call('POST', '/v1/portal/auth/login', {
    body: { email: 'owner@sofa.example', password: 'a long password 3' },
    token: null,
  });
  who.set(portal.token, { type: 'retailer_user', id: owner.id });
  await call('GET', '/v1/portal/orders', { token: portal.token });
  const link = await call('POST', `/v1/portal/users/${owner.id}/password-link`, {
    token: portal.token,
  });
  await call('POST', '/v1/portal/auth/set-password', {
    body: { token: link.token, password: 'a long password 4' },
    token: null,
  });
  const portal1 = await call('POST', '/v1/portal/auth/login', {
    body: { email: 'owner@sofa.example', password: 'a long password 4' },
    token: null,
  });
  who.set(portal1.token, { type: 'retailer_user', id: owner.id });
  await call('POST', `/v1/portal/users/${owner.id}/password`, {
    body: { password: 'a long password 5' },
    token: portal1.token,
  });
  const portal2 = await call('POST', '/v1/portal/auth/login', {
    body: { email: 'owner@sofa.example', password: 'a long password 5' },
    token: null,
  });
  who.set(portal2.token, { type: 'retailer_user', id: owner.id });
  await call('POST', '/v1/portal/auth/logout', { token: portal2.token });

  await call('POST', '/v1/auth/logout', { token: login.token });
  await call('DELETE', `/v1/webhooks/${hook.id}`);
  await call('DELETE', `/v1/api-keys/${key.id}`);

  // Refused changes leave no row.
  await call('POST', '/v1/retailers', { body: { name: 'Again', code: 'SW' }, status: 409 });
  await call('POST', '/v1/retailers', { body: { name: 'No code' }, status: 400 });
  await call('PATCH', `/v1/returns/${opened.id}`, {
    body: { status: 'restocked', location: 'A-1' },
    status: 409,
  });
}

describe('the audit trail', () => {
  it('derives actions from routes', () => {
    expect(auditActionOf('POST', '/v1/orders')).toEqual({
      action: 'order.create',
      target: 'order',
      targetParam: null,
    });
    expect(auditActionOf('POST', '/v1/orders/:id/cancel')).toEqual({
      action: 'order.cancel',
      target: 'order',
      targetParam: 'id',
    });
    expect(auditActionOf('PATCH', '/v1/returns/:id').action).toBe('return.update');
    expect(auditActionOf('DELETE', '/v1/api-keys/:id').action).toBe('api_key.delete');
    expect(auditActionOf('POST', '/v1/orders/upload').action).toBe('order.upload');
    expect(auditActionOf('PATCH', '/v1/settings').action).toBe('settings.update');
    expect(auditActionOf('POST', '/v1/stations/:id/hardware-check').action).toBe(
      'station.hardware_check',
    );
    expect(auditActionOf('POST', '/v1/items/:barcode/void')).toMatchObject({
      action: 'item.void',
      targetParam: 'barcode',
    });
    expect(auditActionOf('POST', '/v1/consignments/:id/handling-units').action).toBe(
      'handling_unit.create',
    );
  });

  it('writes exactly one row per change of every mutating operation, with its actor; none for reads, scans and refusals', async () => {
    await walk();
    // Every mutating operation of the served document was called and answered 2xx.
    const mutating = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) =>
      Object.keys(ops)
        .map((m) => m.toUpperCase())
        .filter((m) => MUTATING.includes(m))
        .map((m) => `${m} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const called = new Set(
      calls.filter((c) => c.status < 300).map((c) => `${c.method} ${c.route}`),
    );
    expect(
      mutating.filter((op) => !called.has(op)),
      'operations the walk does not call',
    ).toEqual([]);

    const rows = (await t.sql.prepare('select * from audit_log order by seq').all()) as Json[];
    const byRequest = new Map<string, Json[]>();
    for (const row of rows)
      byRequest.set(row.request_id, [...(byRequest.get(row.request_id) ?? []), row]);
    const problems: string[] = [];
    for (const c of calls) {
      const got = byRequest.get(c.requestId) ?? [];
      const audited =
        MUTATING.includes(c.method) &&
        c.status < 300 &&
        ['api_key', 'staff', 'retailer_user'].includes(c.actor);
      const where = `${c.method} ${c.route} (${c.status}, ${c.actor})`;
      if (!audited) {
        if (got.length) problems.push(`${where}: ${got.length} rows, want none`);
        continue;
      }
      if (got.length !== 1) {
        problems.push(`${where}: ${got.length} rows, want one`);
        continue;
      }
      const row = got[0];
      const expected = auditActionOf(c.method, c.route);
      if (row.actor_type !== c.actor) problems.push(`${where}: actor ${row.actor_type}`);
      if (row.action !== expected.action) problems.push(`${where}: action ${row.action}`);
      if (row.factory_id !== t.factoryId) problems.push(`${where}: factory ${row.factory_id}`);
      if (!row.actor_id || !row.actor_name) problems.push(`${where}: actor without id or name`);
    }
    expect(problems).toEqual([]);
    expect(rows.length).toBeGreaterThan(30);
    // Nothing else wrote rows; secrets never.
    expect(rows.length).toBe(calls.filter((c) => byRequest.has(c.requestId)).length);
    expect(JSON.stringify(rows)).not.toMatch(/a long password|sk_live_|whsec_/);
  });

  it('names the target and the changed fields, and lists by filter (admin only)', async () => {
    const cancel = (await call('GET', '/v1/audit-log?action=order.cancel')).data;
    expect(cancel).toHaveLength(1);
    expect(cancel[0]).toMatchObject({
      object: 'audit_entry',
      actor: { type: 'staff', name: 'Ada' },
      target: { type: 'order' },
    });
    const byTarget = (await call('GET', `/v1/audit-log?target_id=${cancel[0].target.id}`)).data;
    expect(byTarget.map((e: Json) => e.action)).toEqual(['order.cancel', 'order.create']);
    const staffCreate = (await call('GET', '/v1/audit-log?action=staff.create')).data;
    expect(staffCreate[0].changes).toEqual({
      email: 'sam@audit.example',
      name: 'Sam',
      role: 'supervisor',
    });
    const page = await call('GET', '/v1/audit-log?limit=2');
    expect(page.has_more).toBe(true);
    const next = await call('GET', `/v1/audit-log?limit=2&starting_after=${page.next_cursor}`);
    expect(next.data[0].seq).toBe(page.data[1].seq - 1);
    const none = await call('GET', '/v1/audit-log?from=2030-01-01T00:00:00.000Z');
    expect(none.data).toEqual([]);
    expect((await call('GET', '/v1/audit-log/verify')).ok).toBe(true);
    await call('GET', '/v1/audit-log?actor_id=x&bogus=1', { status: 400 });
  });

  it('keeps one linear chain under concurrent changes', async () => {
    const retailer = (await call('GET', '/v1/retailers')).data[0];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request('PATCH', `/v1/retailers/${retailer.id}`, { body: { name: `Sofa World ${i}` } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const verdict = await call('GET', '/v1/audit-log/verify');
    expect(verdict).toMatchObject({ ok: true });
    const updates = await call('GET', '/v1/audit-log?action=retailer.update&limit=100');
    expect(updates.data.length).toBeGreaterThanOrEqual(20);
  });

  it('records a scheduler run that changes orders as the system, and one that changes nothing not at all', async () => {
    const code = await call('POST', '/v1/stations/pairing-codes', {
      body: { name: 'P2', role: 'produce' },
    });
    const producer = await call('POST', '/v1/stations/pair', {
      body: { code: code.code },
      token: null,
    });
    const retailer = (await call('GET', '/v1/retailers')).data[0];
    const order = await call('POST', '/v1/orders', {
      body: {
        order_no: 'SW-9',
        retailer_id: retailer.id,
        lines: [{ sku: 'A', qty: 1, pieces_per_unit: 1 }],
      },
    });
    await call('POST', '/v1/scans', {
      body: { barcode: order.pieces[0].barcode },
      token: producer.token,
    });
    const before = ((await t.sql.prepare('select max(seq) as n from audit_log').get()) as Json).n;
    t.clock.advance(10 * 24 * 3600_000);
    const job = {
      factoryId: null,
      actor: { type: 'system' as const, id: null, name: 'scheduler' },
      action: 'order.stuck_recompute',
      target: { type: 'order', id: null },
      requestId: null,
      ip: null,
      changes: null,
      changesOf: (r: unknown) =>
        (r as { became_stuck: number }).became_stuck > 0 ? { ...(r as object) } : null,
    };
    await audited(t.core, job, (ctx) => recomputeStuck(ctx));
    await audited(t.core, job, (ctx) => recomputeStuck(ctx));
    const rows = (await t.sql
      .prepare('select * from audit_log where seq > ? order by seq')
      .all(Number(before))) as Json[];
    expect(rows.map((r) => [r.actor_type, r.action])).toEqual([
      ['system', 'order.stuck_recompute'],
    ]);
    // The factory's list merges the run of no factory with its own rows, newest first, across pages.
    const first = await call('GET', '/v1/audit-log?limit=2');
    expect(first.data[0]).toMatchObject({
      actor: { type: 'system' },
      action: 'order.stuck_recompute',
    });
    expect(first.data[1].actor.type).not.toBe('system');
    expect(first.data[1].seq).toBeLessThan(first.data[0].seq);
    const second = await call('GET', `/v1/audit-log?limit=2&starting_after=${first.next_cursor}`);
    expect(second.data[0].seq).toBe(first.data[1].seq - 1);
    expect(second.data.map((e: Json) => e.action)).not.toContain('order.stuck_recompute');
  });
});

/** A database of the run's dialect that can be opened again and again, as several servers would. */
async function reopenableDatabase() {
  const dataDir = tempDir();
  mkdirSync(dataDir, { recursive: true });
  const url = testDialect() === 'postgres' ? await createTestDatabase() : undefined;
  return {
    dataDir,
    url,
    open: () => openStore(url ? { url } : { file: join(dataDir, 'factoryd.db') }),
    drop: async () => {
      if (url) await dropTestDatabase(url);
    },
  };
}

describe('a request whose client goes away', () => {
  it('still writes the row of the change its handler goes on to make', async () => {
    const app = await makeTestApp();
    try {
      const retailer = await app.request('POST', '/v1/retailers', {
        body: { name: 'Acme', code: 'ACME' },
      });
      expect(retailer.statusCode).toBe(200);
      const rows = 3000;
      let csv =
        'order_no,retailer_code,sku,colour,qty,pieces_per_unit,production_date,needed_by,piece_names\n';
      for (let i = 0; i < rows; i++) csv += `AB-${i},ACME,SOFA,Grey,1,1,,,\n`;
      const address = await app.app.listen({ port: 0, host: '127.0.0.1' });
      // The whole file sent, then the connection cut while the server works on it.
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest(`${address}/v1/orders/upload`, {
          method: 'POST',
          headers: { authorization: `Bearer ${app.apiKey}`, 'content-type': 'text/csv' },
        });
        req.on('error', () => resolve());
        req.on('response', () =>
          reject(new Error('answered before the cut: make the file longer')),
        );
        req.end(csv, () => setTimeout(() => req.destroy(), 20));
      });
      const count = async (table: string, where = '') =>
        Number(
          ((await app.sql.prepare(`select count(*) as n from ${table} ${where}`).get()) as Json).n,
        );
      await expect.poll(() => count('orders'), { timeout: 30_000, interval: 100 }).toBe(rows);
      expect(await count('audit_log', "where action = 'order.upload'")).toBe(1);
    } finally {
      await app.close();
    }
  });
});

describe('two servers on one database', () => {
  it("keep one chain when their changes alternate (one server's end is stale)", async () => {
    const database = await reopenableDatabase();
    const [one, two] = [await database.open(), await database.open()];
    try {
      const cores = [one, two].map((store) =>
        createCoreContext({ db: store.db, clock: systemClock }),
      );
      const { apiKey } = await createFactory(cores[0]!, { name: 'Two Servers' });
      const apps = await Promise.all(cores.map((core) => buildApp({ core })));
      const codes = ['AA', 'BB', 'CC', 'DD', 'EE', 'FF'];
      for (const [i, code] of codes.entries()) {
        // One, one, two, one, two, two: each server's last append is stale at some point.
        const app = apps[[0, 0, 1, 0, 1, 1][i]!]!;
        const res = await app.inject({
          method: 'POST',
          url: '/v1/retailers',
          headers: { authorization: `Bearer ${apiKey.key}` },
          payload: { name: `Retailer ${code}`, code },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      await Promise.all(apps.map((app) => app.close()));
      const verdict = await verifyAuditChain({ db: one.db });
      expect(verdict).toMatchObject({ ok: true, rows: codes.length });
    } finally {
      await one.close();
      await two.close();
      await database.drop();
    }
  });
});

describe('factoryd audit verify', () => {
  it('holds on an untouched chain and names the first edited or deleted row', async () => {
    const { dataDir, url, open, drop } = await reopenableDatabase();
    const env: Record<string, string> = url ? { FACTORYD_DATABASE_URL: url } : {};
    let store = await open();
    const core = createCoreContext({ db: store.db, clock: systemClock });
    const { apiKey } = await createFactory(core, { name: 'Verify Works' });
    const app = await buildApp({ core });
    for (const code of ['AA', 'BB', 'CC', 'DD']) {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/retailers',
        headers: { authorization: `Bearer ${apiKey.key}` },
        payload: { name: `Retailer ${code}`, code },
      });
      expect(res.statusCode).toBe(200);
    }
    await app.close();
    await store.close();
    const verify = () => runFactoryd(['audit', 'verify', '--data-dir', dataDir], { env });
    try {
      const good = verify();
      expect(good.status, good.stderr).toBe(0);
      expect(good.stdout).toMatch(/^ok: 4 rows, head [0-9a-f]{64}/);

      store = await open();
      const sql = rawSql(store);
      const rows = (await sql
        .prepare('select id, seq from audit_log order by seq')
        .all()) as Json[];
      await sql
        .prepare('update audit_log set changes = ? where seq = 3')
        .run('{"name":"Retailer XX","code":"CC"}');
      await store.close();
      const edited = verify();
      expect(edited.status).toBe(1);
      expect(edited.stderr).toContain(`audit row 3 (${rows[2].id}) was edited`);

      store = await open();
      await rawSql(store).prepare('delete from audit_log where seq = 2').run();
      await store.close();
      const deleted = verify();
      expect(deleted.status).toBe(1);
      expect(deleted.stderr).toContain(
        `audit row 2 is missing (deleted): the chain goes from ${rows[0].id} to ${rows[2].id}`,
      );
    } finally {
      await drop();
    }
  });
});
