import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, STARTER_PLAN, STATION_TOKEN, startFactoryFake } from './helpers/factory-fake.js';
import type { FactoryFake } from './helpers/factory-fake.js';
import { run } from './helpers/memory-io.js';

let api: FactoryFake;
let env: Record<string, string>;

beforeAll(async () => {
  api = await startFactoryFake(1);
  env = { FACTORY_URL: api.url, FACTORY_API_KEY: API_KEY };
});

afterAll(async () => {
  await api.close();
});

describe('factory stations pairing-code', () => {
  it('prints the code, its expiry and a QR code on a terminal', async () => {
    const result = await run(
      ['stations', 'pairing-code', '--name', 'Packing 1', '--role', 'dispatch'],
      {
        env: { ...env, NO_COLOR: '1' },
        tty: true,
      },
    );
    expect(result.code).toBe(0);
    expect(api.requests.at(-1)!.json).toEqual({ name: 'Packing 1', role: 'dispatch' });
    expect(result.stdout).toMatch(/^Pairing code {2}BCDF-GHJK$/m);
    expect(result.stdout).toMatch(/^Expires {7}in 10 min \(10:10:00 UTC\), single use$/m);
    // The small terminal renderer draws two modules per character with half blocks.
    expect(result.stdout).toMatch(/[▀▄█]{3,}/);
    expect(result.stdout).toContain(
      'opens http://factory.lan:8080/station#code=BCDF-GHJK and pairs by itself',
    );
    expect(result.stdout).not.toContain('listens on this machine only');
  });

  it('prints JSON with an absolute expiry when piped', async () => {
    const result = await run(
      ['stations', 'pairing-code', '--name', 'Goods in', '--role', 'stock'],
      { env },
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      id: 'pcd_01',
      code: 'BCDF-GHJK',
      qr: 'factoryscan://pair?code=BCDFGHJK',
      expires_in_seconds: 600,
      expires_at: '2026-11-22T10:10:00.000Z',
      name: 'Goods in',
      role: 'stock',
      pair_url: 'http://factory.lan:8080/station#code=BCDF-GHJK',
      loopback_only: false,
    });
  });

  it('issues a board’s code (a read-only floor board)', async () => {
    const result = await run(['stations', 'pairing-code', '--name', 'Hall TV', '--role', 'board'], {
      env: { ...env, NO_COLOR: '1' },
      tty: true,
    });
    expect(result.code).toBe(0);
    expect(api.requests.at(-1)!.json).toEqual({ name: 'Hall TV', role: 'board' });
    expect(result.stdout).toMatch(/^Station +Hall TV \(board\)$/m);
    expect(result.stdout).toContain("A TV's browser opens");
  });

  it('refuses an unknown role before any request', async () => {
    const result = await run(['stations', 'pairing-code', '--name', 'X', '--role', 'pack'], {
      env,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Allowed choices are produce, stock, dispatch, board');
  });
});

describe('factory stations pair', () => {
  it('pairs with only a URL, sending no token', async () => {
    const result = await run(['stations', 'pair', 'BCDF-GHJK'], { env: { FACTORY_URL: api.url } });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 'stn_01', token: STATION_TOKEN });
    expect(api.requests.at(-1)!.json).toEqual({ code: 'BCDF-GHJK' });
  });
});

describe('factory scans record', () => {
  it('records with the station token from the environment', async () => {
    const result = await run(['scans', 'record', 'FD 0000001'], {
      env: { FACTORY_URL: api.url, FACTORY_STATION_TOKEN: STATION_TOKEN },
    });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ accepted: true, barcode: 'FD 0000001' });
    expect(api.requests.at(-1)!.headers.authorization).toBe(`Bearer ${STATION_TOKEN}`);
  });

  it('prints a refused scan and exits 1', async () => {
    const result = await run(
      ['scans', 'record', 'FD 0000009', '--station-token', STATION_TOKEN, '--location', 'BAY-1'],
      {
        env: { FACTORY_URL: api.url },
      },
    );
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ accepted: false, reason: 'label_voided' });
    expect(result.stderr).toBe('error: This label was voided. (label_voided)\n');
    expect(api.requests.at(-1)!.json).toEqual({ barcode: 'FD 0000009', location: 'BAY-1' });
  });

  it('asks for a station token when there is none', async () => {
    const result = await run(['scans', 'record', 'FD 0000001'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^error: no station token: pass --station-token TOKEN or set FACTORY_STATION_TOKEN/,
    );
  });
});

describe('settings and company', () => {
  it('sends key=value settings with JSON types', async () => {
    const result = await run(
      [
        'settings',
        'set',
        'stuck_after_days=5',
        'timezone=Europe/London',
        'webhook_allowed_hosts=["10.0.0.0/8"]',
        'label_size=null',
      ],
      { env },
    );
    expect(result.code).toBe(0);
    expect(api.requests.at(-1)!.method).toBe('PATCH');
    expect(api.requests.at(-1)!.json).toEqual({
      stuck_after_days: 5,
      timezone: 'Europe/London',
      webhook_allowed_hosts: ['10.0.0.0/8'],
      label_size: null,
    });
    expect(JSON.parse(result.stdout)).toMatchObject({ stuck_after_days: 5 });
  });

  it('refuses a pair without "="', async () => {
    const result = await run(['settings', 'set', 'stuck_after_days'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: "stuck_after_days" is not key=value\n');
  });

  it('changes one company field, sending the required ones and keeping the address whole', async () => {
    const result = await run(['company', 'set', 'label_prefix=ACME', 'address.postcode=LS2 7EW'], {
      env,
    });
    expect(result.code).toBe(0);
    expect(api.requests.at(-1)!.json).toEqual({
      company: 'Acme Upholstery',
      name: 'Jo Owner',
      legal_name: 'Acme Upholstery Ltd',
      label_prefix: 'ACME',
      address: {
        line1: '1 Mill Lane',
        line2: null,
        town: 'Leeds',
        postcode: 'LS2 7EW',
        country: 'GB',
      },
    });
  });

  it('names the refused field of a validation error, exit 1', async () => {
    const result = await run(['company', 'set', 'updated_at=yesterday'], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^error: Unknown field\. \(validation_failed, request req_fake\d+\)\n {2}field: updated_at\n$/,
    );
  });

  it('lists plans from the list envelope as an array', async () => {
    const result = await run(['plans'], { env });
    expect(JSON.parse(result.stdout)).toEqual([STARTER_PLAN]);
  });

  it('prints the revoked key record', async () => {
    const result = await run(['keys', 'revoke', 'key_9'], { env });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      id: 'key_9',
      object: 'api_key',
      revoked_at: '2026-11-22T10:00:00.000Z',
    });
    expect(api.requests.at(-1)!.method).toBe('DELETE');
  });
});
