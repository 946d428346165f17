import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_LIVE_PAIRING_CODES } from '../../src/core/stations/pairing-codes.js';
import { PAIRING_CODE_ALPHABET } from '../../src/domain/pairing-code.js';
import { hashToken } from '../../src/domain/tokens.js';
import { createSecondFactory, makeTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const CODE = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{4}-[${PAIRING_CODE_ALPHABET}]{4}$`);

async function issueCode(name = 'Line 1', role = 'produce', token?: string) {
  const res = await t.request('POST', '/v1/stations/pairing-codes', {
    body: { name, role },
    ...(token ? { token } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    id: string;
    code: string;
    qr: string;
    expires_in_seconds: number;
    expires_at: string;
  };
}

function pair(code: string, remoteAddress = '10.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: '/v1/stations/pair',
    payload: { code },
    remoteAddress,
  });
}

async function pairNew(name = 'Line 1', role = 'produce') {
  const { code } = await issueCode(name, role);
  const res = await pair(code);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; name: string; role: string; token: string };
}

async function eventsOf(type: string) {
  const rows = await t.sql.prepare('select data from events where type = ? order by id').all(type);
  return rows.map((r) => JSON.parse((r as { data: string }).data));
}

describe('pairing codes', () => {
  it('issues an 8-letter code shown with a dash, its QR link and a 600 s expiry, stored hashed', async () => {
    const issued = await issueCode('Sewing 2', 'produce');
    expect(issued.code).toMatch(CODE);
    const plain = issued.code.replace('-', '');
    expect(issued).toEqual({
      id: expect.stringMatching(/^pcd_[0-9A-Z]{26}$/),
      code: issued.code,
      qr: `factorystation://pair?code=${plain}`,
      // inject's Host: the address the request came in on.
      pair_url: `http://localhost:80/station#code=${issued.code}`,
      loopback_only: false,
      expires_in_seconds: 600,
      expires_at: new Date(t.clock.now().getTime() + 600_000).toISOString(),
      name: 'Sewing 2',
      role: 'produce',
    });
    const rows = (await t.sql.prepare('select * from pairing_codes').all()) as Record<
      string,
      unknown
    >[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toBe(hashToken(plain));
    expect(JSON.stringify(rows)).not.toContain(plain);
  });

  it('uses the station app scheme from the settings', async () => {
    await t.sql.prepare("update settings set station_app_scheme = 'acme-scan'").run();
    const issued = await issueCode();
    expect(issued.qr).toBe(`acme-scan://pair?code=${issued.code.replace('-', '')}`);
  });

  it('requires a name and a known role, and refuses unknown fields', async () => {
    const cases: [unknown, string][] = [
      [{ role: 'produce' }, 'name'],
      [{ name: 'Line 1' }, 'role'],
      [{ name: 'Line 1', role: 'paint' }, 'role'],
      [{ name: '   ', role: 'stock' }, 'name'],
      [{ name: 'x'.repeat(61), role: 'stock' }, 'name'],
      [{ name: 'Line 1', role: 'stock', colour: 'red' }, 'colour'],
    ];
    for (const [body, param] of cases) {
      const res = await t.request('POST', '/v1/stations/pairing-codes', { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', param });
    }
  });

  it(`bounds live codes per factory at ${MAX_LIVE_PAIRING_CODES}: then 429 until one expires`, async () => {
    for (let i = 0; i < MAX_LIVE_PAIRING_CODES; i++) {
      await issueCode(`Station ${i}`);
      t.clock.advance(1_000);
    }
    const refused = await t.request('POST', '/v1/stations/pairing-codes', {
      body: { name: 'One more', role: 'stock' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    // The oldest code was issued 50 s ago: it expires in 550 s.
    expect(refused.headers['retry-after']).toBe('550');

    // Another factory is not affected.
    const other = await createSecondFactory(t.core);
    await issueCode('Elsewhere', 'stock', other.apiKey);

    t.clock.advance(550_000);
    await issueCode('One more', 'stock');
  });
});

describe('following a pairing code', () => {
  it('tells pending, then paired with its station, by the code itself — not by the name', async () => {
    // Two codes for stations of the same name: only the one used is paired.
    const first = await issueCode('Packing', 'dispatch');
    const second = await issueCode('Packing', 'dispatch');
    const state = async (id: string) => {
      const res = await t.request('GET', `/v1/stations/pairing-codes/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await state(first.id)).toEqual({
      id: first.id,
      object: 'pairing_code',
      name: 'Packing',
      role: 'dispatch',
      status: 'pending',
      created_at: t.clock.now().toISOString(),
      expires_at: first.expires_at,
      paired_at: null,
      station_id: null,
    });
    t.clock.advance(5_000);
    const station = (await pair(second.code)).json();
    expect(await state(first.id)).toMatchObject({ status: 'pending', station_id: null });
    const paired = await state(second.id);
    expect(paired).toMatchObject({
      status: 'paired',
      station_id: station.id,
      paired_at: t.clock.now().toISOString(),
    });
    expect(JSON.stringify(paired)).not.toContain(second.code.replace('-', ''));
  });

  it("tells an expired code; unknown ids and other factories' codes are 404", async () => {
    const issued = await issueCode();
    t.clock.advance(600_000);
    const res = await t.request('GET', `/v1/stations/pairing-codes/${issued.id}`);
    expect(res.json()).toMatchObject({ status: 'expired', station_id: null });

    const other = await createSecondFactory(t.core);
    const theirs = await t.request('GET', `/v1/stations/pairing-codes/${issued.id}`, {
      token: other.apiKey,
    });
    expect(theirs.statusCode).toBe(404);
    const unknown = await t.request('GET', '/v1/stations/pairing-codes/pcd_nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });
});

describe('pairing a device', () => {
  it('accepts the code as typed (case, dash, spaces), answers the token once and emits station.paired', async () => {
    const { code } = await issueCode('Packing', 'dispatch');
    const typed = ` ${code.slice(0, 2).toLowerCase()} ${code.slice(2)} `;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/stations/pair',
      payload: { code: typed },
    });
    expect(res.statusCode, res.body).toBe(200);
    const station = res.json();
    expect(Object.keys(station).sort()).toEqual(['id', 'name', 'role', 'token']);
    expect(station).toMatchObject({ name: 'Packing', role: 'dispatch' });
    expect(station.id).toMatch(/^stn_[0-9A-Z]{26}$/);
    expect(station.token).toMatch(/^st_live_[0-9A-Za-z]{32}$/);

    const stored = (await t.sql.prepare('select token_hash from stations').get()) as {
      token_hash: string;
    };
    expect(stored.token_hash).toBe(hashToken(station.token));
    const shown = (await t.request('GET', `/v1/stations/${station.id}`)).json();
    expect(JSON.stringify(shown)).not.toContain(station.token);

    const paired = await eventsOf('station.paired');
    expect(paired).toHaveLength(1);
    expect(paired[0]).toMatchObject({
      id: station.id,
      object: 'station',
      name: 'Packing',
      role: 'dispatch',
    });
    expect(JSON.stringify(paired[0])).not.toContain(station.token);
  });

  it('is single use: a second pairing with the same code is 400 invalid_pairing_code', async () => {
    const { code } = await issueCode();
    expect((await pair(code)).statusCode).toBe(200);
    const again = await pair(code, '10.0.0.2');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      type: 'invalid_request_error',
      code: 'invalid_pairing_code',
    });
    expect(await t.sql.prepare('select count(*) as n from stations').get()).toEqual({ n: 1 });
  });

  it('of two devices racing with one code, exactly one is paired', async () => {
    const { code } = await issueCode();
    const answers = await Promise.all([pair(code, '10.0.0.1'), pair(code, '10.0.0.2')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    expect(await t.sql.prepare('select count(*) as n from stations').get()).toEqual({ n: 1 });
  });

  it('refuses unknown and malformed codes (400) and expired ones (410)', async () => {
    for (const code of ['BCDF-GHJK', 'AEIO-UAEI', '12345678', 'x']) {
      const res = await pair(code);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error.code).toBe('invalid_pairing_code');
    }
    const { code } = await issueCode();
    t.clock.advance(600_000);
    const expired = await pair(code, '10.0.0.9');
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toMatchObject({
      type: 'invalid_request_error',
      code: 'pairing_code_expired',
    });
    expect(await t.sql.prepare('select count(*) as n from stations').get()).toEqual({ n: 0 });
  });

  it('limits failed attempts per client address; a correct code still pairs from another address', async () => {
    const { code } = await issueCode();
    for (let i = 0; i < 10; i++) {
      expect((await pair('BCDF-BCDF', '203.0.113.7')).statusCode).toBe(400);
    }
    const limited = await pair('BCDF-BCDF', '203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ type: 'rate_limit_error', code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right code is refused from that address while it is limited...
    expect((await pair(code, '203.0.113.7')).statusCode).toBe(429);
    // ...and works from another one.
    const ok = await pair(code, '198.51.100.4');
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('never counts successes against an address', async () => {
    for (let i = 0; i < 12; i++) {
      const { code } = await issueCode(`Station ${i}`);
      expect((await pair(code, '192.0.2.1')).statusCode).toBe(200);
    }
  });
});

describe('stations', () => {
  it('lists stations newest first with keyset pages, revoked ones included', async () => {
    const a = await pairNew('A', 'produce');
    t.clock.advance(1);
    const b = await pairNew('B', 'stock');
    t.clock.advance(1);
    const c = await pairNew('C', 'dispatch');
    await t.request('DELETE', `/v1/stations/${b.id}`);

    const first = (await t.request('GET', '/v1/stations?limit=2')).json();
    expect(first.object).toBe('list');
    expect(first.data.map((s: { id: string }) => s.id)).toEqual([c.id, b.id]);
    expect(first.has_more).toBe(true);
    expect(first.data[1].revoked_at).toBe(t.clock.now().toISOString());
    const second = (
      await t.request('GET', `/v1/stations?limit=2&starting_after=${first.next_cursor}`)
    ).json();
    expect(second.data.map((s: { id: string }) => s.id)).toEqual([a.id]);
    expect(second).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('shows a station with its pairing time, last scan, bay and hardware', async () => {
    const s = await pairNew('Bay door', 'stock');
    const res = await t.request('GET', `/v1/stations/${s.id}`);
    expect(res.json()).toEqual({
      id: s.id,
      object: 'station',
      name: 'Bay door',
      role: 'stock',
      default_location: null,
      paired_at: t.clock.now().toISOString(),
      last_scan_at: null,
      revoked_at: null,
      hardware: null,
      consignment_id: null,
      printer_id: null,
    });
  });

  it('renames a station and sets or clears its default bay', async () => {
    const s = await pairNew('Stock 1', 'stock');
    const set = await t.request('PATCH', `/v1/stations/${s.id}`, {
      body: { name: ' Stock North ', default_location: ' A-01 ' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ name: 'Stock North', default_location: 'A-01' });
    const cleared = await t.request('PATCH', `/v1/stations/${s.id}`, {
      body: { default_location: null },
    });
    expect(cleared.json()).toMatchObject({ name: 'Stock North', default_location: null });
    const bad = await t.request('PATCH', `/v1/stations/${s.id}`, { body: { role: 'dispatch' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.param).toBe('role');
    const long = await t.request('PATCH', `/v1/stations/${s.id}`, {
      body: { default_location: 'x'.repeat(41) },
    });
    expect(long.json().error.param).toBe('default_location');
  });

  it('revokes a station: its token stops working, revoking again answers the first revocation', async () => {
    const s = await pairNew('Line 1', 'produce');
    const before = await t.request('POST', '/v1/scans', {
      token: s.token,
      body: { barcode: 'FD 9999999' },
    });
    expect(before.statusCode).toBe(200);

    const revoked = await t.request('DELETE', `/v1/stations/${s.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({
      id: s.id,
      object: 'station',
      revoked_at: t.clock.now().toISOString(),
    });

    // The station was remembered by its first scan: the scan's own transaction finds it revoked.
    const after = await t.request('POST', '/v1/scans', {
      token: s.token,
      body: { barcode: 'FD 9999999' },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('invalid_token');
    // The refused request is no scan: nothing of it was written.
    const scans = await t.sql
      .prepare('select count(*) as n from scans where station_id = ?')
      .get(s.id);
    expect(Number((scans as { n: number | string }).n)).toBe(1);

    t.clock.advance(60_000);
    const again = await t.request('DELETE', `/v1/stations/${s.id}`);
    expect(again.json()).toEqual(revoked.json());
    // A revoked station is kept for its history but can no longer be changed.
    expect(
      (await t.request('PATCH', `/v1/stations/${s.id}`, { body: { name: 'X' } })).statusCode,
    ).toBe(404);
    expect((await t.request('GET', `/v1/stations/${s.id}`)).json().revoked_at).toBe(
      revoked.json().revoked_at,
    );
  });

  it("is 404 for a missing id and for another factory's station", async () => {
    const s = await pairNew();
    const other = await createSecondFactory(t.core);
    for (const [method, url, body] of [
      ['GET', `/v1/stations/${s.id}`, undefined],
      ['PATCH', `/v1/stations/${s.id}`, { name: 'Mine now' }],
      ['DELETE', `/v1/stations/${s.id}`, undefined],
      [
        'POST',
        `/v1/stations/${s.id}/hardware-check`,
        { input_mode: 'camera', suffix: 'none', passed: true },
      ],
      ['GET', `/v1/stations/${s.id}/hardware-checks`, undefined],
    ] as const) {
      const res = await t.request(method, url, { token: other.apiKey, ...(body ? { body } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await t.request('GET', '/v1/stations/stn_missing')).statusCode).toBe(404);
    expect((await t.request('GET', '/v1/stations', { token: other.apiKey })).json().data).toEqual(
      [],
    );
  });

  it('a station token may not read or manage stations, nor record its own hardware check', async () => {
    const s = await pairNew();
    for (const [method, url, body] of [
      ['GET', '/v1/stations', undefined],
      ['GET', `/v1/stations/${s.id}`, undefined],
      ['POST', '/v1/stations/pairing-codes', { name: 'Mine', role: 'stock' }],
      [
        'POST',
        `/v1/stations/${s.id}/hardware-check`,
        { input_mode: 'camera', suffix: 'none', passed: true },
      ],
      ['DELETE', `/v1/stations/${s.id}`, undefined],
    ] as const) {
      const res = await t.request(method, url, { token: s.token, ...(body ? { body } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
  });
});

describe('hardware checks', () => {
  const full = {
    scanner_label: 'Zebra DS2208',
    input_mode: 'keyboard',
    suffix: 'enter',
    avg_char_ms: 4.5,
    code128_ok: true,
    qr_ok: true,
    layout_ok: false,
    passed: false,
    notes: 'UK layout set on a US scanner',
  };

  it("records a check, makes it the station's hardware state and emits station.hardware_checked", async () => {
    const s = await pairNew('Line 1', 'produce');
    const res = await t.request('POST', `/v1/stations/${s.id}/hardware-check`, { body: full });
    expect(res.statusCode, res.body).toBe(200);
    const check = res.json();
    expect(check).toEqual({
      id: expect.stringMatching(/^hwc_[0-9A-Z]{26}$/),
      object: 'hardware_check',
      station_id: s.id,
      ...full,
      checked_at: t.clock.now().toISOString(),
    });
    expect((await t.request('GET', `/v1/stations/${s.id}`)).json().hardware).toEqual(check);
    expect(await eventsOf('station.hardware_checked')).toEqual([check]);

    t.clock.advance(60_000);
    const minimal = await t.request('POST', `/v1/stations/${s.id}/hardware-check`, {
      body: { input_mode: 'camera', suffix: 'none', passed: true },
    });
    expect(minimal.json()).toMatchObject({
      input_mode: 'camera',
      suffix: 'none',
      passed: true,
      scanner_label: null,
      avg_char_ms: null,
      code128_ok: null,
      qr_ok: null,
      layout_ok: null,
      notes: null,
    });
    expect((await t.request('GET', `/v1/stations/${s.id}`)).json().hardware).toEqual(
      minimal.json(),
    );

    const history = (await t.request('GET', `/v1/stations/${s.id}/hardware-checks?limit=1`)).json();
    expect(history.data).toEqual([minimal.json()]);
    expect(history.has_more).toBe(true);
    const older = (
      await t.request(
        'GET',
        `/v1/stations/${s.id}/hardware-checks?starting_after=${history.next_cursor}`,
      )
    ).json();
    expect(older.data).toEqual([check]);
  });

  it('validates the enums and types of spec 4.7 and refuses unknown fields', async () => {
    const s = await pairNew();
    const base = { input_mode: 'keyboard', suffix: 'enter', passed: true };
    const cases: [Record<string, unknown>, string][] = [
      [{ suffix: 'enter', passed: true }, 'input_mode'],
      [{ input_mode: 'keyboard', passed: true }, 'suffix'],
      [{ input_mode: 'keyboard', suffix: 'enter' }, 'passed'],
      [{ ...base, input_mode: 'bluetooth' }, 'input_mode'],
      [{ ...base, suffix: 'space' }, 'suffix'],
      [{ ...base, passed: 'yes' }, 'passed'],
      [{ ...base, avg_char_ms: '4' }, 'avg_char_ms'],
      [{ ...base, avg_char_ms: -1 }, 'avg_char_ms'],
      [{ ...base, code128_ok: 1 }, 'code128_ok'],
      [{ ...base, qr_ok: null }, 'qr_ok'],
      [{ ...base, layout_ok: 'true' }, 'layout_ok'],
      [{ ...base, scanner_label: 7 }, 'scanner_label'],
      [{ ...base, notes: false }, 'notes'],
      [{ ...base, firmware: '1.2' }, 'firmware'],
    ];
    for (const [body, param] of cases) {
      const res = await t.request('POST', `/v1/stations/${s.id}/hardware-check`, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toMatchObject({
        code: 'validation_failed',
        param,
      });
    }
    expect(await t.sql.prepare('select count(*) as n from hardware_checks').get()).toEqual({
      n: 0,
    });
  });

  it('is 404 for a revoked station, whose history stays readable', async () => {
    const s = await pairNew();
    const body = { input_mode: 'camera', suffix: 'none', passed: true };
    await t.request('POST', `/v1/stations/${s.id}/hardware-check`, { body });
    await t.request('DELETE', `/v1/stations/${s.id}`);
    const res = await t.request('POST', `/v1/stations/${s.id}/hardware-check`, { body });
    expect(res.statusCode).toBe(404);
    expect(
      (await t.request('GET', `/v1/stations/${s.id}/hardware-checks`)).json().data,
    ).toHaveLength(1);
  });
});
