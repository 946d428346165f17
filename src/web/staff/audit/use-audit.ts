import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import type { ApiResponse } from '../../shared/api/types.js';

export type AuditEntry = ApiResponse<'/v1/audit-log', 'get'>['data'][number];
export type AuditVerification = ApiResponse<'/v1/audit-log/verify', 'get'>;

export interface AuditFilters {
  action?: string;
  actor_id?: string;
  target_id?: string;
}

export function useAuditLog(filters: AuditFilters, cursor: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['audit', 'list', filters, cursor ?? null],
    queryFn: ({ signal }) =>
      call(
        api.GET('/v1/audit-log', {
          params: {
            query: { limit: 50, ...filters, ...(cursor ? { starting_after: cursor } : {}) },
          },
          signal,
        }),
      ),
  });
}

/** The chain's check, run when asked (it walks every row). */
export function useAuditVerification() {
  const api = useApi();
  return useQuery({
    queryKey: ['audit', 'verify'],
    queryFn: ({ signal }) => call(api.GET('/v1/audit-log/verify', { signal })),
    enabled: false,
  });
}
