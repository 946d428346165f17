import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StationPrincipal } from '../../src/core/auth/station-tokens.js';
import { resolveToken } from '../../src/core/auth/resolve-token.js';
import { recordScan, type ScanInput } from '../../src/core/scans/record-scan.js';
import { ScanWriteBehind } from '../../src/store/scans/scan-write-behind.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { addRetailer, pushOrder } from '../core/orders/fixtures.js';

// Scans that arrive together share one group-commit batch. On PostgreSQL their writes wait for
// the batch's end (src/store/scans/scan-write-behind.ts) and each scan reads through what the earlier ones left; the
// verdicts, answers and rows must be those of scans run one after another, on both databases.

let t: TestApp;
let retailerId: string;
beforeEach(async () => {
  t = await makeTestApp();
  retailerId = (await addRetailer(t, 'SW', 'Sofa World')).id;
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

async function pairStation(name: string): Promise<StationPrincipal> {
  const issued = await t.request('POST', '/v1/stations/pairing-codes', {
    body: { name, role: 'produce' },
  });
  const paired = await t.request('POST', '/v1/stations/pair', {
    token: null,
    body: { code: issued.json().code },
  });
  expect(paired.statusCode, paired.body).toBe(200);
  return (await resolveToken(t.core, paired.json().token)) as StationPrincipal;
}

async function createOrder(orderNo: string, qty: number) {
  const order = await pushOrder(t, {
    order_no: orderNo,
    retailer_id: retailerId,
    lines: [{ sku: 'SOFA-3S', qty, pieces_per_unit: 2 }],
  });
  return {
    id: order.id as string,
    barcodes: (order.pieces as { barcode: string }[]).map((p) => p.barcode),
  };
}

/**
 * Records the scans at once, in this order, as the scan route does once it knows the station: they
 * queue for one batch. The answers, in the same order.
 */
async function scanTogether(scans: ReadonlyArray<readonly [StationPrincipal, ScanInput]>) {
  const recorded = await Promise.all(
    scans.map(([station, input]) => recordScan(t.core, station, input)),
  );
  return recorded.map(({ scan }) => scan);
}

const scanRows = async () =>
  (await t.sql
    .prepare('select id, barcode, accepted, reason, client_scan_id from scans order by id')
    .all()) as { id: string; barcode: string; accepted: number; reason: string | null }[];

describe('scans that share a batch', () => {
  it('see what the earlier ones of the batch did: pieces, counts, resends, voided labels', async () => {
    const [p1, p2, p3] = [
      await pairStation('P1'),
      await pairStation('P2'),
      await pairStation('P3'),
    ];
    const a = await createOrder('SW-1', 2);
    const b = await createOrder('SW-2', 1);
    const voided = await t.request('POST', `/v1/items/${b.barcodes[0]}/void`, {
      body: { reason: 'torn' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const add = vi.spyOn(ScanWriteBehind.prototype, 'add');
    const flush = vi.spyOn(ScanWriteBehind.prototype, 'flush');
    const readTogether = vi.spyOn(ScanWriteBehind.prototype, 'readAhead');

    const answers = await scanTogether([
      [p1, { barcode: a.barcodes[0]!, client_scan_id: 'c-1' }],
      [p2, { barcode: a.barcodes[1]! }],
      // The same piece again, within the batch: it is produced already.
      [p3, { barcode: a.barcodes[0]! }],
      // The first scan resent within the batch: answered as the first, nothing new written.
      [p1, { barcode: a.barcodes[0]!, client_scan_id: 'c-1' }],
      [p2, { barcode: a.barcodes[2]! }],
      [p3, { barcode: 'NO-SUCH-LABEL' }],
      [p1, { barcode: b.barcodes[0]! }],
      // The order's last piece: its status moves, counted from the three before.
      [p2, { barcode: a.barcodes[3]! }],
    ]);

    expect(answers.map((s) => [s.accepted, s.reason])).toEqual([
      [true, null],
      [true, null],
      [false, 'already_produced'],
      [true, null],
      [true, null],
      [false, 'unknown_barcode'],
      [false, 'label_voided'],
      [true, null],
    ]);
    expect(answers[3]!.id).toBe(answers[0]!.id);
    expect(answers[2]!.piece).toMatchObject({ barcode: a.barcodes[0]!, status: 'produced' });
    expect(answers[3]!.order).toEqual(answers[0]!.order);
    expect(answers[7]!.order).toMatchObject({ order_no: 'SW-1' });
    // Each event carries its order as that scan left it, counted from the scans before it in
    // the batch (the resend records nothing, so it has no event).
    const recorded = (
      (await t.sql
        .prepare("select data from events where type = 'scan.recorded' order by id")
        .all()) as { data: string }[]
    ).map((e) => JSON.parse(e.data));
    expect(recorded.map((e) => e.order?.pieces_scanned)).toEqual([1, 2, 2, 3, undefined, 0, 4]);
    expect(recorded[6].order).toMatchObject({ id: a.id, status: 'produced', pieces_scanned: 4 });

    // Seven scans recorded once each (the resend wrote nothing), in the order sent.
    const rows = await scanRows();
    expect(rows.map((r) => [r.barcode, r.accepted, r.reason])).toEqual([
      [a.barcodes[0], 1, null],
      [a.barcodes[1], 1, null],
      [a.barcodes[0], 0, 'already_produced'],
      [a.barcodes[2], 1, null],
      ['NO-SUCH-LABEL', 0, 'unknown_barcode'],
      [b.barcodes[0], 0, 'label_voided'],
      [a.barcodes[3], 1, null],
    ]);
    const order = (await t.request('GET', `/v1/orders/${a.id}`)).json();
    expect(order).toMatchObject({ status: 'produced', pieces_scanned: 4 });
    expect(order.pieces.map((p: { status: string }) => p.status)).toEqual(
      Array(4).fill('produced'),
    );
    const events = (await t.sql
      .prepare("select type from events where type like 'order.%' order by id")
      .all()) as { type: string }[];
    expect(events.map((e) => e.type)).toContain('order.status_changed');

    // A resend in a later batch is answered from the stored scan.
    const [again] = await scanTogether([[p1, { barcode: a.barcodes[0]!, client_scan_id: 'c-1' }]]);
    expect(again!.id).toBe(answers[0]!.id);
    expect(await scanRows()).toHaveLength(7);

    if (t.store.dialect === 'postgres') {
      // The scans the batch could see through waited for its end (the resend, the voided label
      // and everything after them in the batch wrote at once, or joined the next batch).
      expect(add.mock.calls.length).toBeGreaterThanOrEqual(3);
      // The eight scans read together, in one statement.
      expect(readTogether.mock.calls[0]?.[1]).toHaveLength(8);
      // … and no batch had to be written again unit by unit: each saw its resends coming.
      expect(flush.mock.settledResults.map((r) => r.type)).not.toContain('rejected');
    } else {
      expect(add).not.toHaveBeenCalled();
      expect(readTogether).not.toHaveBeenCalled();
    }
  });
});
