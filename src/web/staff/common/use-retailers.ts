import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';

/**
 * The factory's retailers for pickers (filters, the new order form): the newest 100, which is
 * every retailer for nearly every factory.
 */
export function useRetailerOptions() {
  const api = useApi();
  return useQuery({
    queryKey: ['retailers', 'options'],
    queryFn: ({ signal }) =>
      call(api.GET('/v1/retailers', { params: { query: { limit: 100 } }, signal })),
    staleTime: 60_000,
  });
}
