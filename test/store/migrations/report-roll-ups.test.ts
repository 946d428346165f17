// Migration 0830 on a database of the release before it: the report roll-ups are rebuilt from the
// scans and milestones already recorded, and the triggers keep them exact afterwards — through
// new scans, a milestone that moves (a restock) and one that is cleared.
import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createCoreContext } from '../../../src/core/context.js';
import { createFactory } from '../../../src/core/factory/setup.js';
import { createOrder } from '../../../src/core/orders/create-order.js';
import { createRetailer } from '../../../src/core/retailers/retailers.js';
import { cycleTimesReport, throughputReport } from '../../../src/core/reports/reports.js';
import { systemClock } from '../../../src/domain/clock.js';
import { openStore, type Store } from '../../../src/store/database.js';
import { migrationProvider } from '../../../src/store/migrations/index.js';
import { tempDir } from '../../helpers/app.js';
import { sqliteOf } from '../../helpers/dialect.js';

const BEFORE = '2026-11-26-0820-retailer-address';
const DAY0 = Date.parse('2026-11-02T06:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

let store: Store | undefined;
afterEach(async () => {
  await store?.close();
  store = undefined;
});

interface Scan {
  station_id: string;
  piece_id: string | null;
  event: string;
  accepted: number;
  test_label: number;
  at: string;
}

/** Throughput by hour and station as the scans say (UTC: the factory's zone here). */
function direct(scans: Scan[], from: string, to: string) {
  const rows = new Map<string, Record<string, string | number>>();
  for (const s of scans) {
    // Test labels and accepted scans of no piece (a badge, a consignment's number) are not counted.
    if (s.test_label || (s.accepted && !s.piece_id) || s.at < from || s.at >= to) continue;
    const bucket = `${s.at.slice(0, 13)}:00:00.000Z`;
    const key = `${bucket}|${s.station_id}`;
    const row = rows.get(key) ?? {
      bucket_start: bucket,
      group: s.station_id,
      produce: 0,
      stock: 0,
      dispatch: 0,
      refused: 0,
    };
    if (s.accepted) (row[s.event] as number) += 1;
    else (row.refused as number) += 1;
    rows.set(key, row);
  }
  return [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, r]) => r);
}

const rank = (sorted: number[], p: number) => sorted[Math.ceil(p * sorted.length) - 1] ?? null;

describe('migration 2026-11-26-0830-report-roll-ups', () => {
  it('rebuilds the roll-ups from what is recorded, and the triggers keep them exact', async () => {
    store = await openStore({ file: join(tempDir(), 'factoryd.db'), migrate: false });
    const migrator = new Migrator({ db: store.db, provider: migrationProvider });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const core = createCoreContext({ db: store.db, clock: systemClock });
    const { factoryId } = await createFactory(core, { name: 'Roll-up Mill' });
    const sqlite = sqliteOf(store);
    sqlite.prepare("update settings set timezone = 'UTC'").run();
    const pieceIds: string[] = [];
    for (const code of ['AA', 'BB']) {
      const retailer = await createRetailer(core, factoryId, { name: code, code });
      const order = await createOrder(
        core,
        factoryId,
        {
          order_no: `R-${code}`,
          retailer_id: retailer.id,
          lines: [{ sku: 'SOFA', qty: 12, pieces_per_unit: 1 }],
        },
        'api',
      );
      pieceIds.push(...order.pieces.map((p) => p.id));
    }
    const insertScan = sqlite.prepare(
      `insert into scans (id, factory_id, station_id, station_name, event, barcode, accepted,
        test_label, at, piece_id) values (?, ?, ?, 'S', ?, 'B', ?, ?, ?, ?)`,
    );
    const setPiece = sqlite.prepare(
      'update pieces set produced_at = ?, in_stock_at = ?, dispatched_at = ? where id = ?',
    );
    let n = 0;
    const scanSome = (count: number, start: number) => {
      for (let i = 0; i < count; i++) {
        const event = ['produce', 'stock', 'dispatch'][i % 3]!;
        insertScan.run(
          `scn_${n++}`,
          factoryId,
          `stn_${i % 4}`,
          event,
          i % 7 === 0 ? 0 : 1,
          i % 29 === 0 ? 1 : 0,
          iso(start + i * 137_913),
          i % 11 === 5 ? null : pieceIds[i % pieceIds.length],
        );
      }
    };
    sqlite.pragma('foreign_keys = OFF');
    scanSome(400, DAY0);
    for (const [i, id] of pieceIds.entries()) {
      const produced = DAY0 + i * 1_811_000;
      setPiece.run(
        iso(produced),
        i % 3 === 0 ? null : iso(produced + 600_000 + i * 97_000),
        i % 4 === 0 ? null : iso(produced + 3_600_000 + i * 211_000),
        id,
      );
    }
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const check = async (from: string, to: string) => {
      const scans = sqlite.prepare('select * from scans').all() as Scan[];
      const report = await throughputReport(core, factoryId, {
        from,
        to,
        bucket: 'hour',
        group_by: 'station',
      });
      expect(report.data.map(({ group_name: _, ...r }) => r)).toEqual(direct(scans, from, to));
      const pieces = sqlite
        .prepare('select produced_at, in_stock_at, dispatched_at from pieces')
        .all() as Record<string, string | null>[];
      const cycles = await cycleTimesReport(core, factoryId, { from, to, per: 'piece' });
      for (const [i, [a, b]] of [
        ['produced_at', 'in_stock_at'],
        ['in_stock_at', 'dispatched_at'],
        ['produced_at', 'dispatched_at'],
      ].entries()) {
        const d = pieces
          .filter((p) => p[a!] && p[b!] && p[b!]! >= from && p[b!]! < to)
          .map((p) => (Date.parse(p[b!]!) - Date.parse(p[a!]!)) / 1000)
          .sort((x, y) => x - y);
        const got = cycles.data[i]!;
        expect(got.count).toBe(d.length);
        expect(d.length).toBeGreaterThan(0);
        expect(Math.abs(got.p50_seconds! - rank(d, 0.5)!) / rank(d, 0.5)!).toBeLessThan(0.005);
        expect(Math.abs(got.p90_seconds! - rank(d, 0.9)!) / rank(d, 0.9)!).toBeLessThan(0.005);
      }
    };
    const rolled = sqlite.prepare('select sum(accepted + refused) as n from scan_counts').get() as {
      n: number;
    };
    const counted = sqlite
      .prepare(
        'select count(*) as n from scans where test_label = 0 and (accepted = 0 or piece_id is not null)',
      )
      .get() as { n: number };
    expect(counted.n).toBeLessThan(400 - 14 - 20); // test labels and scans of no piece left out
    expect(rolled.n).toBe(counted.n);
    await check('2026-11-02T00:00:00.000Z', '2026-11-03T00:00:00.000Z');
    await check('2026-11-02T06:41:13.250Z', '2026-11-02T19:03:59.000Z');

    // After the migration: more scans, a restocked piece, a dispatch undone.
    scanSome(200, DAY0 + 3_600_000);
    setPiece.run(iso(DAY0), iso(DAY0 + 7_200_000), iso(DAY0 + 9_000_000), pieceIds[1]);
    sqlite.prepare('update pieces set dispatched_at = null where id = ?').run(pieceIds[2]);
    await check('2026-11-02T00:00:00.000Z', '2026-11-03T00:00:00.000Z');
    await check('2026-11-02T07:00:00.000Z', '2026-11-02T13:30:00.001Z');
  });
});
