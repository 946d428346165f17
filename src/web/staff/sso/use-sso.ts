import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import type { ApiBody, ApiResponse } from '../../shared/api/types.js';

export type SsoSettings = ApiResponse<'/v1/sso', 'get'>;

export function useSsoSettings() {
  const api = useApi();
  return useQuery({
    queryKey: ['sso'],
    queryFn: ({ signal }) => call(api.GET('/v1/sso', { signal })),
  });
}

export function useUpdateSso() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/sso', 'patch'>) => call(api.PATCH('/v1/sso', { body })),
    onSuccess: (sso) => queryClient.setQueryData(['sso'], sso),
  });
}

export function useRemoveSso() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(api.DELETE('/v1/sso')),
    onSuccess: (sso) => queryClient.setQueryData(['sso'], sso),
  });
}

/** `factory-admins = admin` lines ↔ the role map. */
export function roleMapText(map: Record<string, string>): string {
  return Object.entries(map)
    .map(([value, role]) => `${value} = ${role}`)
    .join('\n');
}

export function parseRoleMap(text: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const [value, role] = line.split('=').map((part) => part.trim());
    if (value) map[value] = role ?? '';
  }
  return map;
}
