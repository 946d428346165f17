import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import type { ApiBody, ApiResponse } from '../../shared/api/types.js';

export type Settings = ApiResponse<'/v1/settings', 'get'>;
export type Company = ApiResponse<'/v1/company', 'get'>;
export type StaffUser = ApiResponse<'/v1/staff/{id}', 'get'>;

export function useUpdateSettings() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/settings', 'patch'>) =>
      call(api.PATCH('/v1/settings', { body })),
    onSuccess: (settings) => queryClient.setQueryData(['settings'], settings),
  });
}

export function useCompany() {
  const api = useApi();
  return useQuery({
    queryKey: ['company'],
    queryFn: ({ signal }) => call(api.GET('/v1/company', { signal })),
  });
}

export function useUpdateCompany() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/company', 'patch'>) => call(api.PATCH('/v1/company', { body })),
    onSuccess: (company) => queryClient.setQueryData(['company'], company),
  });
}

export function usePlans() {
  const api = useApi();
  return useQuery({
    queryKey: ['plans'],
    queryFn: ({ signal }) => call(api.GET('/v1/plans', { signal })),
    staleTime: Infinity,
  });
}

export function useStaffUsers(cursor: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['staff', 'list', cursor ?? null],
    queryFn: ({ signal }) =>
      call(
        api.GET('/v1/staff', {
          params: { query: { limit: 50, ...(cursor ? { starting_after: cursor } : {}) } },
          signal,
        }),
      ),
  });
}

export function useCreateStaffUser() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/staff', 'post'>) => call(api.POST('/v1/staff', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}

export function useUpdateStaffUser() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & ApiBody<'/v1/staff/{id}', 'patch'>) =>
      call(api.PATCH('/v1/staff/{id}', { params: { path: { id } }, body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
}
