import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/clock.js';
import { scanListQuery } from '../../src/store/scans/scans-list.repository.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { sqliteOf, testDialect } from '../helpers/dialect.js';

// GET /v1/scans: the scan ledger, JSON pages and the CSV export (DESIGN §17), on the dialect of
// the vitest project (sqlite, postgres).

// Answers are read field by field; a loose type keeps the tests readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

let t: TestApp;
const clock = new ManualClock(new Date('2026-11-20T08:00:00.000Z'));
const OPERATOR_NAME = 'Kowalski, Jan "JK"';
const STATION_NAME = 'Line 1, north';

let line1: { id: string; token: string };
let line2: { id: string; token: string };
let operatorId: string;
let orderA: { id: string; barcodes: string[] };
let orderB: { id: string; barcodes: string[] };
/** The scans as recorded, oldest first: [id, at]. */
const recorded: Array<{ id: string; at: string }> = [];

async function ok(method: 'GET' | 'POST', url: string, body?: unknown, token?: string) {
  const res = await t.request(method, url, {
    ...(body ? { body } : {}),
    ...(token ? { token } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json() as Json;
}

async function station(name: string, role: string) {
  const code = await ok('POST', '/v1/stations/pairing-codes', { name, role });
  const paired = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: code.code },
  });
  const token = paired.json().token as string;
  const listed = await ok('GET', '/v1/stations');
  return { id: listed.data.find((s: Json) => s.name === name).id as string, token };
}

async function order(retailerId: string, orderNo: string, pieces: number) {
  const made = await ok('POST', '/v1/orders', {
    order_no: orderNo,
    retailer_id: retailerId,
    lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: pieces }],
  });
  return { id: made.id as string, barcodes: made.pieces.map((p: Json) => p.barcode as string) };
}

/** One scan a minute: its answer, and its id and instant kept in `recorded`. */
async function scan(token: string, barcode: string) {
  clock.advance(60_000);
  const answer = await ok('POST', '/v1/scans', { barcode }, token);
  recorded.push({ id: answer.id, at: answer.at });
  return answer;
}

const list = async (query = '') => (await ok('GET', `/v1/scans?limit=100${query}`)) as Json;

/** RFC 4180: fields split on commas outside quotes, records on CRLF outside quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  expect(field, 'the file ends with CRLF').toBe('');
  return rows;
}

beforeAll(async () => {
  t = await makeTestApp({ clock });
  const retailerId = (await ok('POST', '/v1/retailers', { name: 'Northwind', code: 'NW' })).id;
  orderA = await order(retailerId, 'NW-1', 3);
  orderB = await order(retailerId, 'NW-2', 1);
  line1 = await station(STATION_NAME, 'produce');
  line2 = await station('Line 2', 'produce');
  const operator = await ok('POST', '/v1/operators', { name: OPERATOR_NAME, language: 'pl' });
  operatorId = operator.id;

  await scan(line1.token, orderA.barcodes[0]!); // 0: accepted, nobody signed in
  await scan(line1.token, operator.badge); // 1: the badge signs the operator in
  await scan(line1.token, orderA.barcodes[1]!); // 2: accepted, by the operator
  await scan(line1.token, 'NOT A LABEL'); // 3: refused, by the operator
  await scan(line2.token, orderB.barcodes[0]!); // 4: accepted, other station
  await scan(line1.token, orderA.barcodes[1]!); // 5: refused (produced already), by the operator
});
afterAll(async () => {
  await t?.close();
});

describe('GET /v1/scans', () => {
  it('lists every scan, accepted and refused, newest first, with station, operator and order', async () => {
    const page = await list();
    expect(page).toMatchObject({ object: 'list', has_more: false, next_cursor: null });
    expect(page.data.map((s: Json) => s.id)).toEqual(recorded.map((r) => r.id).reverse());

    const [last, , refused, byOperator, , first] = page.data;
    expect(first).toMatchObject({
      object: 'scan',
      barcode: orderA.barcodes[0],
      event: 'produce',
      result: 'accepted',
      reason: null,
      station: { id: line1.id, name: STATION_NAME },
      operator: null,
      order: { id: orderA.id, order_no: 'NW-1' },
      at: recorded[0]!.at,
    });
    expect(first.piece_id).toMatch(/^pce_/);
    expect(byOperator).toMatchObject({
      result: 'accepted',
      operator: { id: operatorId, name: OPERATOR_NAME },
      order: { id: orderA.id, order_no: 'NW-1' },
    });
    expect(refused).toMatchObject({
      barcode: 'NOT A LABEL',
      result: 'refused',
      order: null,
      piece_id: null,
      operator: { id: operatorId, name: OPERATOR_NAME },
    });
    expect(refused.reason).toEqual(expect.any(String));
    expect(last).toMatchObject({ result: 'refused', operator: { id: operatorId } });
    expect(last.reason).toEqual(expect.any(String));
  });

  it('filters by station, operator, order, result and the [from, to) of the scan time', async () => {
    const ids = async (query: string) => (await list(query)).data.map((s: Json) => s.id);
    const at = (i: number) => recorded[i]!.id;
    expect(await ids(`&station_id=${line2.id}`)).toEqual([at(4)]);
    // The badge scan is recorded as made by the operator it signed in.
    expect(await ids(`&operator_id=${operatorId}`)).toEqual([at(5), at(3), at(2), at(1)]);
    expect(await ids(`&order_id=${orderA.id}`)).toEqual([at(5), at(2), at(0)]);
    expect(await ids('&result=refused')).toEqual([at(5), at(3)]);
    expect(await ids(`&result=accepted&station_id=${line1.id}`)).toEqual([at(2), at(1), at(0)]);
    // from is inclusive, to exclusive, on the instant the scan was recorded.
    const from = encodeURIComponent(recorded[1]!.at);
    const to = encodeURIComponent(recorded[4]!.at);
    expect(await ids(`&from=${from}&to=${to}`)).toEqual([at(3), at(2), at(1)]);
    expect(await ids(`&from=${encodeURIComponent(recorded[5]!.at)}`)).toEqual([at(5)]);
    expect(await ids(`&operator_id=opr_nobody`)).toEqual([]);
  });

  it('pages by keyset with no gap and no duplicate, even as scans come in', async () => {
    const all = (await list()).data.map((s: Json) => s.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Json = await ok(
        'GET',
        `/v1/scans?limit=2${cursor ? `&starting_after=${cursor}` : ''}`,
      );
      seen.push(...page.data.map((s: Json) => s.id));
      cursor = page.next_cursor;
      expect(page.has_more).toBe(cursor !== null);
      pages++;
      // A scan recorded meanwhile is newer than the cursor: it never shifts a later page.
      if (pages === 1) await scan(line2.token, 'ANOTHER UNKNOWN');
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(all);
  });

  it.runIf(testDialect() === 'sqlite')(
    'reads a page by walking the primary key back from the cursor, with no sort',
    async () => {
      const plan = (filters: Record<string, unknown>) => {
        const { sql, parameters } = scanListQuery(t.core.db, t.factoryId, {
          limit: 100,
          starting_after: recorded[3]!.id,
          ...filters,
        }).compile();
        const rows = sqliteOf(t.store)
          .prepare(`explain query plan ${sql}`)
          .all(...(parameters as unknown[])) as Array<{ detail: string }>;
        return rows.map((r) => r.detail).join('; ');
      };
      for (const filters of [{}, { accepted: false }, { operatorId: operatorId }]) {
        const detail = plan(filters);
        expect(detail).toContain('SEARCH s USING INDEX sqlite_autoindex_scans_1 (id<?)');
        expect(detail).not.toContain('TEMP B-TREE');
      }
    },
  );

  it('answers CSV with format=csv or Accept: text/csv: a header, RFC 4180 quoting, every row', async () => {
    const res = await t.request('GET', `/v1/scans?format=csv&station_id=${line1.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="scans-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'id',
      'at',
      'scanned_at',
      'result',
      'reason',
      'event',
      'barcode',
      'station_id',
      'station_name',
      'operator_id',
      'operator_name',
      'order_id',
      'order_no',
      'piece_id',
      'consignment_id',
      'handling_unit_id',
      'location',
      'test_label',
    ]);
    const json = (await list(`&station_id=${line1.id}`)).data;
    expect(rows.map((r) => r[0])).toEqual(json.map((s: Json) => s.id));
    const col = (name: string) => header!.indexOf(name);
    const newest = rows[0]!;
    expect(newest[col('station_name')]).toBe(STATION_NAME);
    expect(newest[col('operator_name')]).toBe(OPERATOR_NAME);
    expect(newest[col('operator_id')]).toBe(operatorId);
    expect(newest[col('result')]).toBe('refused');
    expect(newest[col('reason')]).toBe(json[0].reason);
    expect(newest[col('order_no')]).toBe('NW-1');
    // The quoting itself: a field with a comma or quote is quoted, its quotes doubled.
    expect(res.body).toContain(`,"${STATION_NAME}",`);
    expect(res.body).toContain(`,"Kowalski, Jan ""JK""",`);
    const oldest = rows[rows.length - 1]!;
    expect(oldest[col('operator_id')]).toBe('');
    expect(oldest[col('result')]).toBe('accepted');

    const byAccept = await t.request('GET', `/v1/scans?station_id=${line1.id}`, {
      headers: { accept: 'text/csv' },
    });
    expect(byAccept.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(byAccept.body).toBe(res.body);
  });

  it('exports more scans than one store page, each once, in order', async () => {
    // The export reads 500 rows at a time: 1,100 more scans make three reads.
    const before = (await list()).data.length;
    for (let i = 0; i < 1100; i++) {
      clock.advance(1000);
      await ok('POST', '/v1/scans', { barcode: `UNKNOWN ${i}` }, line2.token);
    }
    const res = await t.request('GET', '/v1/scans?format=csv');
    const rows = parseCsv(res.body).slice(1);
    expect(rows).toHaveLength(before + 1100);
    const ids = rows.map((r) => r[0]!);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(rows[0]![6]).toBe('UNKNOWN 1099');
  }, 120_000);

  it('is for staff and keys with the read scope; a station token is refused', async () => {
    const byStation = await t.request('GET', '/v1/scans', { token: line1.token });
    expect(byStation.statusCode).toBe(403);
    expect(byStation.json().error.code).toBe('forbidden');

    await ok('POST', '/v1/staff', {
      email: 'sam@scans.example',
      name: 'Sam',
      role: 'supervisor',
      password: 'a long password 2',
    });
    const login = await t.request('POST', '/v1/auth/login', {
      token: null,
      body: { email: 'sam@scans.example', password: 'a long password 2' },
    });
    const bySupervisor = await t.request('GET', '/v1/scans?limit=1', {
      token: login.json().token,
    });
    expect(bySupervisor.statusCode).toBe(200);

    const reader = await ok('POST', '/v1/api-keys', { name: 'bi', scopes: ['read'] });
    const byKey = await t.request('GET', '/v1/scans?format=csv&limit=1', { token: reader.key });
    expect(byKey.statusCode).toBe(200);
    const writer = await ok('POST', '/v1/api-keys', { name: 'erp', scopes: ['orders:write'] });
    expect((await t.request('GET', '/v1/scans', { token: writer.key })).statusCode).toBe(403);
  });

  it('refuses a bad filter with 400 in the error envelope, CSV or not', async () => {
    const cases: Array<[string, string, string]> = [
      ['result=maybe', 'validation_failed', 'result'],
      ['from=yesterday', 'validation_failed', 'from'],
      ['limit=0', 'validation_failed', 'limit'],
      ['format=xml', 'validation_failed', 'format'],
      ['from=2026-11-21T00:00:00Z&to=2026-11-20T00:00:00Z', 'validation_failed', 'from'],
      ['from=2026-11-21T00:00:00Z&to=2026-11-20T00:00:00Z&format=csv', 'validation_failed', 'from'],
      ['colour=red', 'validation_failed', 'colour'],
    ];
    for (const [query, code, param] of cases) {
      const res = await t.request('GET', `/v1/scans?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type'], query).toMatch(/^application\/json/);
      expect(res.json().error, query).toMatchObject({ type: 'invalid_request_error', code, param });
    }
    const cursor = await t.request('GET', '/v1/scans?starting_after=nonsense!');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().error.code).toBe('invalid_cursor');
  });
});
