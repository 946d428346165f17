import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import { listQuery, type OrderFilters } from './order-filters.js';

export const ORDERS_PAGE_SIZE = 50;

/**
 * One page of orders. It is fetched again when the event stream says orders changed
 * (live/LiveUpdates.tsx), and keeps showing the rows it has while the next answer loads, so the
 * table never blanks and rows stay where they are.
 */
export function useOrders(filters: OrderFilters, after: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['orders', 'list', filters, after ?? null],
    queryFn: ({ signal }) =>
      call(
        api.GET('/v1/orders', {
          params: { query: listQuery(filters, after, ORDERS_PAGE_SIZE) },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** Orders per status and stuck ones, fetched again with the list. */
export function useOrderCounts() {
  const api = useApi();
  return useQuery({
    queryKey: ['orders', 'counts'],
    queryFn: ({ signal }) => call(api.GET('/v1/order-counts', { signal })),
  });
}
