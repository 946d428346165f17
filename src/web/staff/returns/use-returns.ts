import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import type { ApiBody, ApiResponse } from '../../shared/api/types.js';

export type Return = ApiResponse<'/v1/returns/{id}', 'get'>;
export type ReturnStatus = Return['status'];

export function useReturns(status: ReturnStatus | undefined, cursor: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['returns', 'list', status ?? 'all', cursor ?? null],
    queryFn: ({ signal }) =>
      call(
        api.GET('/v1/returns', {
          params: {
            query: {
              limit: 50,
              ...(status ? { status } : {}),
              ...(cursor ? { starting_after: cursor } : {}),
            },
          },
          signal,
        }),
      ),
  });
}

/** A return changes a piece and its order: both lists are asked again. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['returns'] }),
      queryClient.invalidateQueries({ queryKey: ['orders'] }),
    ]);
}

export function useCreateReturn() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/returns', 'post'>) => call(api.POST('/v1/returns', { body })),
    onSuccess: invalidate,
  });
}

export function useCloseReturn(id: string) {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/returns/{id}', 'patch'>) =>
      call(api.PATCH('/v1/returns/{id}', { params: { path: { id } }, body })),
    onSuccess: invalidate,
  });
}
