import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import type { ApiResponse } from '../../shared/api/types.js';

export type ThroughputReport = Exclude<ApiResponse<'/v1/reports/throughput', 'get'>, string>;
export type CycleTimesReport = Exclude<ApiResponse<'/v1/reports/cycle-times', 'get'>, string>;

/** The last `hours` hours, to now: the range the Reports screen shows. */
export function lastHours(hours: number, now = Date.now()): { from: string; to: string } {
  return {
    from: new Date(now - hours * 3_600_000).toISOString(),
    to: new Date(now).toISOString(),
  };
}

/** Throughput by hour and role over the last `hours` hours (fetched again on scans). */
export function useThroughput(hours: number) {
  const api = useApi();
  return useQuery({
    queryKey: ['reports', 'throughput', hours],
    queryFn: async ({ signal }) =>
      (await call(
        api.GET('/v1/reports/throughput', {
          params: { query: { ...lastHours(hours), bucket: 'hour', group_by: 'role' } },
          signal,
        }),
      )) as ThroughputReport,
  });
}

/** Cycle times per piece over the last `days` days. */
export function useCycleTimes(days: number, per: 'piece' | 'order') {
  const api = useApi();
  return useQuery({
    queryKey: ['reports', 'cycle-times', days, per],
    queryFn: async ({ signal }) =>
      (await call(
        api.GET('/v1/reports/cycle-times', {
          params: { query: { ...lastHours(days * 24), per } },
          signal,
        }),
      )) as CycleTimesReport,
  });
}
