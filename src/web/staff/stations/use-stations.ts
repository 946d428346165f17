import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import type { ApiBody, ApiResponse } from '../../shared/api/types.js';
import { useStaffT } from '../staff-i18n.js';

export type Station = ApiResponse<'/v1/stations/{id}', 'get'>;
export type HardwareCheck = NonNullable<Station['hardware']>;
export type PairingCode = ApiResponse<'/v1/pairing-codes', 'post'>;
export type StationRole = Station['role'];

export const STATION_ROLES: StationRole[] = ['produce', 'stock', 'dispatch', 'board'];

const ROLE_KEYS: Record<StationRole, string> = {
  produce: 'stations.role.produce',
  stock: 'stations.role.stock',
  dispatch: 'stations.role.dispatch',
  board: 'stations.role.board',
};
const SCANS_KEYS: Record<StationRole, string> = {
  produce: 'stations.scans.produce',
  stock: 'stations.scans.stock',
  dispatch: 'stations.scans.dispatch',
  board: 'stations.scans.board',
};

/** A station role in the page's language: its name ("Produce"), and its scans in a sentence. */
export function useRoleWords() {
  const { t } = useStaffT();
  return {
    role: (role: StationRole) => t(ROLE_KEYS[role]),
    scans: (role: StationRole) => t(SCANS_KEYS[role]),
  };
}

export function useStations(cursor: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['stations', 'list', cursor ?? null],
    queryFn: ({ signal }) =>
      call(
        api.GET('/v1/stations', {
          params: { query: { limit: 50, ...(cursor ? { starting_after: cursor } : {}) } },
          signal,
        }),
      ),
  });
}

export function useStation(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['stations', 'one', id],
    queryFn: ({ signal }) =>
      call(api.GET('/v1/stations/{id}', { params: { path: { id } }, signal })),
  });
}

export function useHardwareChecks(id: string, cursor: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['stations', 'one', id, 'checks', cursor ?? null],
    queryFn: ({ signal }) =>
      call(
        api.GET('/v1/stations/{id}/hardware-checks', {
          params: {
            path: { id },
            query: { limit: 20, ...(cursor ? { starting_after: cursor } : {}) },
          },
          signal,
        }),
      ),
  });
}

export function useCreatePairingCode() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/pairing-codes', 'post'>) =>
      call(api.POST('/v1/pairing-codes', { body })),
  });
}

/**
 * Follows one pairing code until it is used or expires: the code's own record says so, whatever
 * other stations share its name. Stops asking once it knows.
 */
export function usePairingCodeState(id: string | undefined) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['stations', 'pairing-code', id],
    enabled: id !== undefined,
    queryFn: async ({ signal }) => {
      const state = await call(
        api.GET('/v1/pairing-codes/{id}', { params: { path: { id: id! } }, signal }),
      );
      if (state.status === 'paired')
        void queryClient.invalidateQueries({ queryKey: ['stations', 'list'] });
      return state;
    },
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' || !query.state.data ? 2_000 : false,
    refetchIntervalInBackground: true,
  });
}

export function useUpdateStation(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/stations/{id}', 'patch'>) =>
      call(api.PATCH('/v1/stations/{id}', { params: { path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stations'] }),
  });
}

export function useRevokeStation(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.DELETE('/v1/stations/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['stations'] }),
  });
}
