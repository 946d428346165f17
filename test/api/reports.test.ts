import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { TEST_LABEL_STRING } from '../../src/domain/test-label.js';
import { ManualClock } from '../../src/domain/clock.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';

// Answers are read field by field, as a client would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/** Reports from the scan ledger (DESIGN §16): figures equal what the scans themselves say. */

let t: TestApp;
const START = new Date('2026-11-20T07:10:00.000Z');

beforeEach(async () => {
  t = await makeTestApp({ clock: new ManualClock(START) });
});
afterEach(async () => {
  await t.close();
});

async function ok(url: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const res = await t.request((init.method ?? 'GET') as 'GET', url, {
    ...(init.body !== undefined ? { body: init.body } : {}),
    ...(init.token ? { token: init.token } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.headers['content-type']?.toString().startsWith('application/json')
    ? (res.json() as Json)
    : res.body;
}

async function station(name: string, role: string): Promise<string> {
  const issued = await ok('/v1/stations/pairing-codes', { method: 'POST', body: { name, role } });
  const paired = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: issued.code },
  });
  return paired.json().token as string;
}

interface ScanRow {
  station_id: string;
  piece_id: string | null;
  event: string;
  accepted: number;
  test_label: number;
  at: string;
}

/** A day and a half of scans at three stations (two produce lines), with refusals and a test label. */
async function floor(): Promise<{ retailers: string[] }> {
  const retailers: string[] = [];
  for (const code of ['AA', 'BB']) {
    retailers.push((await ok('/v1/retailers', { method: 'POST', body: { name: code, code } })).id);
  }
  const barcodes: string[] = [];
  for (const [i, retailerId] of retailers.entries()) {
    const order = await ok('/v1/orders', {
      method: 'POST',
      body: {
        order_no: `R-${i}`,
        retailer_id: retailerId,
        lines: [{ sku: 'SOFA', qty: 10, pieces_per_unit: 2 }],
      },
    });
    barcodes.push(...(order.pieces as { barcode: string }[]).map((p) => p.barcode));
  }
  const lineA = await station('Line A', 'produce');
  const lineB = await station('Line B', 'produce');
  const stock = await station('Bay', 'stock');
  const dispatch = await station('Dock', 'dispatch');
  const scan = async (token: string, barcode: string, minutes: number, location?: string) => {
    t.clock.advance(minutes * 60_000);
    await ok('/v1/scans', {
      method: 'POST',
      body: { barcode, ...(location ? { location } : {}) },
      token,
    });
  };
  // A badge sign-in is an accepted scan of no piece: it moves nothing, so it is not counted.
  const operator = await ok('/v1/operators', { method: 'POST', body: { name: 'Ola' } });
  await scan(await station('Line C', 'produce'), operator.badge as string, 1);
  for (const [i, barcode] of barcodes.entries()) {
    await scan(i % 3 ? lineA : lineB, barcode, 7 + (i % 5));
    if (i % 4 === 0) await scan(lineA, barcode, 1); // refused: already produced
    if (i % 2 === 0) await scan(stock, barcode, 13 + i, 'B1');
    if (i % 3 !== 2) await scan(dispatch, barcode, 20 + 3 * i);
  }
  await scan(dispatch, 'NO SUCH 0000001', 1); // refused: unknown barcode
  await scan(lineA, TEST_LABEL_STRING, 1); // not counted
  return { retailers };
}

async function scansInTable(): Promise<ScanRow[]> {
  return (await t.sql
    .prepare(
      'select station_id, piece_id, event, accepted, test_label, at from scans where factory_id = ?',
    )
    .all(t.factoryId)) as ScanRow[];
}

function expected(
  scans: ScanRow[],
  bucketOf: (at: string) => string,
  groupOf: (s: ScanRow) => string | null,
) {
  const rows = new Map<string, Json>();
  for (const s of scans) {
    if (s.test_label || (s.accepted && !s.piece_id)) continue;
    const key = `${bucketOf(s.at)}|${groupOf(s)}`;
    const row = rows.get(key) ?? {
      bucket_start: bucketOf(s.at),
      group: groupOf(s),
      produce: 0,
      stock: 0,
      dispatch: 0,
      refused: 0,
    };
    if (s.accepted) row[s.event] += 1;
    else row.refused += 1;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) =>
    a.bucket_start === b.bucket_start
      ? String(a.group).localeCompare(String(b.group))
      : a.bucket_start.localeCompare(b.bucket_start),
  );
}

const hourOf = (at: string) => `${at.slice(0, 13)}:00:00.000Z`;
const dayOf = (at: string) => `${at.slice(0, 10)}T00:00:00.000Z`;
const strip = (rows: Json[]) => rows.map(({ group_name: _, ...r }) => r);

describe('GET /v1/reports/throughput', () => {
  it('counts accepted scans per role and refused ones, per hour and station, as the ledger says', async () => {
    await floor();
    const from = '2026-11-20T00:00:00.000Z';
    const to = '2026-11-22T00:00:00.000Z';
    const scans = (await scansInTable()).filter((s) => s.at >= from && s.at < to);
    const report = await ok(
      `/v1/reports/throughput?from=${from}&to=${to}&bucket=hour&group_by=station`,
    );
    expect(report.data.length).toBeGreaterThan(5);
    expect(strip(report.data)).toEqual(expected(scans, hourOf, (s) => s.station_id));
    const names = new Set(report.data.map((r: Json) => r.group_name));
    expect(names).toEqual(new Set(['Line A', 'Line B', 'Bay', 'Dock']));
    // Totals agree with plain counts.
    const total = report.data.reduce(
      (n: number, r: Json) => n + r.produce + r.stock + r.dispatch + r.refused,
      0,
    );
    expect(total).toBe(scans.filter((s) => !s.test_label && (!s.accepted || s.piece_id)).length);
    expect(scans.some((s) => s.accepted && !s.piece_id)).toBe(true);
  });

  it('by day and role, by operator (none recorded yet), and a range cuts at its ends', async () => {
    await floor();
    const from = '2026-11-19T00:00:00.000Z';
    const to = '2026-11-30T00:00:00.000Z';
    const scans = await scansInTable();
    expect(scans.every((s) => s.at < to)).toBe(true);
    const byRole = await ok(
      `/v1/reports/throughput?from=${from}&to=${to}&bucket=day&group_by=role`,
    );
    expect(strip(byRole.data)).toEqual(expected(scans, dayOf, (s) => s.event));
    const byOperator = await ok(
      `/v1/reports/throughput?from=${from}&to=${to}&bucket=day&group_by=operator`,
    );
    expect(strip(byOperator.data)).toEqual(expected(scans, dayOf, () => null));
    expect(byOperator.data[0].group_name).toBe('no operator');

    // Ends that cut a 15-minute slot are counted from the scans themselves.
    for (const [cut, end] of [
      ['2026-11-20T12:00:00.000Z', to],
      ['2026-11-20T09:07:31.500Z', '2026-11-21T02:52:10.250Z'],
      ['2026-11-20T10:01:00.000Z', '2026-11-20T10:14:00.000Z'],
    ] as const) {
      const part = await ok(
        `/v1/reports/throughput?from=${cut}&to=${end}&bucket=hour&group_by=station`,
      );
      expect(strip(part.data)).toEqual(
        expected(
          scans.filter((s) => s.at >= cut && s.at < end),
          hourOf,
          (s) => s.station_id,
        ),
      );
    }
  });

  it('answers CSV, and refuses a bad range', async () => {
    await floor();
    const from = '2026-11-20T00:00:00.000Z';
    const to = '2026-11-22T00:00:00.000Z';
    const json = await ok(`/v1/reports/throughput?from=${from}&to=${to}&group_by=role`);
    const res = await t.request(
      'GET',
      `/v1/reports/throughput?from=${from}&to=${to}&group_by=role&format=csv`,
    );
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse(res.body, { columns: true }) as Record<string, string>[];
    expect(rows).toEqual(
      json.data.map((r: Json) => ({
        bucket_start: r.bucket_start,
        group: r.group,
        group_name: r.group_name,
        produce: String(r.produce),
        stock: String(r.stock),
        dispatch: String(r.dispatch),
        refused: String(r.refused),
      })),
    );
    const backwards = await t.request('GET', `/v1/reports/throughput?from=${to}&to=${from}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toMatchObject({ code: 'validation_failed', param: 'from' });
    const tooLong = await t.request(
      'GET',
      `/v1/reports/throughput?from=2026-01-01T00:00:00Z&to=${to}&bucket=hour`,
    );
    expect(tooLong.statusCode).toBe(400);
    const badGroup = await t.request('GET', '/v1/reports/throughput?group_by=colour');
    expect(badGroup.statusCode).toBe(400);
  });
});

describe('throughput in the factory’s time zone', () => {
  it('buckets hours and days in Europe/Warsaw across the autumn change of offset', async () => {
    await ok('/v1/settings', { method: 'PATCH', body: { timezone: 'Europe/Warsaw' } });
    const token = await station('Line A', 'produce');
    // From 20:00 UTC on 24 Oct (22:00 in Warsaw, +02:00) through the night: at 01:00 UTC on the
    // 25th the clocks go back from 03:00 to 02:00 (+01:00), so 02:xx happens twice.
    t.clock.set('2026-10-24T20:05:00.000Z');
    const ats: string[] = [];
    for (let i = 0; i < 24; i++) {
      const res = await t.request('POST', '/v1/scans', { token, body: { barcode: `NONE ${i}` } });
      expect(res.statusCode).toBe(200);
      ats.push(t.clock.now().toISOString());
      t.clock.advance(20 * 60_000);
    }
    const change = Date.parse('2026-10-25T01:00:00.000Z');
    const local = (at: string) => {
      const ms = Date.parse(at);
      const offset = ms < change ? 120 : 60;
      return { wall: new Date(ms + offset * 60_000).toISOString(), offset };
    };
    const zone = (offset: number) => (offset === 120 ? '+02:00' : '+01:00');
    const hourOfLocal = (at: string) => {
      const { wall, offset } = local(at);
      return `${wall.slice(0, 13)}:00:00.000${zone(offset)}`;
    };
    const dayOfLocal = (at: string) => {
      const { wall } = local(at);
      // Midnight of both days fell in summer time (+02:00).
      return `${wall.slice(0, 10)}T00:00:00.000+02:00`;
    };
    const from = '2026-10-24T00:00:00.000Z';
    const to = '2026-10-26T00:00:00.000Z';
    const byHour = await ok(
      `/v1/reports/throughput?from=${from}&to=${to}&bucket=hour&group_by=role`,
    );
    expect(byHour.timezone).toBe('Europe/Warsaw');
    const hours = new Map<string, number>();
    for (const at of ats) hours.set(hourOfLocal(at), (hours.get(hourOfLocal(at)) ?? 0) + 1);
    expect(byHour.data.map((r: Json) => [r.bucket_start, r.refused])).toEqual([...hours]);
    expect(hours.has('2026-10-25T02:00:00.000+02:00')).toBe(true);
    expect(hours.has('2026-10-25T02:00:00.000+01:00')).toBe(true);
    const byDay = await ok(`/v1/reports/throughput?from=${from}&to=${to}&bucket=day&group_by=role`);
    const days = new Map<string, number>();
    for (const at of ats) days.set(dayOfLocal(at), (days.get(dayOfLocal(at)) ?? 0) + 1);
    expect(byDay.data.map((r: Json) => [r.bucket_start, r.refused])).toEqual([...days]);
    expect([...days.values()]).toEqual([6, 18]);
  });
});

/** Nearest-rank percentile of sorted values. */
const rank = (sorted: number[], p: number) => sorted[Math.ceil(p * sorted.length) - 1] ?? null;

describe('GET /v1/reports/cycle-times', () => {
  it('per piece and per order, p50 and p90, of all or one retailer, as the milestones say', async () => {
    const { retailers } = await floor();
    const from = '2026-11-19T00:00:00.000Z';
    const to = '2026-11-23T00:00:00.000Z';
    const secs = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 1000;
    for (const per of ['piece', 'order'] as const) {
      for (const retailer of [null, retailers[0]!]) {
        const rows = (await t.sql
          .prepare(
            per === 'piece'
              ? 'select p.produced_at, p.in_stock_at, p.dispatched_at, o.retailer_id from pieces p join orders o on o.id = p.order_id where p.factory_id = ?'
              : 'select produced_at, in_stock_at, dispatched_at, retailer_id from orders where factory_id = ?',
          )
          .all(t.factoryId)) as Json[];
        const mine = rows.filter((r) => retailer === null || r.retailer_id === retailer);
        const stage = (a: string, b: string) => {
          const d = mine
            .filter((r) => r[a] && r[b])
            .map((r) => secs(r[a], r[b]))
            .sort((x, y) => x - y);
          return { count: d.length, p50_seconds: rank(d, 0.5), p90_seconds: rank(d, 0.9) };
        };
        const report = await ok(
          `/v1/reports/cycle-times?from=${from}&to=${to}&per=${per}${retailer ? `&retailer_id=${retailer}` : ''}`,
        );
        const want = [
          { stage: 'produce_to_stock', ...stage('produced_at', 'in_stock_at') },
          { stage: 'stock_to_dispatch', ...stage('in_stock_at', 'dispatched_at') },
          { stage: 'produce_to_dispatch', ...stage('produced_at', 'dispatched_at') },
        ];
        expect(report.data.map((r: Json) => [r.stage, r.count])).toEqual(
          want.map((r) => [r.stage, r.count]),
        );
        // Percentiles come from 1 % bins: within 0.5 % of the exact nearest rank.
        for (const [i, w] of want.entries()) {
          for (const p of ['p50_seconds', 'p90_seconds'] as const) {
            const got = report.data[i][p];
            if (w[p] === null) expect(got).toBeNull();
            else expect(Math.abs(got - w[p]) / w[p], `${per} ${w.stage} ${p}`).toBeLessThan(0.005);
          }
        }
        if (per === 'piece') expect(report.data[0].count).toBeGreaterThan(5);
      }
    }
    const csv = await t.request('GET', `/v1/reports/cycle-times?from=${from}&to=${to}&format=csv`);
    expect(csv.body.split('\r\n')[0]).toBe('stage,count,p50_seconds,p90_seconds');
  });
});
