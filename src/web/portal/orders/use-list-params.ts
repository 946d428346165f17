import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/orders/order-status.js';

/** What the orders list shows, as the URL keeps it: a link or a reload shows the same page. */
export interface ListParams {
  status: OrderStatus | undefined;
  /** Part of an order number. */
  search: string | undefined;
  /** `starting_after` of the page shown; undefined on the first page. */
  after: string | undefined;
  /** The cursors of the pages before this one, so Previous knows the way back. */
  back: string[];
}

const isStatus = (value: string | null): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value ?? '');

/** What a URL's query says the list shows; a status the API does not know is left out. */
export function listParamsFromUrl(params: URLSearchParams): ListParams {
  const status = params.get('status');
  const back = params.get('back');
  return {
    status: isStatus(status) ? status : undefined,
    search: params.get('q')?.trim() || undefined,
    after: params.get('after') || undefined,
    back: back ? back.split(',').filter(Boolean) : [],
  };
}

/** The URL query for what the list shows: the cursors only past the first page. */
export function urlFromListParams(next: ListParams): URLSearchParams {
  const url = new URLSearchParams();
  if (next.status) url.set('status', next.status);
  if (next.search) url.set('q', next.search);
  if (next.after) {
    url.set('after', next.after);
    if (next.back.length > 0) url.set('back', next.back.join(','));
  }
  return url;
}

/**
 * How the list moves: a filter goes back to the first page; paging keeps the filters, and the
 * cursors of the pages before, so Previous knows the way back.
 */
export const listMoves = {
  /** 1 on the first page. */
  page: (now: ListParams): number => (now.after === undefined ? 1 : now.back.length + 2),
  filter: (
    now: ListParams,
    filters: { status?: OrderStatus | undefined; search?: string | undefined },
  ): ListParams => ({ ...now, ...filters, after: undefined, back: [] }),
  next: (now: ListParams, cursor: string): ListParams => ({
    ...now,
    after: cursor,
    back: now.after === undefined ? [] : [...now.back, now.after],
  }),
  previous: (now: ListParams): ListParams => ({
    ...now,
    after: now.back.at(-1),
    back: now.back.slice(0, -1),
  }),
  first: (now: ListParams): ListParams => ({ ...now, after: undefined, back: [] }),
};

/**
 * The list's filters and page in the URL (`?status=in_stock&q=PO-1&after=ord_…&back=ord_…`).
 * Each change is a history entry, so the browser's Back button steps back through pages and
 * filters.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const current = useMemo(() => listParamsFromUrl(params), [params]);

  // Changes start from the address as it is now, not as it was at the last render: two quick
  // changes (a status, then a search) must both stick.
  const change = useCallback(
    (next: (now: ListParams) => ListParams) =>
      setParams(
        urlFromListParams(next(listParamsFromUrl(new URLSearchParams(window.location.search)))),
      ),
    [setParams],
  );

  return {
    ...current,
    /** 1 on the first page. */
    page: listMoves.page(current),
    filter: (filters: { status?: OrderStatus | undefined; search?: string | undefined }) =>
      change((now) => listMoves.filter(now, filters)),
    next: (cursor: string) => change((now) => listMoves.next(now, cursor)),
    previous: () => change(listMoves.previous),
    first: () => change(listMoves.first),
  };
}
