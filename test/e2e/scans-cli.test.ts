import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon } from '../helpers/daemon.js';
import type { RunningDaemon } from '../helpers/daemon.js';
import { runFactory } from '../helpers/factory-cli.js';
import { factoryHttp, pairStation } from '../cli/tui/helpers/factory-http.js';

/** `factory scans list` and `factory scans export` as people run them: subprocesses, a real server. */
let daemon: RunningDaemon;
let station: { id: string; token: string };
let operatorId: string;

const factory = (args: string[]) => runFactory(daemon, args);

interface LedgerScan {
  id: string;
  barcode: string;
  result: string;
  reason: string | null;
  operator: { id: string; name: string } | null;
  station: { id: string; name: string };
}

beforeAll(async () => {
  daemon = await startDaemon();
  const admin = factoryHttp(daemon.url, daemon.apiKey);
  const retailer = await admin.post<{ id: string }>('/v1/retailers', { name: 'NW', code: 'NW' });
  const order = await admin.post<{ pieces: { barcode: string }[] }>('/v1/orders', {
    order_no: 'PO-77',
    retailer_id: retailer.id,
    lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: 2 }],
  });
  const operator = await admin.post<{ id: string; badge: string }>('/v1/operators', {
    name: 'Nowak, Ewa',
  });
  operatorId = operator.id;
  station = await pairStation(daemon.url, daemon.apiKey, 'Line 1', 'produce');
  const atStation = factoryHttp(daemon.url, station.token);
  await atStation.post('/v1/scans', { barcode: order.pieces[0]!.barcode });
  await atStation.post('/v1/scans', { barcode: operator.badge });
  await atStation.post('/v1/scans', { barcode: order.pieces[1]!.barcode });
  await atStation.post('/v1/scans', { barcode: 'NO SUCH LABEL' });
});
afterAll(async () => {
  await daemon.stop();
});

describe('factory scans list', () => {
  it('lists the ledger newest first with its operator, filtered as asked', async () => {
    const all = await factory(['scans', 'list']);
    expect(all.code, all.stderr).toBe(0);
    const scans = JSON.parse(all.stdout) as LedgerScan[];
    expect(scans.map((s) => s.barcode)[0]).toBe('NO SUCH LABEL');
    expect(scans).toHaveLength(4);
    expect(scans[0]).toMatchObject({
      result: 'refused',
      reason: 'unknown_barcode',
      operator: { id: operatorId, name: 'Nowak, Ewa' },
      station: { id: station.id, name: 'Line 1' },
    });
    expect(scans[3]!.operator).toBeNull();

    const refused = await factory(['scans', 'list', '--result', 'refused']);
    expect((JSON.parse(refused.stdout) as LedgerScan[]).map((s) => s.barcode)).toEqual([
      'NO SUCH LABEL',
    ]);
    const byOperator = await factory(['scans', 'list', '--operator', operatorId, '--limit', '1']);
    expect(byOperator.code, byOperator.stderr).toBe(0);
    expect(JSON.parse(byOperator.stdout)).toHaveLength(1);
    const paged = await factory([
      'scans',
      'list',
      '--operator',
      operatorId,
      '--all',
      '--limit',
      '1',
    ]);
    expect(JSON.parse(paged.stdout)).toHaveLength(3);
  });

  it('refuses a bad filter: the CLI its choices (exit 2), the server its range (exit 1)', async () => {
    const choice = await factory(['scans', 'list', '--result', 'maybe']);
    expect(choice.code).toBe(2);
    expect(choice.stderr).toContain('accepted, refused');
    const range = await factory([
      'scans',
      'list',
      '--from',
      '2026-11-26T10:00:00Z',
      '--to',
      '2026-11-26T09:00:00Z',
    ]);
    expect(range.code).not.toBe(0);
    expect(range.stderr).toContain('`from` must be before `to`');
    expect(range.stdout).toBe('');
  });
});

describe('factory scans export', () => {
  it('writes the CSV to --out, and to stdout without it', async () => {
    const out = join(daemon.dataDir, 'scans.csv');
    const written = await factory(['scans', 'export', '--out', out]);
    expect(written.code, written.stderr).toBe(0);
    // The CSV went to the file, none of it to stdout.
    expect(written.stdout).toBe('');
    const file = readFileSync(out, 'utf8');
    const lines = file.split('\r\n');
    expect(lines[0]).toMatch(/^id,at,scanned_at,result,reason,event,barcode,station_id,/);
    expect(lines).toHaveLength(1 + 4 + 1); // the header, four scans, and the last CRLF
    expect(lines[1]).toContain(',refused,unknown_barcode,produce,NO SUCH LABEL,');
    expect(lines[1]).toContain(`,${operatorId},"Nowak, Ewa",`);

    const piped = await factory(['scans', 'export', '--result', 'accepted']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.split('\r\n')).toHaveLength(1 + 3 + 1);
    expect(piped.stdout).not.toContain('NO SUCH LABEL');
  });

  it('shows the filters and an example in its help', async () => {
    const help = await factory(['scans', 'export', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--operator <operator-id>');
    expect(help.stdout).toContain('factory scans export --out scans.csv');
  });
});
