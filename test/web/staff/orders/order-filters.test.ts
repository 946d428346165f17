import { describe, expect, it } from 'vitest';
import {
  FILTER_KEYS,
  filtersFromUrl,
  hasFilters,
  listQuery,
  urlFromFilters,
  type OrderFilters,
} from '../../../../src/web/staff/orders/order-filters.js';

const url = (query: string) => new URLSearchParams(query);

/** Every filter set, as a link to the orders page would carry them. */
const ALL: Required<OrderFilters> = {
  status: 'in_stock',
  retailer_id: 'ret_01',
  stuck: true,
  stuck_reason: 'waiting_since',
  needed_by_before: '2026-12-01',
  updated_since: '2026-11-20T08:00:00.000Z',
  order_no: 'PO-10',
};

describe('the staff order filters in the URL', () => {
  it('reads every filter the URL names', () => {
    expect(filtersFromUrl(urlFromFilters(ALL))).toEqual(ALL);
  });

  it('writes only what is set, in one stable order, with the page cursor last', () => {
    expect(urlFromFilters({}).toString()).toBe('');
    expect(urlFromFilters({ order_no: 'PO-1', status: 'produced' }).toString()).toBe(
      'status=produced&order_no=PO-1',
    );
    expect(urlFromFilters({ stuck: false }, 'ord_9').toString()).toBe('stuck=false&after=ord_9');
    expect([...urlFromFilters(ALL, 'ord_1').keys()]).toEqual([...FILTER_KEYS, 'after']);
  });

  it('leaves out an empty order number rather than writing it', () => {
    expect(urlFromFilters({ order_no: '' }).toString()).toBe('');
  });

  it('survives a round trip: the URL of what it read is the URL it read', () => {
    const query = urlFromFilters(ALL).toString();
    expect(urlFromFilters(filtersFromUrl(url(query))).toString()).toBe(query);
  });

  it('leaves out values the API would refuse, keeping the rest', () => {
    expect(
      filtersFromUrl(
        url(
          'status=lost&stuck=yes&stuck_reason=late&needed_by_before=1%20Dec' +
            '&updated_since=yesterday&retailer_id=ret_02',
        ),
      ),
    ).toEqual({ retailer_id: 'ret_02' });
    expect(filtersFromUrl(url('needed_by_before=2026-12-01T00:00:00Z'))).toEqual({});
  });

  it('ignores what it does not know, including the page cursor', () => {
    expect(filtersFromUrl(url('after=ord_5&sort=old&status=cancelled'))).toEqual({
      status: 'cancelled',
    });
  });

  it('trims the order number and drops one of only spaces', () => {
    expect(filtersFromUrl(url('order_no=%20PO-7%20'))).toEqual({ order_no: 'PO-7' });
    expect(filtersFromUrl(url('order_no=%20%20'))).toEqual({});
  });

  it('keeps a reason without stuck (the API reads it as stuck), but not with stuck=false', () => {
    expect(filtersFromUrl(url('stuck_reason=partially_dispatched'))).toEqual({
      stuck_reason: 'partially_dispatched',
    });
    expect(filtersFromUrl(url('stuck=false&stuck_reason=partially_dispatched'))).toEqual({
      stuck: false,
    });
  });

  it('knows whether any filter is set', () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters(filtersFromUrl(url('status=lost')))).toBe(false);
    expect(hasFilters({ stuck: false })).toBe(true);
  });
});

describe('the list query the filters make', () => {
  it('sends the filters with the page size, and the cursor only past the first page', () => {
    expect(listQuery({ status: 'produced' }, undefined, 50)).toEqual({
      status: 'produced',
      limit: 50,
    });
    expect(listQuery(ALL, 'ord_3', 25)).toEqual({ ...ALL, limit: 25, starting_after: 'ord_3' });
  });
});
