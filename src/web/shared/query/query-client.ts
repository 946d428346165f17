import { QueryClient } from '@tanstack/react-query';
import { ApiError, isTransient } from '../api/api-error.js';

/**
 * The one query layer of the staff app and the portal: caching, refetching and retries decided
 * here, not per screen. Refusals (4xx) are never retried — the answer will not change — and a
 * server that does not answer is tried twice more. 401s are handled by the API client
 * (`onUnauthorized`), which drops the session.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (failures, error) => isTransient(error) && failures < 2,
        refetchOnWindowFocus: (query) => !(query.state.error instanceof ApiError),
      },
      mutations: { retry: false },
    },
  });
}
