import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../helpers/app.js';
import type { TestApp } from '../helpers/app.js';
import { run } from './helpers/memory-io.js';
import type { RunOptions } from './helpers/memory-io.js';

/**
 * Every resource's commands, in process, against the real API listening on a real port: the
 * request bodies the commands build must pass the server's strict schemas.
 */
let t: TestApp;
let env: Record<string, string>;

beforeAll(async () => {
  t = await makeTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  env = { FACTORY_URL: `http://127.0.0.1:${port}`, FACTORY_API_KEY: t.apiKey };
});

afterAll(async () => {
  await t.close();
});

/** Runs a command piped and returns its JSON, failing with stderr when it did not succeed. */
async function json<T = Record<string, unknown>>(argv: string[], options: RunOptions = {}) {
  const result = await run(argv, { ...options, env: { ...env, ...options.env } });
  expect(result.stderr, argv.join(' ')).toBe('');
  expect(result.code, argv.join(' ')).toBe(0);
  return JSON.parse(result.stdout) as T;
}

type Row = Record<string, unknown>;

describe('against the real API', () => {
  let retailerId: string;
  let orderId: string;
  const stationTokens: Record<string, string> = {};

  it('retailers and their users', async () => {
    const retailer = await json(['retailers', 'create', '--name', 'Acme Home', '--code', 'ACME']);
    retailerId = retailer.id as string;
    expect(await json(['retailers', 'get', retailerId])).toMatchObject({ code: 'ACME' });
    const updated = await json(['retailers', 'update', retailerId, '--name', 'Acme Home Ltd']);
    expect(updated).toMatchObject({ name: 'Acme Home Ltd' });
    expect(await json<Row[]>(['retailers', 'list'])).toHaveLength(1);
    // The address: given part by part, changed part by part, emptied.
    const addressed = await json([
      'retailers',
      'create',
      '--name',
      'Baltic Home',
      '--code',
      'BALTIC',
      '--line1',
      'ul. Portowa 4',
      '--town',
      'Gdańsk',
      '--postcode',
      '80-001',
      '--country',
      'pl',
    ]);
    expect(addressed.address).toEqual({
      line1: 'ul. Portowa 4',
      line2: null,
      town: 'Gdańsk',
      postcode: '80-001',
      country: 'PL',
    });
    const moved = await json(['retailers', 'update', 'BALTIC', '--postcode', '80-002']);
    expect(moved.address).toMatchObject({ line1: 'ul. Portowa 4', postcode: '80-002' });
    const cleared = await json(['retailers', 'update', 'BALTIC', '--clear-address']);
    expect(cleared.address).toEqual({
      line1: null,
      line2: null,
      town: null,
      postcode: null,
      country: null,
    });
    const both = await run(['retailers', 'update', 'BALTIC', '--clear-address', '--town', 'X'], {
      env,
    });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--clear-address');

    const owner = await json([
      'retailers',
      'users',
      'add',
      retailerId,
      '--email',
      'jo@acme.example',
      '--name',
      'Jo',
      '--role',
      'owner',
    ]);
    const buyer = await json([
      'retailers',
      'users',
      'add',
      retailerId,
      '--email',
      'ann@acme.example',
      '--name',
      'Ann',
      '--role',
      'buyer',
    ]);
    expect(await json<Row[]>(['retailers', 'users', 'list', retailerId])).toHaveLength(2);
    const demote = await run(
      ['retailers', 'users', 'set-role', retailerId, owner.id as string, 'viewer'],
      { env },
    );
    expect(demote.code).toBe(5);
    expect(demote.stderr).toContain('(last_owner, request req_');
    await json(['retailers', 'users', 'set-role', retailerId, buyer.id as string, 'accounts']);
    await json(['retailers', 'users', 'remove', retailerId, buyer.id as string]);
    expect(await json<Row[]>(['retailers', 'users', 'list', retailerId])).toHaveLength(1);
  });

  it('orders: create, get by number, list, cancel', async () => {
    const order = await json([
      'orders',
      'create',
      '--retailer',
      'ACME',
      '--order-no',
      'PO-1',
      '--sku',
      'SOFA-3S',
      '--colour',
      'Grey',
      '--qty',
      '1',
      '--pieces-per-unit',
      '2',
      '--piece-names',
      'Frame|Cushions',
      '--needed-by',
      '2026-12-01',
      '--idempotency-key',
      'po-1',
    ]);
    orderId = order.id as string;
    expect(order).toMatchObject({ order_no: 'PO-1', items: 'SOFA-3S Grey', pieces_total: 2 });
    expect(await json(['orders', 'get', 'PO-1'])).toMatchObject({ id: orderId });

    const other = await json([
      'orders',
      'create',
      '--retailer-id',
      retailerId,
      '--order-no',
      'PO-2',
      '--sku',
      'STOOL',
      '--qty',
      '1',
      '--pieces-per-unit',
      '1',
    ]);
    expect(await json<Row[]>(['orders', 'list', '--retailer', retailerId])).toHaveLength(2);
    expect(await json(['orders', 'cancel', other.id as string])).toMatchObject({
      status: 'cancelled',
    });
    expect(await json<Row[]>(['orders', 'list', '--status', 'cancelled'])).toHaveLength(1);
  });

  it('stations: pairing, scans, hardware checks, update, revoke', async () => {
    for (const role of ['produce', 'dispatch']) {
      const code = await json([
        'stations',
        'pairing-code',
        '--name',
        `${role} station`,
        '--role',
        role,
      ]);
      const station = await json(['stations', 'pair', String(code.code)], {
        env: { FACTORY_API_KEY: '' },
      });
      stationTokens[role] = station.token as string;
    }
    const scan = (role: string, barcode: string) =>
      json(['scans', 'record', barcode], { env: { FACTORY_STATION_TOKEN: stationTokens[role]! } });
    for (const barcode of ['FD 0000001', 'FD 0000002']) {
      expect(await scan('produce', barcode)).toMatchObject({ accepted: true });
      expect(await scan('dispatch', barcode)).toMatchObject({ accepted: true });
    }
    const refused = await run(['scans', 'record', 'FD 0000001'], {
      env: { ...env, FACTORY_STATION_TOKEN: stationTokens.dispatch! },
    });
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toMatchObject({
      accepted: false,
      reason: 'already_dispatched',
    });

    const stations = await json<Row[]>(['stations', 'list']);
    expect(stations).toHaveLength(2);
    const id = stations[0]!.id as string;
    await json([
      'stations',
      'hardware-check',
      id,
      '--input-mode',
      'keyboard',
      '--suffix',
      'enter',
      '--scanner-label',
      'Zebra DS2208',
      '--avg-char-ms',
      '4.5',
      '--code128-ok',
      '--qr-ok',
      '--no-layout-ok',
      '--failed',
      '--notes',
      'UK layout',
    ]);
    const checks = await json<Row[]>(['stations', 'hardware-checks', id]);
    expect(checks[0]).toMatchObject({ passed: false, layout_ok: false, avg_char_ms: 4.5 });
    expect(
      await json(['stations', 'update', id, '--name', 'Gate', '--default-location', 'BAY-9']),
    ).toMatchObject({
      name: 'Gate',
      default_location: 'BAY-9',
    });
    expect(await json(['stations', 'get', id])).toMatchObject({ name: 'Gate' });
    await json(['stations', 'revoke', id]);
  });

  it('returns: create, restock, write off', async () => {
    const first = await json([
      'returns',
      'create',
      '--barcode',
      'FD 0000001',
      '--reason',
      'damaged',
    ]);
    expect(first).toMatchObject({ status: 'received' });
    const order = await json<{ pieces: Row[] }>(['orders', 'get', orderId]);
    const second = await json(['returns', 'create', '--piece-id', order.pieces[1]!.id as string]);
    expect(await json<Row[]>(['returns', 'list', '--status', 'received'])).toHaveLength(2);

    const noBay = await run(['returns', 'restock', first.id as string], { env });
    expect(noBay.code).toBe(2);
    expect(
      await json(['returns', 'restock', first.id as string, '--location', 'BAY-2']),
    ).toMatchObject({
      status: 'restocked',
    });
    expect(await json(['returns', 'write-off', second.id as string])).toMatchObject({
      status: 'written_off',
    });
    const closed = await run(['returns', 'write-off', first.id as string], { env });
    expect(closed.code).toBe(5);
    expect(await json(['returns', 'get', second.id as string])).toMatchObject({
      status: 'written_off',
    });
  });

  it('labels: an order, one piece, the test label', async () => {
    const zpl = await run(['orders', 'labels', orderId, '--format', 'zpl', '--dpi', '300'], {
      env,
    });
    expect(zpl.code).toBe(0);
    expect(zpl.stdout.match(/\^XA/g)).toHaveLength(2);
    expect(zpl.stdout).toContain('^PW1200');

    const file = join(t.dir, 'labels.pdf');
    const pdf = await run(['orders', 'labels', orderId, '--output', file], {
      env,
      stderrTty: true,
    });
    expect(pdf.code).toBe(0);
    expect(pdf.stdout).toBe('');
    expect(pdf.stderr).toMatch(/labels \[#{24}\] 100%/);
    expect(pdf.stderr).toContain(`Wrote ${file} (2 labels, `);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

    // Printed once: nothing is left unprinted, which the server answers as a conflict.
    const none = await run(['orders', 'labels', orderId, '--pieces', 'unprinted'], { env });
    expect(none.code).toBe(5);
    expect(none.stderr).toMatch(/\(no_labels_to_print, request req_\w+\)/);

    const piece = await run(['items', 'label', 'FD 0000002', '--format', 'zpl'], { env });
    expect(piece.code).toBe(0);
    expect(piece.stdout).toContain('FD 0000002');

    const testLabel = await run(['hardware', 'test-label'], { env });
    expect(testLabel.code).toBe(0);
    expect(testLabel.stdoutBytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('items: void a label', async () => {
    const voided = await json(['items', 'void', 'FD 0000001', '--reason', 'torn']);
    expect(voided).toMatchObject({ barcode: 'FD 0000001', reason: 'torn' });
    expect(voided.replacement_barcode).toMatch(/^FD \d{7}$/);
    expect((await run(['items', 'void', 'FD 9999999'], { env })).code).toBe(3);
  });

  it('keys: create, list, revoke', async () => {
    const key = await json(['keys', 'create', '--name', 'ERP sync']);
    expect(key.key).toMatch(/^sk_live_/);
    expect((await json<Row[]>(['keys', 'list'])).map((row) => row.name)).toContain('ERP sync');
    expect(await json(['keys', 'revoke', key.id as string])).toMatchObject({ id: key.id });
    const revoked = await run(['orders', 'list'], {
      env: { ...env, FACTORY_API_KEY: key.key as string },
    });
    expect(revoked.code).toBe(4);
  });

  it('webhooks: create, get, update, deliveries, delete', async () => {
    const endpoint = await json([
      'webhooks',
      'create',
      'http://127.0.0.1:9/hook',
      '--events',
      'order.created, order.stuck',
      '--description',
      'ERP',
    ]);
    expect(endpoint).toMatchObject({ events: ['order.created', 'order.stuck'] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const id = endpoint.id as string;
    expect(await json(['webhooks', 'get', id])).toMatchObject({ description: 'ERP' });
    expect(await json(['webhooks', 'update', id, '--disable', '--events', '*'])).toMatchObject({
      enabled: false,
      events: ['*'],
    });
    expect(await json<Row[]>(['webhooks', 'list'])).toHaveLength(1);
    expect(Array.isArray(await json(['webhooks', 'deliveries', '--endpoint', id, '--all']))).toBe(
      true,
    );
    await json(['webhooks', 'delete', id]);
    expect((await run(['webhooks', 'get', id], { env })).code).toBe(3);
  });

  it('settings, company, plans, whoami, staff', async () => {
    expect(
      await json(['settings', 'set', 'stuck_after_days=3', 'timezone=Europe/Paris']),
    ).toMatchObject({
      stuck_after_days: 3,
      timezone: 'Europe/Paris',
    });
    expect(await json(['settings', 'get'])).toMatchObject({ stuck_after_days: 3 });
    // A new factory has no owner's name yet (the spec's required `name`): the answer says so.
    const unnamed = await run(['company', 'set', 'label_prefix=ACME'], { env });
    expect(unnamed.code).toBe(1);
    expect(unnamed.stderr).toContain('name must not be empty');
    expect(
      await json(['company', 'set', 'name=Ada Owner', 'label_prefix=ACME', 'address.town=Leeds']),
    ).toMatchObject({
      name: 'Ada Owner',
      label_prefix: 'ACME',
      address: { town: 'Leeds' },
    });
    expect(await json(['company', 'get'])).toMatchObject({ label_prefix: 'ACME' });
    expect((await json<Row[]>(['plans'])).length).toBeGreaterThan(0);
    expect(await json(['whoami'])).toMatchObject({ kind: 'api_key' });

    const user = await json(
      ['staff', 'add', '--email', 'sam@factory.example', '--name', 'Sam', '--role', 'supervisor'],
      {
        stdin: 'a long enough password\n',
      },
    );
    expect(await json(['staff', 'get', user.id as string])).toMatchObject({ role: 'supervisor' });
    expect(await json(['staff', 'update', user.id as string, '--role', 'admin'])).toMatchObject({
      role: 'admin',
    });
    expect(await json<Row[]>(['staff', 'list'])).toHaveLength(1);
    expect(await json(['staff', 'disable', user.id as string])).toMatchObject({ disabled: true });
  });
});
