import { describe, expect, it } from 'vitest';
import {
  listMoves,
  listParamsFromUrl,
  urlFromListParams,
  type ListParams,
} from '../../../../src/web/portal/orders/use-list-params.js';

const fromUrl = (query: string) => listParamsFromUrl(new URLSearchParams(query));
const toUrl = (params: ListParams) => urlFromListParams(params).toString();

const FIRST: ListParams = { status: undefined, search: undefined, after: undefined, back: [] };

describe('the portal’s order list in the URL', () => {
  it('reads the status, the search and the page’s cursors', () => {
    expect(fromUrl('status=in_stock&q=PO-1&after=ord_3&back=ord_1,ord_2')).toEqual({
      status: 'in_stock',
      search: 'PO-1',
      after: 'ord_3',
      back: ['ord_1', 'ord_2'],
    });
    expect(fromUrl('')).toEqual(FIRST);
  });

  it('leaves out a status it does not know, and a search of only spaces', () => {
    expect(fromUrl('status=lost&q=%20%20')).toEqual(FIRST);
    expect(fromUrl('q=%20PO-1%20').search).toBe('PO-1');
  });

  it('writes only what is set, and the way back only past the first page', () => {
    expect(toUrl(FIRST)).toBe('');
    expect(toUrl({ ...FIRST, status: 'produced', search: 'PO-1' })).toBe('status=produced&q=PO-1');
    expect(toUrl({ ...FIRST, back: ['ord_1'] })).toBe('');
    expect(toUrl({ ...FIRST, after: 'ord_2', back: ['ord_1'] })).toBe('after=ord_2&back=ord_1');
  });

  it('survives a round trip', () => {
    const query = 'status=dispatched&q=PO-9&after=ord_3&back=ord_1%2Cord_2';
    expect(toUrl(fromUrl(query))).toBe(query);
  });
});

describe('moving through the portal’s order list', () => {
  it('pages forward keeping the way back, and steps back page by page', () => {
    const filtered = { ...FIRST, status: 'in_stock' as const };
    const second = listMoves.next(filtered, 'ord_a');
    const third = listMoves.next(second, 'ord_b');
    expect(listMoves.page(filtered)).toBe(1);
    expect(listMoves.page(second)).toBe(2);
    expect(third).toEqual({ ...filtered, after: 'ord_b', back: ['ord_a'] });
    expect(listMoves.page(third)).toBe(3);

    expect(listMoves.previous(third)).toEqual(second);
    expect(listMoves.previous(second)).toEqual(filtered);
    expect(listMoves.first(third)).toEqual(filtered);
  });

  it('goes back to the first page on a new filter, keeping the other filter', () => {
    const third = { status: 'in_stock' as const, search: 'PO', after: 'ord_b', back: ['ord_a'] };
    expect(listMoves.filter(third, { search: 'PO-2' })).toEqual({
      status: 'in_stock',
      search: 'PO-2',
      after: undefined,
      back: [],
    });
    expect(listMoves.filter(third, { status: undefined, search: undefined })).toEqual(FIRST);
  });
});
