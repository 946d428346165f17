import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PIECE_STATUSES } from '../../src/domain/order-status.js';
import type { PieceStatus } from '../../src/domain/order-status.js';
import {
  REFUSAL_REASONS,
  SCAN_EVENTS,
  decideScan,
  progressAfterScan,
  readScannedBarcode,
  recordedDecision,
  scanMessage,
} from '../../src/domain/scan-rules.js';
import { TEST_LABEL_STRING } from '../../src/domain/test-label.js';
import type {
  RefusalReason,
  ScanDecision,
  ScanEvent,
  ScanInput,
} from '../../src/domain/scan-rules.js';

function scan(over: Partial<ScanInput> & { event: ScanEvent }): ScanDecision {
  return decideScan({
    isTestLabel: false,
    piece: { status: 'awaiting_production' },
    labelVoided: false,
    location: null,
    stationDefaultLocation: null,
    ...over,
  });
}

const accepted = (nextStatus: PieceStatus, location: string | null): ScanDecision => ({
  accepted: true,
  testLabel: false,
  nextStatus,
  location,
});
const refused = (reason: RefusalReason): ScanDecision => ({
  accepted: false,
  reason,
});

describe('decideScan: the scan table, every role against every piece status', () => {
  // The scan carries a bay, so location_required never applies here.
  it.each<[ScanEvent, PieceStatus, ScanDecision]>([
    ['produce', 'awaiting_production', accepted('produced', 'B1')],
    ['produce', 'produced', refused('already_produced')],
    ['produce', 'in_stock', refused('already_produced')],
    ['produce', 'dispatched', refused('already_produced')],
    ['produce', 'returned', refused('return_open')],
    ['produce', 'written_off', refused('written_off')],
    ['produce', 'cancelled', refused('order_cancelled')],
    ['stock', 'awaiting_production', refused('not_produced')],
    ['stock', 'produced', accepted('in_stock', 'B1')],
    ['stock', 'in_stock', accepted('in_stock', 'B1')],
    ['stock', 'dispatched', refused('already_dispatched')],
    ['stock', 'returned', refused('return_open')],
    ['stock', 'written_off', refused('written_off')],
    ['stock', 'cancelled', refused('order_cancelled')],
    ['dispatch', 'awaiting_production', refused('not_produced')],
    ['dispatch', 'produced', accepted('dispatched', null)],
    ['dispatch', 'in_stock', accepted('dispatched', null)],
    ['dispatch', 'dispatched', refused('already_dispatched')],
    ['dispatch', 'returned', refused('return_open')],
    ['dispatch', 'written_off', refused('written_off')],
    ['dispatch', 'cancelled', refused('order_cancelled')],
  ])('%s on a %s piece', (event, status, expected) => {
    expect(scan({ event, piece: { status }, location: 'B1' })).toEqual(expected);
  });
});

describe('decideScan: locations', () => {
  it('stocks at the scan location, else at the station default', () => {
    const piece = { status: 'produced' as const };
    expect(scan({ event: 'stock', piece, location: 'B1', stationDefaultLocation: 'D9' })).toEqual(
      accepted('in_stock', 'B1'),
    );
    expect(scan({ event: 'stock', piece, stationDefaultLocation: 'D9' })).toEqual(
      accepted('in_stock', 'D9'),
    );
  });

  it('treats a blank location as none', () => {
    const piece = { status: 'in_stock' as const };
    expect(scan({ event: 'stock', piece, location: '  ', stationDefaultLocation: 'D9' })).toEqual(
      accepted('in_stock', 'D9'),
    );
    expect(scan({ event: 'stock', piece, location: '', stationDefaultLocation: ' ' })).toEqual(
      refused('location_required'),
    );
  });

  it('refuses a stock scan with no bay from the scan or the station', () => {
    expect(scan({ event: 'stock', piece: { status: 'produced' } })).toEqual(
      refused('location_required'),
    );
    expect(scan({ event: 'stock', piece: { status: 'in_stock' } })).toEqual(
      refused('location_required'),
    );
  });

  it('produces at the scan location only, never the station default', () => {
    expect(scan({ event: 'produce', stationDefaultLocation: 'D9' })).toEqual(
      accepted('produced', null),
    );
  });

  it('takes a dispatched piece out of its bay', () => {
    expect(
      scan({
        event: 'dispatch',
        piece: { status: 'in_stock' },
        location: 'B1',
        stationDefaultLocation: 'D9',
      }),
    ).toEqual(accepted('dispatched', null));
  });
});

describe('decideScan: precedence when several refusals apply', () => {
  it('accepts the test label whatever else is true, touching nothing', () => {
    for (const event of SCAN_EVENTS) {
      expect(scan({ event, isTestLabel: true, piece: null, labelVoided: true })).toEqual({
        accepted: true,
        testLabel: true,
        nextStatus: null,
        location: null,
      });
    }
  });

  it('is unknown_barcode only for a barcode no piece carries and that was never voided', () => {
    expect(scan({ event: 'stock', piece: null })).toEqual(refused('unknown_barcode'));
    expect(scan({ event: 'stock', piece: null, labelVoided: true })).toEqual(
      refused('label_voided'),
    );
  });

  it('puts label_voided before the piece status', () => {
    expect(scan({ event: 'dispatch', piece: { status: 'cancelled' }, labelVoided: true })).toEqual(
      refused('label_voided'),
    );
    expect(
      scan({ event: 'produce', piece: { status: 'awaiting_production' }, labelVoided: true }),
    ).toEqual(refused('label_voided'));
  });

  it('puts order_cancelled, written_off and return_open before the role and location rules', () => {
    // Each of these would also be location_required for a stock station without a bay.
    expect(scan({ event: 'stock', piece: { status: 'cancelled' } })).toEqual(
      refused('order_cancelled'),
    );
    expect(scan({ event: 'stock', piece: { status: 'written_off' } })).toEqual(
      refused('written_off'),
    );
    expect(scan({ event: 'stock', piece: { status: 'returned' } })).toEqual(refused('return_open'));
  });

  it('puts the role rule before location_required', () => {
    expect(scan({ event: 'stock', piece: { status: 'awaiting_production' } })).toEqual(
      refused('not_produced'),
    );
    expect(scan({ event: 'stock', piece: { status: 'dispatched' } })).toEqual(
      refused('already_dispatched'),
    );
  });

  /**
   * Every refusal that applies to a scan, gathered without regard to order; the decision must be
   * the first of them in REFUSAL_REASONS (the precedence list), or an acceptance when none apply.
   */
  function applicableRefusals(i: ScanInput): RefusalReason[] {
    const found = new Set<RefusalReason>();
    if (i.piece === null && !i.labelVoided) found.add('unknown_barcode');
    if (i.labelVoided) found.add('label_voided');
    const status = i.piece?.status;
    if (status === 'cancelled') found.add('order_cancelled');
    if (status === 'written_off') found.add('written_off');
    if (status === 'returned') found.add('return_open');
    if (status !== undefined) {
      if (i.event === 'produce' && status !== 'awaiting_production') found.add('already_produced');
      if (i.event !== 'produce' && status === 'awaiting_production') found.add('not_produced');
      if (i.event !== 'produce' && status === 'dispatched') found.add('already_dispatched');
    }
    const hasBay = [i.location, i.stationDefaultLocation].some((l) => (l ?? '').trim() !== '');
    if (i.event === 'stock' && !hasBay) found.add('location_required');
    return REFUSAL_REASONS.filter((r) => found.has(r));
  }

  it('follows the precedence list for any combination of inputs', () => {
    const input = fc.record({
      event: fc.constantFrom(...SCAN_EVENTS),
      isTestLabel: fc.boolean(),
      piece: fc.option(fc.record({ status: fc.constantFrom(...PIECE_STATUSES) }), { nil: null }),
      labelVoided: fc.boolean(),
      location: fc.option(fc.constantFrom('', ' ', 'B1'), { nil: null }),
      stationDefaultLocation: fc.option(fc.constantFrom('', 'D9'), { nil: null }),
    });
    fc.assert(
      fc.property(input, (i) => {
        const d = decideScan(i);
        if (i.isTestLabel) {
          expect(d).toEqual({ accepted: true, testLabel: true, nextStatus: null, location: null });
          return;
        }
        const [first] = applicableRefusals(i);
        if (first !== undefined) {
          expect(d).toEqual(refused(first));
          return;
        }
        expect(d).toMatchObject({ accepted: true, testLabel: false });
      }),
    );
  });
});

describe('scanMessage', () => {
  const barcode = 'FD 0000042';

  it('says what happened to the piece', () => {
    expect(scanMessage(accepted('produced', null), barcode)).toBe('Produced FD 0000042');
    expect(scanMessage(accepted('in_stock', 'B12'), barcode)).toBe('In stock: FD 0000042 at B12');
    expect(scanMessage(accepted('dispatched', null), barcode)).toBe('Dispatched FD 0000042');
    expect(
      scanMessage({ accepted: true, testLabel: true, nextStatus: null, location: null }, 'x'),
    ).toBe('Test label read correctly');
  });

  it('names the reason of every refusal, briefly', () => {
    expect(scanMessage(refused('already_produced'), barcode)).toBe(
      'Refused: FD 0000042 already produced',
    );
    expect(scanMessage(refused('unknown_barcode'), barcode)).toBe(
      'Refused: unknown barcode FD 0000042',
    );
    const messages = REFUSAL_REASONS.map((reason) => scanMessage(refused(reason), barcode));
    expect(new Set(messages).size).toBe(REFUSAL_REASONS.length);
    for (const m of messages) {
      expect(m).toMatch(/^Refused: .*FD 0000042/);
      expect(m.length).toBeLessThanOrEqual(60);
    }
  });

  it('cuts a long unreadable barcode short', () => {
    const m = scanMessage(refused('unknown_barcode'), 'X'.repeat(500));
    expect(m.length).toBeLessThanOrEqual(60);
    expect(m.endsWith('…')).toBe(true);
  });
});

describe('readScannedBarcode', () => {
  it('trims the scanner suffix once and keys piece barcodes in upper case', () => {
    expect(readScannedBarcode('fd 0000042\r\n')).toEqual({
      text: 'fd 0000042',
      key: 'FD 0000042',
      testLabel: false,
      testLabelRead: false,
    });
  });

  it('tells the exact test label from a read of it on the wrong layout', () => {
    expect(readScannedBarcode(`${TEST_LABEL_STRING}\n`)).toMatchObject({
      testLabel: true,
      testLabelRead: true,
    });
    expect(readScannedBarcode('fdtest-Az09')).toMatchObject({
      testLabel: false,
      testLabelRead: true,
    });
  });
});

describe('progressAfterScan', () => {
  const awaiting = {
    status: 'awaiting_production',
    location: null,
    produced_at: null,
    in_stock_at: null,
    dispatched_at: null,
  };
  const at = '2026-11-25T10:00:00.000Z';

  it('moves a piece through produce, stock, a move between bays and dispatch', () => {
    const produced = progressAfterScan(awaiting, acceptedOf(scan({ event: 'produce' })), at);
    expect(produced).toEqual({ ...awaiting, status: 'produced', produced_at: at });
    const stocked = progressAfterScan(
      produced,
      acceptedOf(scan({ event: 'stock', piece: { status: 'produced' }, location: ' A-1 ' })),
      at,
    );
    expect(stocked).toEqual({ ...produced, status: 'in_stock', location: 'A-1', in_stock_at: at });
    const later = '2026-11-25T11:00:00.000Z';
    const moved = progressAfterScan(
      stocked,
      acceptedOf(scan({ event: 'stock', piece: { status: 'in_stock' }, location: 'B-2' })),
      later,
    );
    // A move between bays keeps the time the piece first went into stock.
    expect(moved).toEqual({ ...stocked, location: 'B-2' });
    const dispatched = progressAfterScan(
      moved,
      acceptedOf(scan({ event: 'dispatch', piece: { status: 'in_stock' } })),
      later,
    );
    expect(dispatched).toEqual({
      ...moved,
      status: 'dispatched',
      location: null,
      dispatched_at: later,
    });
  });
});

describe('recordedDecision', () => {
  it('tells again the decision a scan was recorded with', () => {
    for (const event of SCAN_EVENTS) {
      for (const status of PIECE_STATUSES) {
        const decision = scan({ event, piece: { status }, location: 'A-1' });
        const recorded = recordedDecision({
          event,
          accepted: decision.accepted,
          testLabel: false,
          reason: decision.accepted ? null : decision.reason,
          location: decision.accepted ? decision.location : null,
        });
        expect(recorded).toEqual(decision);
      }
    }
    const test = scan({ event: 'stock', isTestLabel: true });
    expect(
      recordedDecision({
        event: 'stock',
        accepted: true,
        testLabel: true,
        reason: null,
        location: null,
      }),
    ).toEqual(test);
  });
});

function acceptedOf(decision: ScanDecision): Extract<ScanDecision, { accepted: true }> {
  if (!decision.accepted) throw new Error(`refused: ${decision.reason}`);
  return decision;
}
