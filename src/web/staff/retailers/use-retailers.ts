import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import type { ApiBody, ApiResponse } from '../../shared/api/types.js';

export type Retailer = ApiResponse<'/v1/retailers/{id}', 'get'>;
export type RetailerUser = ApiResponse<'/v1/retailers/{id}/users', 'get'>['data'][number];
export type RetailerRole = RetailerUser['role'];

export type RetailerAddress = Retailer['address'];
export type AddressPart = keyof RetailerAddress;
export const ADDRESS_PARTS: readonly AddressPart[] = [
  'line1',
  'line2',
  'town',
  'postcode',
  'country',
];

/** The catalog's word for each portal role (staff catalog, `retailers.role.*`). */
export const RETAILER_ROLE_KEYS: Record<RetailerRole, string> = {
  owner: 'retailers.role.owner',
  buyer: 'retailers.role.buyer',
  viewer: 'retailers.role.viewer',
  accounts: 'retailers.role.accounts',
  integrations: 'retailers.role.integrations',
};

/** An address form's parts as the API takes them: blank parts are empty (null). */
export function addressFrom(form: FormData): RetailerAddress {
  const part = (k: AddressPart) => {
    const value = String(form.get(`address.${k}`) ?? '').trim();
    return value === '' ? null : value;
  };
  return {
    line1: part('line1'),
    line2: part('line2'),
    town: part('town'),
    postcode: part('postcode'),
    country: part('country')?.toUpperCase() ?? null,
  };
}

export function useRetailers(cursor: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['retailers', 'list', cursor ?? null],
    queryFn: ({ signal }) =>
      call(
        api.GET('/v1/retailers', {
          params: { query: { limit: 50, ...(cursor ? { starting_after: cursor } : {}) } },
          signal,
        }),
      ),
  });
}

export function useRetailer(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['retailers', 'one', id],
    queryFn: ({ signal }) =>
      call(api.GET('/v1/retailers/{id}', { params: { path: { id } }, signal })),
  });
}

export function useRetailerUsers(id: string, cursor: string | undefined, enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['retailers', 'one', id, 'users', cursor ?? null],
    enabled,
    queryFn: ({ signal }) =>
      call(
        api.GET('/v1/retailers/{id}/users', {
          params: {
            path: { id },
            query: { limit: 50, ...(cursor ? { starting_after: cursor } : {}) },
          },
          signal,
        }),
      ),
  });
}

function useInvalidateRetailers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['retailers'] });
}

export function useCreateRetailer() {
  const api = useApi();
  const invalidate = useInvalidateRetailers();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/retailers', 'post'>) =>
      call(api.POST('/v1/retailers', { body })),
    onSuccess: invalidate,
  });
}

export function useUpdateRetailer(id: string) {
  const api = useApi();
  const invalidate = useInvalidateRetailers();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/retailers/{id}', 'patch'>) =>
      call(api.PATCH('/v1/retailers/{id}', { params: { path: { id } }, body })),
    onSuccess: invalidate,
  });
}

export function useAddRetailerUser(id: string) {
  const api = useApi();
  const invalidate = useInvalidateRetailers();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/retailers/{id}/users', 'post'>) =>
      call(api.POST('/v1/retailers/{id}/users', { params: { path: { id } }, body })),
    onSuccess: invalidate,
  });
}

export function useChangeRetailerUser(id: string) {
  const api = useApi();
  const invalidate = useInvalidateRetailers();
  return useMutation({
    mutationFn: ({
      uid,
      ...body
    }: { uid: string } & ApiBody<'/v1/retailers/{id}/users/{uid}', 'patch'>) =>
      call(api.PATCH('/v1/retailers/{id}/users/{uid}', { params: { path: { id, uid } }, body })),
    onSettled: invalidate,
  });
}

export function useRemoveRetailerUser(id: string) {
  const api = useApi();
  const invalidate = useInvalidateRetailers();
  return useMutation({
    mutationFn: (uid: string) =>
      call(api.DELETE('/v1/retailers/{id}/users/{uid}', { params: { path: { id, uid } } })),
    onSuccess: invalidate,
  });
}

/** A set-password link for one of the retailer's users (single use, shown once). */
export function useMakePasswordLink(id: string) {
  const api = useApi();
  return useMutation({
    mutationFn: (uid: string) =>
      call(
        api.POST('/v1/retailers/{id}/users/{uid}/password-link', {
          params: { path: { id, uid } },
        }),
      ),
  });
}
