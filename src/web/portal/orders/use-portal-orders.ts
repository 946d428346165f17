import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import type { OrderStatus } from './order-types.js';

/** Orders on one page of the list. */
export const PAGE_SIZE = 25;

export interface OrderFilters {
  status: OrderStatus | undefined;
  search: string | undefined;
}

const query = (filters: OrderFilters) => ({
  ...(filters.status ? { status: filters.status } : {}),
  ...(filters.search ? { order_no_contains: filters.search } : {}),
});

/** One page of the retailer's orders. The page shown stays while the next one loads. */
export function usePortalOrders(filters: OrderFilters, after: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['portal', 'orders', filters, after ?? null],
    queryFn: ({ signal }) =>
      call(
        api.GET('/v1/portal/orders', {
          params: {
            query: {
              ...query(filters),
              limit: PAGE_SIZE,
              ...(after ? { starting_after: after } : {}),
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** One of the retailer's orders; another retailer's is "not found", as one that never was. */
export function usePortalOrder(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['portal', 'order', id],
    queryFn: ({ signal }) =>
      call(api.GET('/v1/portal/orders/{id}', { params: { path: { id } }, signal })),
  });
}

/** The file name the server gave in content-disposition, if it gave one. */
function fileNameOf(disposition: string | null): string | undefined {
  return /filename="?([^";]+)"?/.exec(disposition ?? '')?.[1];
}

/** Hands a file to the browser's downloads, as a link with `download` would. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns: keep it a while.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads every order that matches the filters as CSV (the server follows every page): the
 * list as the retailer filtered it, not only the page on screen.
 */
export function useCsvExport() {
  const api = useApi();
  return useMutation({
    mutationFn: async (filters: OrderFilters) => {
      const request = api.GET('/v1/portal/orders.csv', {
        params: { query: query(filters) },
        parseAs: 'blob',
      });
      const blob = await call(request);
      const { response } = await request;
      saveFile(blob, fileNameOf(response.headers.get('content-disposition')) ?? 'orders.csv');
    },
  });
}
