import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import type { ApiBody, ApiResponse } from '../../shared/api/types.js';

export type Operator = ApiResponse<'/v1/operators/{id}', 'get'>;
export type OperatorLanguage = Operator['language'];

export function useOperators(cursor: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['operators', 'list', cursor ?? null],
    queryFn: ({ signal }) =>
      call(
        api.GET('/v1/operators', {
          params: { query: { limit: 50, ...(cursor ? { starting_after: cursor } : {}) } },
          signal,
        }),
      ),
  });
}

export function useCreateOperator() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/operators', 'post'>) =>
      call(api.POST('/v1/operators', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operators'] }),
  });
}

export function useUpdateOperator() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & ApiBody<'/v1/operators/{id}', 'patch'>) =>
      call(api.PATCH('/v1/operators/{id}', { params: { path: { id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operators'] }),
  });
}

/** An operator's badge, or the sign-out badge, as a PDF to print. */
export function useBadge() {
  const api = useApi();
  return useMutation({
    mutationFn: (id: string | null) =>
      id === null
        ? call<Blob>(
            api.GET('/v1/operators/sign-out-badge', {
              params: { query: { format: 'pdf' } },
              parseAs: 'blob',
            }),
          )
        : call<Blob>(
            api.GET('/v1/operators/{id}/badge', {
              params: { path: { id }, query: { format: 'pdf' } },
              parseAs: 'blob',
            }),
          ),
  });
}
