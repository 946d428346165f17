import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../src/domain/order-status.js';
import { isStuck, stuckThreshold } from '../../src/domain/stuck.js';

const DAY_MS = 86_400_000;
const producedAt = '2026-11-01T09:00:00.000Z';
const at = (ms: number): Date => new Date(Date.parse(producedAt) + ms);

// Instants whose ISO form is the stored format (four-digit years).
const instant = fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(9000, 0, 1) });
const days = fc.integer({ min: 1, max: 365 });

describe('isStuck', () => {
  it('becomes stuck only after more than stuck_after_days since produced_at', () => {
    for (const status of ['produced', 'in_stock'] as const) {
      const stuckAt = (ms: number): boolean =>
        isStuck({ status, produced_at: producedAt, now: at(ms), stuck_after_days: 7 });
      expect(stuckAt(0)).toBe(false);
      expect(stuckAt(7 * DAY_MS)).toBe(false);
      expect(stuckAt(7 * DAY_MS + 1)).toBe(true);
    }
  });

  it('is always stuck when partially dispatched, never for other statuses', () => {
    for (const status of ORDER_STATUSES) {
      const stuck = isStuck({ status, produced_at: null, now: at(0), stuck_after_days: 7 });
      expect(stuck).toBe(status === 'partially_dispatched');
      const old = isStuck({
        status,
        produced_at: producedAt,
        now: at(400 * DAY_MS),
        stuck_after_days: 7,
      });
      expect(old).toBe(['produced', 'in_stock', 'partially_dispatched'].includes(status));
    }
  });

  it('follows stuck_after_days: once stuck by age, later instants stay stuck', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'produced' | 'in_stock'>('produced', 'in_stock'),
        instant,
        days,
        fc.integer({ min: 0, max: 400 * DAY_MS }),
        fc.integer({ min: 0, max: 400 * DAY_MS }),
        (status, produced, stuckAfterDays, elapsed, later) => {
          const produced_at = new Date(produced).toISOString();
          const stuckAfter = (ms: number): boolean =>
            isStuck({
              status,
              produced_at,
              now: new Date(produced + ms),
              stuck_after_days: stuckAfterDays,
            });
          expect(stuckAfter(elapsed)).toBe(elapsed > stuckAfterDays * DAY_MS);
          if (stuckAfter(elapsed)) expect(stuckAfter(elapsed + later)).toBe(true);
        },
      ),
    );
  });
});

describe('stuckThreshold', () => {
  it('is now minus the days, in the stored ISO format', () => {
    expect(stuckThreshold(new Date('2026-11-22T09:15:00.123Z'), 7)).toBe(
      '2026-11-15T09:15:00.123Z',
    );
  });

  it('agrees with isStuck when produced_at is compared to it as a string', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'produced' | 'in_stock'>('produced', 'in_stock'),
        instant,
        instant,
        days,
        (status, produced, now, stuckAfterDays) => {
          const produced_at = new Date(produced).toISOString();
          const threshold = stuckThreshold(new Date(now), stuckAfterDays);
          expect(produced_at < threshold).toBe(
            isStuck({ status, produced_at, now: new Date(now), stuck_after_days: stuckAfterDays }),
          );
        },
      ),
    );
  });

  it('agrees with isStuck at the boundary', () => {
    fc.assert(
      fc.property(instant, days, fc.integer({ min: -2, max: 2 }), (now, stuckAfterDays, offset) => {
        const produced_at = new Date(now - stuckAfterDays * DAY_MS + offset).toISOString();
        const threshold = stuckThreshold(new Date(now), stuckAfterDays);
        expect(produced_at < threshold).toBe(offset < 0);
        expect(
          isStuck({
            status: 'produced',
            produced_at,
            now: new Date(now),
            stuck_after_days: stuckAfterDays,
          }),
        ).toBe(offset < 0);
      }),
    );
  });
});
