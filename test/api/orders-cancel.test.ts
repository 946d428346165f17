import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recomputeOrder } from '../../src/core/orders/recompute-order.js';
import { transact } from '../../src/core/transaction.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { addRetailer, pushOrder } from '../core/orders/fixtures.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const events = async () =>
  (
    (await t.sql.prepare('select type, data from events order by id').all()) as {
      type: string;
      data: string;
    }[]
  ).map((e) => ({ type: e.type, data: JSON.parse(e.data) }));

describe('POST /v1/orders/{id}/cancel', () => {
  it('cancels every piece and the order once; cancelling again answers the same order', async () => {
    const retailer = await addRetailer(t);
    const order = await pushOrder(t, {
      order_no: 'PO-1',
      retailer_id: retailer.id,
      lines: [{ sku: 'S', qty: 2, pieces_per_unit: 2 }],
    });
    // One piece already made: it is cancelled too.
    await t.sql
      .prepare(`update pieces set status = 'produced', scanned = 1 where id = ?`)
      .run(order.pieces[0].id);
    await transact(t.core, (tx) => recomputeOrder(tx, t.factoryId, order.id));
    t.clock.advance(1000);

    const res = await t.request('POST', `/v1/orders/${order.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = res.json();
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelled_at: t.clock.now().toISOString(),
      piece_states: ['cancelled'],
      stuck: false,
    });
    expect(cancelled.pieces.every((p: { status: string }) => p.status === 'cancelled')).toBe(true);

    const types = (await events()).map((e) => e.type);
    expect(types.slice(-2)).toEqual(['order.status_changed', 'order.cancelled']);
    const changed = (await events()).at(-2)!.data;
    expect(changed).toMatchObject({
      order_id: order.id,
      order_no: 'PO-1',
      from: 'in_production',
      to: 'cancelled',
    });
    expect((await events()).at(-1)!.data).toMatchObject({ id: order.id, status: 'cancelled' });

    t.clock.advance(1000);
    const again = await t.request('POST', `/v1/orders/PO-1/cancel`);
    expect(again.statusCode).toBe(200);
    expect(again.json().cancelled_at).toBe(cancelled.cancelled_at);
    expect((await events()).map((e) => e.type)).toEqual(types);
  });

  it('refuses (409) once a piece is dispatched or back as a return, and changes nothing', async () => {
    const retailer = await addRetailer(t);
    for (const status of ['dispatched', 'returned']) {
      const order = await pushOrder(t, { order_no: `PO-${status}`, retailer_id: retailer.id });
      await t.sql
        .prepare(`update pieces set status = ? where id = ?`)
        .run(status, order.pieces[1].id);
      await transact(t.core, (tx) => recomputeOrder(tx, t.factoryId, order.id));
      const res = await t.request('POST', `/v1/orders/${order.id}/cancel`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('order_not_cancellable');
      const after = (await t.request('GET', `/v1/orders/${order.id}`)).json();
      expect(after.status).toBe('partially_dispatched');
      expect(after.cancelled_at).toBeNull();
      expect(after.pieces[0].status).toBe('awaiting_production');
    }
    expect(
      (await t.request('POST', '/v1/orders/ord_00000000000000000000000000/cancel')).statusCode,
    ).toBe(404);
  });
});
