import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';

/** The retailer's users, for an owner (the server refuses every other role). */
export function usePortalUsers(after: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['portal', 'users', after ?? null],
    queryFn: ({ signal }) =>
      call(
        api.GET('/v1/portal/users', {
          params: { query: { limit: 50, ...(after ? { starting_after: after } : {}) } },
          signal,
        }),
      ),
  });
}

export function useSetUserPassword() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, password }: { uid: string; password: string }) =>
      call(
        api.POST('/v1/portal/users/{uid}/password', {
          params: { path: { uid } },
          body: { password },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['portal', 'users'] }),
  });
}

export function useMakeUserPasswordLink() {
  const api = useApi();
  return useMutation({
    mutationFn: (uid: string) =>
      call(api.POST('/v1/portal/users/{uid}/password-link', { params: { path: { uid } } })),
  });
}
