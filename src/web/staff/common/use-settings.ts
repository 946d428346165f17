import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';

/** The factory's settings (every staff user may read them). */
export function useSettings() {
  const api = useApi();
  return useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => call(api.GET('/v1/settings', { signal })),
    staleTime: 60_000,
  });
}
