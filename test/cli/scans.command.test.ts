import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/clock.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { run } from './helpers/memory-io.js';

/** `factory scans list` on a terminal: the ledger as a table a person reads. */
let t: TestApp;
let env: Record<string, string>;

beforeAll(async () => {
  t = await makeTestApp({ clock: new ManualClock('2026-11-26T08:00:00.000Z') });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  env = { FACTORY_URL: `http://127.0.0.1:${port}`, FACTORY_API_KEY: t.apiKey, NO_COLOR: '1' };
  const post = async (url: string, body: unknown, token?: string) =>
    (await t.request('POST', url, { body, ...(token ? { token } : {}) })).json();
  const retailer = await post('/v1/retailers', { name: 'Northwind', code: 'NW' });
  const order = await post('/v1/orders', {
    order_no: 'PO-1',
    retailer_id: retailer.id,
    lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: 1 }],
  });
  const operator = await post('/v1/operators', { name: 'Ana Kowalska' });
  const code = await post('/v1/stations/pairing-codes', { name: 'Line 1', role: 'produce' });
  const { token } = (
    await t.request('POST', '/v1/stations/pair', { token: null, body: { code: code.code } })
  ).json();
  await post('/v1/scans', { barcode: operator.badge }, token);
  await post('/v1/scans', { barcode: order.pieces[0].barcode }, token);
  await post('/v1/scans', { barcode: 'NOT A LABEL' }, token);
});
afterAll(async () => {
  await t.close();
});

describe('factory scans list', () => {
  it('prints a table: verdict and reason, station, operator, order', async () => {
    const result = await run(['scans', 'list'], {
      env,
      tty: true,
      now: new Date('2026-11-26T08:05:00.000Z'),
    });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^id\s+at\s+result\s+event\s+barcode\s+station\s+operator\s+order$/i);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /refused \(unknown_barcode\)\s+produce\s+NOT A LABEL\s+Line 1\s+Ana Kowalska\s+—/,
    );
    expect(lines[2]).toMatch(/accepted\s+produce\s+FD \d{7}\s+Line 1\s+Ana Kowalska\s+PO-1/);
    expect(lines[3]).toMatch(/accepted\s+produce\s+OP 000001\s+Line 1\s+Ana Kowalska\s+—/);
  });
});
