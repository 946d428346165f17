import { sqliteOf } from '../../helpers/dialect.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../../src/core/orders/create-order.js';
import { getOrder } from '../../../src/core/orders/order-view.js';
import { recomputeOrder } from '../../../src/core/orders/recompute-order.js';
import { createRetailer } from '../../../src/core/retailers/retailers.js';
import { transact } from '../../../src/core/transaction.js';
import { DAY } from '../../../src/domain/clock.js';
import { PIECE_STATUSES, type PieceStatus } from '../../../src/domain/order-status.js';
import { makeTestApp, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let retailerId: string;
let orderCount = 0;
beforeAll(async () => {
  t = await makeTestApp();
  retailerId = (await createRetailer(t.core, t.factoryId, { name: 'Acme', code: 'ACME' })).id;
});
afterAll(async () => {
  await t.close();
});

/** DESIGN §5 "Order status", written out independently of the domain code. */
function expectedStatus(cancelled: boolean, statuses: PieceStatus[]): string {
  if (cancelled) return 'cancelled';
  const rest = statuses.filter((s) => s !== 'written_off');
  if (rest.every((s) => s === 'dispatched')) return 'dispatched';
  if (rest.some((s) => s === 'dispatched' || s === 'returned')) return 'partially_dispatched';
  if (rest.every((s) => s === 'in_stock')) return 'in_stock';
  const made = (s: PieceStatus) => s === 'produced' || s === 'in_stock';
  if (rest.every(made)) return 'produced';
  if (rest.some(made)) return 'in_production';
  return 'awaiting_production';
}

const liveStatus = fc.constantFrom(...PIECE_STATUSES.filter((s) => s !== 'cancelled'));
const piece = fc.record({ status: liveStatus, scanned: fc.boolean() });
/** One change to the pieces, some time after the previous one. */
const step = (n: number) =>
  fc.record({
    pieces: fc.array(piece, { minLength: n, maxLength: n }),
    after: fc.integer({ min: 0, max: 20 * DAY }),
  });
const scenario = fc.integer({ min: 1, max: 6 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    steps: fc.array(step(n), { minLength: 1, maxLength: 4 }),
    cancelAtEnd: fc.boolean(),
    stuckAfterDays: fc.integer({ min: 1, max: 30 }),
    lookAhead: fc.array(fc.integer({ min: 0, max: 40 * DAY }), { minLength: 1, maxLength: 3 }),
  }),
);

describe('recomputeOrder', () => {
  it('stores the DESIGN status, consistent counters and milestones, and stuck follows the clock', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (sc) => {
        sqliteOf(t.store)
          .prepare('update settings set stuck_after_days = ? where factory_id = ?')
          .run(sc.stuckAfterDays, t.factoryId);
        const order = await createOrder(
          t.core,
          t.factoryId,
          {
            order_no: `P-${orderCount++}`,
            retailer_id: retailerId,
            lines: [{ sku: 'S', qty: sc.n, pieces_per_unit: 1 }],
          },
          'api',
        );
        const setPiece = sqliteOf(t.store).prepare(
          'update pieces set status = ?, scanned = ? where id = ?',
        );
        let previous = 'awaiting_production';
        let producedAt: string | null = null;
        for (const s of sc.steps) {
          t.clock.advance(s.after);
          s.pieces.forEach((p, i) =>
            setPiece.run(p.status, p.scanned ? 1 : 0, order.pieces[i]!.id),
          );
          const statuses = s.pieces.map((p) => p.status);
          const result = await transact(t.core, (tx) => recomputeOrder(tx, t.factoryId, order.id));
          const want = expectedStatus(false, statuses);
          expect(result).toMatchObject({ from: previous, to: want, changed: previous !== want });

          const stored = sqliteOf(t.store)
            .prepare('select * from orders where id = ?')
            .get(order.id) as Record<string, unknown>;
          expect(stored.status).toBe(want);
          expect(stored.pieces_total).toBe(sc.n);
          expect(stored.pieces_scanned).toBe(s.pieces.filter((p) => p.scanned).length);
          expect(stored.pieces_in_stock).toBe(statuses.filter((x) => x === 'in_stock').length);
          expect(stored.pieces_dispatched).toBe(statuses.filter((x) => x === 'dispatched').length);
          expect(JSON.parse(stored.piece_states as string)).toEqual(
            PIECE_STATUSES.filter((x) => (statuses as string[]).includes(x)),
          );
          // produced_at is set the first time the order is produced, in stock or dispatched.
          if (producedAt === null && ['produced', 'in_stock', 'dispatched'].includes(want)) {
            producedAt = t.clock.now().toISOString();
          }
          expect(stored.produced_at).toBe(producedAt);
          expect(result.order.status).toBe(want);
          previous = want;
        }

        // As the clock moves on, reads say stuck exactly per the rule and the setting.
        const start = t.clock.now().getTime();
        for (const ahead of sc.lookAhead) {
          t.clock.set(new Date(start + ahead));
          const read = await getOrder(t.core.db, t.factoryId, order.id, { now: t.clock.now() });
          const byAge =
            (previous === 'produced' || previous === 'in_stock') &&
            producedAt !== null &&
            t.clock.now().getTime() - Date.parse(producedAt) > sc.stuckAfterDays * DAY;
          expect(read.stuck).toBe(previous === 'partially_dispatched' || byAge);
        }

        if (sc.cancelAtEnd && !['partially_dispatched', 'dispatched'].includes(previous)) {
          sqliteOf(t.store)
            .prepare('update orders set cancelled_at = ? where id = ?')
            .run(t.clock.now().toISOString(), order.id);
          const result = await transact(t.core, (tx) => recomputeOrder(tx, t.factoryId, order.id));
          expect(result.to).toBe('cancelled');
          expect(result.order.stuck).toBe(false);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('emits order.status_changed only on a change, and order.stuck once when it becomes stuck', async () => {
    const order = await createOrder(
      t.core,
      t.factoryId,
      {
        order_no: 'EVENTS',
        retailer_id: retailerId,
        lines: [{ sku: 'S', qty: 2, pieces_per_unit: 1 }],
      },
      'api',
    );
    const typesSince = (() => {
      const mark = (
        sqliteOf(t.store).prepare('select count(*) as n from events').get() as { n: number }
      ).n;
      return () =>
        (
          sqliteOf(t.store).prepare('select type from events order by rowid').all() as {
            type: string;
          }[]
        )
          .slice(mark)
          .map((e) => e.type);
    })();
    const recompute = () => transact(t.core, (tx) => recomputeOrder(tx, t.factoryId, order.id));
    const set = (i: number, status: string) =>
      sqliteOf(t.store)
        .prepare('update pieces set status = ?, scanned = 1 where id = ?')
        .run(status, order.pieces[i]!.id);

    await recompute();
    expect(typesSince()).toEqual([]);
    set(0, 'dispatched');
    set(1, 'in_stock');
    await recompute();
    await recompute();
    expect(typesSince()).toEqual(['order.status_changed', 'order.stuck']);
    const stored = sqliteOf(t.store)
      .prepare('select stuck, stuck_since from orders where id = ?')
      .get(order.id);
    expect(stored).toEqual({ stuck: 1, stuck_since: t.clock.now().toISOString() });
    set(1, 'dispatched');
    await recompute();
    expect(typesSince()).toEqual(['order.status_changed', 'order.stuck', 'order.status_changed']);
    expect(
      sqliteOf(t.store).prepare('select stuck, stuck_since from orders where id = ?').get(order.id),
    ).toEqual({
      stuck: 0,
      stuck_since: null,
    });
  });

  it('moves one piece between counts exactly as counting the pieces again would', async () => {
    // A random walk of single-piece moves (what scans do), each told to recomputeOrder, against
    // the same order counted from scratch after every step.
    const move = fc.record({
      piece: fc.nat(7),
      to: fc.constantFrom(...PIECE_STATUSES),
      scan: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 12 }), async (moves) => {
        const order = await createOrder(
          t.core,
          t.factoryId,
          {
            order_no: `M-${orderCount++}`,
            retailer_id: retailerId,
            lines: [{ sku: 'S', qty: 4, pieces_per_unit: 2 }],
          },
          'api',
        );
        const read = sqliteOf(t.store).prepare('select status, scanned from pieces where id = ?');
        const write = sqliteOf(t.store).prepare(
          'update pieces set status = ?, scanned = ? where id = ?',
        );
        const counted = sqliteOf(t.store).prepare(
          `select status, pieces_total, pieces_scanned, pieces_awaiting_production, pieces_produced,
             pieces_in_stock, pieces_dispatched, pieces_returned, pieces_written_off,
             pieces_cancelled, piece_states from orders where id = ?`,
        );
        for (const m of moves) {
          const id = order.pieces[m.piece]!.id;
          const before = read.get(id) as { status: PieceStatus; scanned: number };
          const scanned = before.scanned === 1 || m.scan;
          write.run(m.to, scanned ? 1 : 0, id);
          await transact(t.core, (tx) =>
            recomputeOrder(tx, t.factoryId, order.id, {
              from: before.status,
              to: m.to,
              firstScan: scanned && before.scanned === 0,
            }),
          );
          const incremental = counted.get(order.id);
          await transact(t.core, (tx) => recomputeOrder(tx, t.factoryId, order.id));
          expect(incremental).toEqual(counted.get(order.id));
        }
      }),
      { numRuns: 40 },
    );
  });
});
