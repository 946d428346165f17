import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

describe('GET /v1/orders', () => {
  it('returns every order exactly once across pages, newest first, while new orders arrive', async () => {
    const retailer = await addRetailer(t);
    const existing: string[] = [];
    for (let i = 0; i < 12; i++) {
      t.clock.advance(1);
      existing.push((await pushOrder(t, { order_no: `PO-${i}`, retailer_id: retailer.id })).id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/v1/orders?limit=5${cursor ? `&starting_after=${cursor}` : ''}`;
      const res = await t.request('GET', url);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.object).toBe('list');
      for (const item of page.data) {
        expect(item).not.toHaveProperty('pieces');
        expect(item).not.toHaveProperty('scans');
        expect(item.object).toBe('order');
      }
      seen.push(...ids(res));
      cursor = page.next_cursor;
      expect(page.has_more).toBe(cursor !== null);
      // An order arriving mid-way sorts before the cursor: it never shifts a page.
      t.clock.advance(1);
      await pushOrder(t, { order_no: `NEW-${pages}`, retailer_id: retailer.id });
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...existing].reverse());
  });

  it('filters by status, retailer, order_no, needed_by_before and updated_since', async () => {
    const acme = await addRetailer(t, 'ACME');
    const beta = await addRetailer(t, 'BETA', 'Beta Beds');
    const a = await pushOrder(t, { order_no: 'A', retailer_id: acme.id, needed_by: '2026-02-01' });
    t.clock.advance(1);
    const b = await pushOrder(t, { order_no: 'B', retailer_id: beta.id, needed_by: '2026-03-01' });
    t.clock.advance(DAY);
    const c = await pushOrder(t, { order_no: 'C', retailer_id: acme.id });
    await setPieces(a.id, 'produced');

    const q = async (query: string) => {
      const res = await t.request('GET', `/v1/orders?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return ids(res);
    };
    expect(await q('status=produced')).toEqual([a.id]);
    expect(await q('status=awaiting_production')).toEqual([c.id, b.id]);
    expect(await q(`retailer_id=${acme.id}`)).toEqual([c.id, a.id]);
    expect(await q(`retailer_id=${acme.id}&status=produced`)).toEqual([a.id]);
    expect(await q('order_no=B')).toEqual([b.id]);
    expect(await q('needed_by_before=2026-03-01')).toEqual([a.id]);
    expect(await q('needed_by_before=2026-03-02')).toEqual([b.id, a.id]);
    // a was updated (produced) and c created a day after the start.
    const since = new Date(Date.parse('2026-01-05T08:00:00.001Z') + DAY).toISOString();
    expect(await q(`updated_since=${since}`)).toEqual([c.id, a.id]);
    expect(await q('updated_since=2026-01-06T09:00:00%2B01:00')).toEqual([c.id, a.id]);

    const bad = await t.request('GET', '/v1/orders?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.param).toBe('status');
    expect((await t.request('GET', '/v1/orders?needed_by_before=tomorrow')).statusCode).toBe(400);
    expect((await t.request('GET', '/v1/orders?colour=red')).statusCode).toBe(400);
  });

  it('names the retailer by id or code; an unknown one is 404, never an empty list', async () => {
    const acme = await addRetailer(t, 'ACME-UK');
    const beta = await addRetailer(t, 'BETA', 'Beta Beds');
    const a = await pushOrder(t, { order_no: 'A', retailer_id: acme.id });
    await pushOrder(t, { order_no: 'B', retailer_id: beta.id });

    for (const retailer of [acme.id, 'ACME-UK', 'acme-uk']) {
      const res = await t.request('GET', `/v1/orders?retailer=${retailer}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(ids(res)).toEqual([a.id]);
    }
    for (const [query, param, value] of [
      ['retailer=ACME', 'retailer', 'ACME'],
      ['retailer=rtl_01JD0000000000000000000000', 'retailer', 'rtl_01JD0000000000000000000000'],
      [
        'retailer_id=rtl_01JD0000000000000000000000',
        'retailer_id',
        'rtl_01JD0000000000000000000000',
      ],
    ]) {
      const res = await t.request('GET', `/v1/orders?${query}`);
      expect(res.statusCode, query).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'not_found', param });
      expect(res.json().error.message).toContain(`"${value}"`);
    }
    const both = await t.request('GET', `/v1/orders?retailer=ACME-UK&retailer_id=${acme.id}`);
    expect(both.statusCode).toBe(400);
    expect(both.json().error.param).toBe('retailer');
  });

  it('shows stuck exactly as the clock moves, and filters on the stored flag', async () => {
    const retailer = await addRetailer(t);
    const made = await pushOrder(t, { order_no: 'MADE', retailer_id: retailer.id });
    const split = await pushOrder(t, { order_no: 'SPLIT', retailer_id: retailer.id });
    await pushOrder(t, { order_no: 'NEW', retailer_id: retailer.id });
    await setPieces(made.id, 'in_stock');
    await setPieces(split.id, 'dispatched', 'piece_no = 1');

    const stuckOf = async () => {
      const res = await t.request('GET', '/v1/orders');
      return Object.fromEntries(
        res.json().data.map((o: { order_no: string; stuck: boolean }) => [o.order_no, o.stuck]),
      );
    };
    // Partially dispatched is stuck at once; in stock only after more than 7 days (default).
    expect(await stuckOf()).toEqual({ MADE: false, SPLIT: true, NEW: false });
    expect(ids(await t.request('GET', '/v1/orders?stuck=true'))).toEqual([split.id]);
    t.clock.advance(7 * DAY);
    expect((await stuckOf()).MADE).toBe(false);
    t.clock.advance(1);
    expect((await stuckOf()).MADE).toBe(true);
    const single = await t.request('GET', `/v1/orders/${made.id}`);
    expect(single.json().stuck).toBe(true);

    // The setting is read at request time.
    await t.request('PATCH', '/v1/settings', { body: { stuck_after_days: 30 } });
    expect((await stuckOf()).MADE).toBe(false);
    expect(ids(await t.request('GET', '/v1/orders?stuck=false'))).toHaveLength(2);
  });
});
