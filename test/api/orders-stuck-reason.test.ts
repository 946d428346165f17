import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recomputeStuck } from '../../src/core/jobs/stuck-recompute.js';
import { DAY } from '../../src/domain/clock.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { addRetailer, pushOrder, setPieces as setPiecesOf } from '../core/orders/fixtures.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((o) => o.id);

const setPieces = (orderId: string, status: string, where?: string) =>
  setPiecesOf(t, orderId, status, where);

async function stuckEvents(): Promise<{ order_id: string; order: Record<string, unknown> }[]> {
  const rows = (await t.sql
    .prepare("select data from events where type = 'order.stuck' order by id")
    .all()) as { data: string }[];
  return rows.map((r) => JSON.parse(r.data));
}

describe('stuck_reason', () => {
  it('says why an order is stuck on the order, the list and the order.stuck payload, and filters by it', async () => {
    const retailer = await addRetailer(t);
    const waiting = await pushOrder(t, { order_no: 'WAIT', retailer_id: retailer.id });
    const split = await pushOrder(t, { order_no: 'SPLIT', retailer_id: retailer.id });
    const fresh = await pushOrder(t, { order_no: 'FRESH', retailer_id: retailer.id });
    expect(fresh.stuck_reason).toBeNull();
    const made = await pushOrder(t, { order_no: 'MADE', retailer_id: retailer.id });
    await setPieces(made.id, 'produced');
    await setPieces(waiting.id, 'in_stock');
    await setPieces(split.id, 'dispatched', 'piece_no = 1');

    const reasons = async () => {
      const res = await t.request('GET', '/v1/orders');
      return Object.fromEntries(
        res
          .json()
          .data.map((o: { order_no: string; stuck: boolean; stuck_reason: string | null }) => [
            o.order_no,
            [o.stuck, o.stuck_reason],
          ]),
      );
    };
    // Part dispatched is stuck at once; in stock only after stuck_after_days (7) from produced_at.
    expect(await reasons()).toEqual({
      WAIT: [false, null],
      SPLIT: [true, 'partially_dispatched'],
      FRESH: [false, null],
      MADE: [false, null],
    });
    const [splitEvent] = await stuckEvents();
    expect(splitEvent!.order_id).toBe(split.id);
    expect(splitEvent!.order.stuck_reason).toBe('partially_dispatched');

    t.clock.advance(7 * DAY + 1);
    expect(await reasons()).toEqual({
      WAIT: [true, 'waiting_since'],
      SPLIT: [true, 'partially_dispatched'],
      FRESH: [false, null],
      MADE: [true, 'waiting_since'],
    });
    const one = await t.request('GET', `/v1/orders/${waiting.id}`);
    expect([one.json().stuck, one.json().stuck_reason]).toEqual([true, 'waiting_since']);

    // The scheduler stores the flag and emits order.stuck with the reason in the payload.
    expect(await recomputeStuck(t.core)).toEqual({ became_stuck: 2, cleared: 0 });
    const waitEvent = (await stuckEvents()).find((e) => e.order_id === waiting.id);
    expect(waitEvent!.order.stuck_reason).toBe('waiting_since');

    const list = (query: string) => t.request('GET', `/v1/orders?${query}`);
    expect(ids(await list('stuck_reason=partially_dispatched'))).toEqual([split.id]);
    // Waiting: produced and in-stock orders together, newest first, in keyset pages.
    expect(ids(await list('stuck_reason=waiting_since'))).toEqual([made.id, waiting.id]);
    const first = await list('stuck_reason=waiting_since&limit=1');
    expect([ids(first), first.json().has_more]).toEqual([[made.id], true]);
    const second = await list(
      `stuck_reason=waiting_since&limit=1&starting_after=${first.json().next_cursor}`,
    );
    expect([ids(second), second.json().has_more]).toEqual([[waiting.id], false]);
    expect(ids(await list('stuck=true'))).toEqual([made.id, split.id, waiting.id]);
    expect(ids(await list('stuck=true&stuck_reason=waiting_since&status=in_stock'))).toEqual([
      waiting.id,
    ]);
    expect(ids(await list(`stuck_reason=waiting_since&retailer_id=${retailer.id}`))).toEqual([
      made.id,
      waiting.id,
    ]);
    expect(ids(await list('stuck_reason=partially_dispatched&status=in_stock'))).toEqual([]);

    const contradicting = await list('stuck=false&stuck_reason=waiting_since');
    expect(contradicting.statusCode).toBe(400);
    expect(contradicting.json().error.param).toBe('stuck_reason');
    const unknown = await list('stuck_reason=late');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(
      'stuck_reason must be one of: partially_dispatched, waiting_since.',
    );
  });

  it('leaves the reason and the creator out of the retailer portal', async () => {
    const retailer = await addRetailer(t);
    const split = await pushOrder(t, { order_no: 'SPLIT', retailer_id: retailer.id });
    await setPieces(split.id, 'dispatched', 'piece_no = 1');
    const staffView = (await t.request('GET', `/v1/orders/${split.id}`)).json();
    expect(staffView.stuck_reason).toBe('partially_dispatched');
    expect(staffView.created_by).toMatchObject({ type: 'api_key' });

    const password = 'correct horse battery';
    await t.request('POST', `/v1/retailers/${retailer.id}/users`, {
      body: { email: 'bea@shop.test', name: 'Bea', role: 'owner', password },
    });
    const login = await t.request('POST', '/v1/portal/auth/login', {
      token: null,
      body: { email: 'bea@shop.test', password },
    });
    const token = login.json().token as string;
    for (const url of [`/v1/portal/orders/${split.id}`, '/v1/portal/orders']) {
      const res = await t.request('GET', url, { token });
      expect(res.statusCode, res.body).toBe(200);
      const order = url.endsWith('orders') ? res.json().data[0] : res.json();
      expect(order.id).toBe(split.id);
      expect(order).not.toHaveProperty('stuck_reason');
      expect(order).not.toHaveProperty('created_by');
    }
  });
});
