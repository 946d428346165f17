import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_COUNT_LIMIT } from '../../src/core/orders/count-orders.js';
import { recomputeOrder } from '../../src/core/orders/recompute-order.js';
import { transact } from '../../src/core/transaction.js';
import { ORDER_STATUSES } from '../../src/domain/order-status.js';
import { createSecondFactory, makeTestApp, type TestApp } from '../helpers/app.js';
import { addRetailer, pushOrder } from '../core/orders/fixtures.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const counts = async (token?: string) => {
  const res = await t.request('GET', '/v1/order-counts', token ? { token } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /v1/order-counts', () => {
  it('counts orders per status (every status, zero ones too) and stuck ones, per factory', async () => {
    const retailer = await addRetailer(t);
    const orders: { id: string }[] = [];
    for (let i = 0; i < 4; i++) {
      orders.push(await pushOrder(t, { order_no: `PO-${i}`, retailer_id: retailer.id }));
    }
    // One in stock (stuck once the scheduler marks it), one cancelled.
    await t.core.db
      .updateTable('pieces')
      .set({ status: 'in_stock', scanned: 1 })
      .where('order_id', '=', orders[0]!.id)
      .execute();
    await transact(t.core, (tx) => recomputeOrder(tx, t.factoryId, orders[0]!.id));
    await t.core.db
      .updateTable('orders')
      .set({ stuck: 1 })
      .where('id', '=', orders[0]!.id)
      .execute();
    expect((await t.request('POST', `/v1/orders/${orders[1]!.id}/cancel`)).statusCode).toBe(200);
    const other = await createSecondFactory(t.core);

    const answer = await counts();
    expect(answer).toEqual({
      object: 'order_counts',
      limit: ORDER_COUNT_LIMIT,
      statuses: ORDER_STATUSES.map((status) => ({
        status,
        count: { awaiting_production: 2, in_stock: 1, cancelled: 1 }[status as string] ?? 0,
        exact: true,
      })),
      stuck: { count: 1, exact: true },
    });
    // The list filters agree with the counts.
    const stuckList = (await t.request('GET', '/v1/orders?stuck=true')).json();
    expect(stuckList.data.map((o: { id: string }) => o.id)).toEqual([orders[0]!.id]);

    const theirs = await counts(other.apiKey);
    expect(theirs.statuses.every((s: { count: number }) => s.count === 0)).toBe(true);
  });

  it(`stops counting past ${ORDER_COUNT_LIMIT} and says the count is a lower bound`, async () => {
    const retailer = await addRetailer(t);
    const order = await pushOrder(t, { order_no: 'PO-1', retailer_id: retailer.id });
    // Copies of one order row, straight into the table: pieces are not what is counted.
    const row = await t.core.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const copies = Array.from({ length: ORDER_COUNT_LIMIT + 5 }, (_, i) => ({
      ...row,
      id: `ord_${String(i).padStart(26, '0')}`,
      order_no: `X-${i}`,
    }));
    for (let i = 0; i < copies.length; i += 500) {
      await t.core.db
        .insertInto('orders')
        .values(copies.slice(i, i + 500))
        .execute();
    }
    const answer = await counts();
    expect(answer.statuses[0]).toEqual({
      status: 'awaiting_production',
      count: ORDER_COUNT_LIMIT,
      exact: false,
    });
    expect(answer.statuses[1]).toEqual({ status: 'in_production', count: 0, exact: true });
  });
});
