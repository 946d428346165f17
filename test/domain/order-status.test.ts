import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  PIECE_STATUSES,
  advanceMilestones,
  deriveOrderStatus,
  summarizeOrder,
} from '../../src/domain/order-status.js';
import type { OrderMilestones, OrderStatus, PieceStatus } from '../../src/domain/order-status.js';

const pieceStatus = fc.constantFrom(...PIECE_STATUSES);
const orderStatus = fc.constantFrom(...ORDER_STATUSES);

/**
 * The order status rule restated independently: tally the statuses once, then read the rule
 * from the tallies instead of scanning the array with predicates.
 */
function referenceStatus(cancelled: boolean, statuses: readonly PieceStatus[]): OrderStatus {
  if (cancelled) return 'cancelled';
  if (statuses.length === 0) return 'awaiting_production';
  const tally = new Map<PieceStatus, number>();
  for (const s of statuses) tally.set(s, (tally.get(s) ?? 0) + 1);
  const n = (s: PieceStatus): number => tally.get(s) ?? 0;
  const counted = statuses.length - n('written_off');
  if (n('dispatched') === counted) return 'dispatched';
  if (n('dispatched') + n('returned') > 0) return 'partially_dispatched';
  if (n('in_stock') === counted) return 'in_stock';
  const made = n('produced') + n('in_stock');
  if (made === counted) return 'produced';
  if (made > 0) return 'in_production';
  return 'awaiting_production';
}

describe('deriveOrderStatus', () => {
  it.each<[PieceStatus[], OrderStatus]>([
    [['awaiting_production', 'awaiting_production'], 'awaiting_production'],
    [['produced', 'awaiting_production'], 'in_production'],
    [['in_stock', 'awaiting_production'], 'in_production'],
    [['produced', 'in_stock'], 'produced'],
    [['in_stock', 'in_stock'], 'in_stock'],
    [['in_stock', 'dispatched'], 'partially_dispatched'],
    [['dispatched', 'returned'], 'partially_dispatched'],
    [['in_stock', 'returned'], 'partially_dispatched'],
    [['dispatched', 'dispatched'], 'dispatched'],
    // Written-off pieces are not counted: the rest decide.
    [['dispatched', 'written_off'], 'dispatched'],
    [['in_stock', 'written_off'], 'in_stock'],
    [['produced', 'written_off'], 'produced'],
  ])('%j → %s', (pieceStatuses, expected) => {
    expect(deriveOrderStatus({ cancelled: false, pieceStatuses })).toBe(expected);
  });

  it('is cancelled whatever its pieces say', () => {
    expect(deriveOrderStatus({ cancelled: true, pieceStatuses: ['cancelled', 'cancelled'] })).toBe(
      'cancelled',
    );
    expect(deriveOrderStatus({ cancelled: true, pieceStatuses: ['in_stock'] })).toBe('cancelled');
  });

  it('reads dispatched, and so is finished, when every piece is written off', () => {
    expect(deriveOrderStatus({ cancelled: false, pieceStatuses: ['written_off'] })).toBe(
      'dispatched',
    );
    expect(
      deriveOrderStatus({ cancelled: false, pieceStatuses: ['written_off', 'written_off'] }),
    ).toBe('dispatched');
  });

  it('reads awaiting_production for an order with no pieces at all', () => {
    expect(deriveOrderStatus({ cancelled: false, pieceStatuses: [] })).toBe('awaiting_production');
  });

  it('matches the reference for any pieces', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(pieceStatus, { maxLength: 12 }), (cancelled, statuses) => {
        expect(deriveOrderStatus({ cancelled, pieceStatuses: statuses })).toBe(
          referenceStatus(cancelled, statuses),
        );
      }),
    );
  });

  it('does not depend on the order of the pieces', () => {
    fc.assert(
      fc.property(fc.array(pieceStatus, { maxLength: 12 }), (statuses) => {
        const reversed = [...statuses].reverse();
        expect(deriveOrderStatus({ cancelled: false, pieceStatuses: reversed })).toBe(
          deriveOrderStatus({ cancelled: false, pieceStatuses: statuses }),
        );
      }),
    );
  });
});

describe('summarizeOrder', () => {
  it('counts every piece and lists the states present in lifecycle order', () => {
    const summary = summarizeOrder({
      cancelled: false,
      pieces: [
        { status: 'dispatched', scanned: true },
        { status: 'written_off', scanned: true },
        { status: 'in_stock', scanned: true },
        { status: 'in_stock', scanned: true },
        { status: 'awaiting_production', scanned: false },
      ],
    });
    expect(summary).toEqual({
      status: 'partially_dispatched',
      pieces_total: 5,
      pieces_scanned: 4,
      pieces_in_stock: 2,
      pieces_dispatched: 1,
      piece_states: ['awaiting_production', 'in_stock', 'dispatched', 'written_off'],
    });
  });

  it('keeps its counters consistent for any pieces', () => {
    const piece = fc.record({ status: pieceStatus, scanned: fc.boolean() });
    fc.assert(
      fc.property(fc.boolean(), fc.array(piece, { maxLength: 20 }), (cancelled, pieces) => {
        const s = summarizeOrder({ cancelled, pieces });
        expect(s.pieces_total).toBe(pieces.length);
        expect(s.pieces_in_stock + s.pieces_dispatched).toBeLessThanOrEqual(s.pieces_total);
        expect(s.pieces_scanned).toBeLessThanOrEqual(s.pieces_total);
        expect(s.pieces_scanned).toBe(pieces.filter((p) => p.scanned).length);
        expect(s.status).toBe(
          referenceStatus(
            cancelled,
            pieces.map((p) => p.status),
          ),
        );

        // Distinct, in lifecycle order, and exactly the statuses present.
        const ranks = s.piece_states.map((st) => PIECE_STATUSES.indexOf(st));
        for (let i = 1; i < ranks.length; i++) expect(ranks[i]).toBeGreaterThan(ranks[i - 1]!);
        expect(new Set(s.piece_states)).toEqual(new Set(pieces.map((p) => p.status)));
      }),
    );
  });

  it('summarises groups of alike pieces exactly as the pieces one by one', () => {
    const group = fc.record({
      status: pieceStatus,
      scanned: fc.boolean(),
      count: fc.integer({ min: 0, max: 5 }),
    });
    fc.assert(
      fc.property(fc.boolean(), fc.array(group, { maxLength: 8 }), (cancelled, groups) => {
        const oneByOne = groups.flatMap((g) =>
          Array.from({ length: g.count }, () => ({ status: g.status, scanned: g.scanned })),
        );
        expect(summarizeOrder({ cancelled, pieces: groups })).toEqual(
          summarizeOrder({ cancelled, pieces: oneByOne }),
        );
      }),
    );
  });
});

describe('advanceMilestones', () => {
  const none: OrderMilestones = { produced_at: null, in_stock_at: null, dispatched_at: null };
  const t1 = '2026-11-20T08:00:00.000Z';
  const t2 = '2026-11-21T08:00:00.000Z';
  const t3 = '2026-11-22T08:00:00.000Z';

  it('sets each milestone when the order first reaches it', () => {
    const produced = advanceMilestones(none, 'produced', t1);
    expect(produced).toEqual({ produced_at: t1, in_stock_at: null, dispatched_at: null });
    const inStock = advanceMilestones(produced, 'in_stock', t2);
    expect(inStock).toEqual({ produced_at: t1, in_stock_at: t2, dispatched_at: null });
    const dispatched = advanceMilestones(inStock, 'dispatched', t3);
    expect(dispatched).toEqual({ produced_at: t1, in_stock_at: t2, dispatched_at: t3 });
  });

  it('fills a missing produced_at when the order skips produced', () => {
    expect(advanceMilestones(none, 'in_stock', t2)).toEqual({
      produced_at: t2,
      in_stock_at: t2,
      dispatched_at: null,
    });
    expect(advanceMilestones(none, 'dispatched', t3)).toEqual({
      produced_at: t3,
      in_stock_at: null,
      dispatched_at: t3,
    });
  });

  it('sets nothing for statuses that are not milestones', () => {
    for (const status of [
      'awaiting_production',
      'in_production',
      'partially_dispatched',
      'cancelled',
    ] as const) {
      expect(advanceMilestones(none, status, t1)).toBe(none);
    }
  });

  it('never overwrites a milestone and always has produced_at once in stock or dispatched', () => {
    const milestone = fc.option(fc.constantFrom(t1, t2), { nil: null });
    const prev = fc.record({
      produced_at: milestone,
      in_stock_at: milestone,
      dispatched_at: milestone,
    });
    fc.assert(
      fc.property(prev, orderStatus, (p, status) => {
        const next = advanceMilestones(p, status, t3);
        for (const key of ['produced_at', 'in_stock_at', 'dispatched_at'] as const) {
          if (p[key] !== null) expect(next[key]).toBe(p[key]);
        }
        if (status === 'produced' || status === 'in_stock' || status === 'dispatched') {
          expect(next.produced_at).not.toBeNull();
        }
        // The same object back exactly when nothing changed, so callers can skip a write.
        const unchanged = (['produced_at', 'in_stock_at', 'dispatched_at'] as const).every(
          (key) => next[key] === p[key],
        );
        expect(next === p).toBe(unchanged);
      }),
    );
  });
});
