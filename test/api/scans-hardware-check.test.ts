import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_LABEL_STRING } from '../../src/domain/test-label.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';

// A station token may do nothing but scan (DESIGN §11), so a station's own hardware check rides
// on its scan of the test label: POST /v1/scans with `hardware_check`.

/** What a US-layout scanner types on a computer set to a UK layout. */
const US_ON_UK = 'FDTEST-aZ09"@£#¬~/._';

let t: TestApp;
let station: { id: string; token: string };

beforeEach(async () => {
  t = await makeTestApp();
  const issued = await t.request('POST', '/v1/stations/pairing-codes', {
    body: { name: 'Packing 1', role: 'dispatch' },
  });
  station = (
    await t.request('POST', '/v1/stations/pair', {
      token: null,
      body: { code: issued.json().code },
    })
  ).json();
});
afterEach(async () => {
  await t.close();
});

const scan = (body: Record<string, unknown>) =>
  t.request('POST', '/v1/scans', { token: station.token, body });

async function events(type: string): Promise<unknown[]> {
  const rows = await t.sql.prepare('select data from events where type = ? order by id').all(type);
  return rows.map((row) => JSON.parse((row as { data: string }).data));
}

const PASSED = {
  input_mode: 'keyboard',
  suffix: 'enter',
  avg_char_ms: 3.5,
  code128_ok: true,
  qr_ok: true,
  layout_ok: true,
  passed: true,
};

describe('a hardware check on a test-label scan', () => {
  it('records a passed check for the scanning station with the test-label scan', async () => {
    const res = await scan({
      barcode: TEST_LABEL_STRING,
      client_scan_id: 'check-1',
      hardware_check: PASSED,
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ accepted: true, test_label: true, piece: null, order: null });
    expect(answer.hardware_check).toMatchObject({
      object: 'hardware_check',
      station_id: station.id,
      ...PASSED,
      scanner_label: null,
      notes: null,
    });

    const seen = (await t.request('GET', `/v1/stations/${station.id}`)).json();
    expect(seen.hardware).toEqual(answer.hardware_check);
    const history = (await t.request('GET', `/v1/stations/${station.id}/hardware-checks`)).json();
    expect(history.data).toEqual([answer.hardware_check]);
    expect(await events('station.hardware_checked')).toEqual([answer.hardware_check]);
  });

  it('records a layout mismatch read from a wrong-layout scanner, as a refused scan', async () => {
    const res = await scan({
      barcode: US_ON_UK,
      hardware_check: {
        input_mode: 'keyboard',
        suffix: 'enter',
        layout_ok: false,
        passed: false,
        notes: 'Scanner set to US layout, computer to UK.',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ accepted: false, reason: 'unknown_barcode', test_label: false });
    expect(answer.hardware_check).toMatchObject({ layout_ok: false, passed: false });
    const seen = (await t.request('GET', `/v1/stations/${station.id}`)).json();
    expect(seen.hardware.notes).toBe('Scanner set to US layout, computer to UK.');
  });

  it('a replay after a lost answer records the check once', async () => {
    const body = { barcode: TEST_LABEL_STRING, client_scan_id: 'check-2', hardware_check: PASSED };
    const first = await scan(body);
    const again = await scan(body);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const history = (await t.request('GET', `/v1/stations/${station.id}/hardware-checks`)).json();
    expect(history.data).toHaveLength(1);
  });

  it('refuses a check on anything but the test label, and a misread that claims to pass', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ barcode: 'FD 0000001', hardware_check: PASSED }, 'hardware_check'],
      [{ barcode: US_ON_UK, hardware_check: PASSED }, 'hardware_check.layout_ok'],
      [
        { barcode: US_ON_UK, hardware_check: { ...PASSED, layout_ok: false } },
        'hardware_check.passed',
      ],
      [
        { barcode: TEST_LABEL_STRING, hardware_check: { ...PASSED, suffix: 'cr' } },
        'hardware_check.suffix',
      ],
      [
        { barcode: TEST_LABEL_STRING, hardware_check: { ...PASSED, passed: 'true' } },
        'hardware_check.passed',
      ],
    ];
    for (const [body, param] of cases) {
      const res = await scan(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', param });
    }
    // Nothing of a refused request is written: no scan, no check.
    expect(await t.sql.prepare('select count(*) as n from scans').get()).toEqual({ n: 0 });
    expect(await events('station.hardware_checked')).toEqual([]);
  });

  it('the station token still may not record a check through the staff route', async () => {
    const res = await t.request('POST', `/v1/stations/${station.id}/hardware-check`, {
      token: station.token,
      body: PASSED,
    });
    expect(res.statusCode).toBe(403);
  });
});
