import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon } from '../helpers/daemon.js';
import type { RunningDaemon } from '../helpers/daemon.js';
import { runFactory } from '../helpers/factory-cli.js';
import { factoryHttp, pairStation } from '../cli/tui/helpers/factory-http.js';

/** `factory consignments …` as users run it: the bundled client, a subprocess, a real server. */
let daemon: RunningDaemon;

beforeAll(async () => {
  daemon = await startDaemon();
});
afterAll(async () => {
  await daemon.stop();
});

const factory = (args: string[]) => runFactory(daemon, args, { stdoutEncoding: 'latin1' });

async function json(args: string[]): Promise<Record<string, unknown>> {
  const run = await factory([...args, '--json']);
  expect(run.stderr, run.stderr).toBe('');
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}

describe('factory consignments', () => {
  it('creates, loads by scan, refuses a close with a unit incomplete (exit 5), closes forced, and downloads its documents', async () => {
    const admin = factoryHttp(daemon.url, daemon.apiKey);
    const retailer = await admin.post<{ id: string }>('/v1/retailers', {
      name: 'Northwind',
      code: 'NW',
    });
    const order = await admin.post<{ pieces: Array<{ barcode: string }> }>('/v1/orders', {
      order_no: 'PO-7001',
      retailer_id: retailer.id,
      lines: [{ sku: 'SOFA-3S', qty: 1, pieces_per_unit: 2 }],
    });
    const maker = await pairStation(daemon.url, daemon.apiKey, 'Make', 'produce');
    const loader = await pairStation(daemon.url, daemon.apiKey, 'Dock 1', 'dispatch');
    for (const p of order.pieces) {
      await factoryHttp(daemon.url, maker.token).post('/v1/scans', { barcode: p.barcode });
    }

    const created = await json([
      'consignments',
      'create',
      '--retailer-id',
      retailer.id,
      '--carrier',
      'Swift Haulage',
    ]);
    expect(created).toMatchObject({
      number: 'CN 000001',
      status: 'open',
      carrier: 'Swift Haulage',
    });
    const id = created.id as string;
    const unit = await json(['consignments', 'units', 'add', id]);
    expect(unit.sscc).toMatch(/^\d{18}$/);

    const dock = factoryHttp(daemon.url, loader.token);
    expect(await dock.post('/v1/scans', { barcode: 'CN 000001' })).toMatchObject({
      accepted: true,
    });
    expect(await dock.post('/v1/scans', { barcode: order.pieces[0]!.barcode })).toMatchObject({
      accepted: true,
      consignment_id: id,
    });

    const listed = await factory(['consignments', 'list', '--status', 'open', '--json']);
    expect(JSON.parse(listed.stdout)).toMatchObject([{ id, pieces_loaded: 1, pieces_to_load: 1 }]);

    const refused = await factory(['consignments', 'close', id]);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain('unit_incomplete');
    expect(refused.stderr).toContain('Order PO-7001 unit 1');

    const closed = await json(['consignments', 'close', id, '--force', '--reason', 'legs follow']);
    expect(closed).toMatchObject({ status: 'closed', close_reason: 'legs follow' });
    const got = await json(['consignments', 'get', id]);
    expect(got).toMatchObject({ status: 'closed', pieces_loaded: 1 });

    const file = join(daemon.dataDir, 'note.pdf');
    const note = await factory(['consignments', 'delivery-note', id, '-o', file]);
    expect(note.code, note.stderr).toBe(0);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const zpl = await factory(['consignments', 'labels', id, '--format', 'zpl', '--dpi', '300']);
    expect(zpl.code, zpl.stderr).toBe(0);
    expect(zpl.stdout).toContain(`^FD(00)${unit.sscc as string}^FS`);

    const cancel = await factory(['consignments', 'cancel', id]);
    expect(cancel.code).toBe(5);
    const missing = await factory(['consignments', 'get', 'cns_01JZZZZZZZZZZZZZZZZZZZZZZZ']);
    expect(missing.code).toBe(3);
  });
});
