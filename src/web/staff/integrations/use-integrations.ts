import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import type { ApiBody, ApiPaths, ApiResponse } from '../../shared/api/types.js';

export type ApiKey = ApiResponse<'/v1/api-keys', 'get'>['data'][number];
export type Endpoint = ApiResponse<'/v1/webhooks/{id}', 'get'>;
export type Delivery = ApiResponse<'/v1/webhook-deliveries', 'get'>['data'][number];
type DeliveryQuery = NonNullable<ApiPaths['/v1/webhook-deliveries']['get']['parameters']['query']>;
export type DeliveryFilters = Pick<DeliveryQuery, 'endpoint_id' | 'status' | 'event_type'>;
/** What an endpoint can subscribe to: a `webhook.test` goes only to the endpoint asked for. */
export { EVENT_TYPES, type EventType } from '../../../contract/enums.js';

const page = (cursor: string | undefined, limit = 50) => ({
  limit,
  ...(cursor ? { starting_after: cursor } : {}),
});

export function useApiKeys(cursor: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['api-keys', cursor ?? null],
    queryFn: ({ signal }) =>
      call(api.GET('/v1/api-keys', { params: { query: page(cursor) }, signal })),
  });
}

export type NewApiKey = ApiBody<'/v1/api-keys', 'post'>;
export type RolledApiKey = ApiResponse<'/v1/api-keys/{id}/roll', 'post'>;
export { API_KEY_SCOPES, type ApiKeyScope } from '../../../contract/enums.js';

export function useCreateApiKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewApiKey) => call(api.POST('/v1/api-keys', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}

/** Rolls a key: a new one now, the old one working for `overlap_seconds` more. */
export function useRollApiKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, overlap_seconds }: { id: string; overlap_seconds: number }) =>
      call(
        api.POST('/v1/api-keys/{id}/roll', {
          params: { path: { id } },
          body: { overlap_seconds },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}

export function useRevokeApiKey() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.DELETE('/v1/api-keys/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}

export function useEndpoints(cursor: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['webhooks', 'endpoints', cursor ?? null],
    queryFn: ({ signal }) =>
      call(api.GET('/v1/webhooks', { params: { query: page(cursor, 100) }, signal })),
  });
}

function useInvalidateWebhooks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['webhooks'] });
}

export function useCreateEndpoint() {
  const api = useApi();
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/webhooks', 'post'>) => call(api.POST('/v1/webhooks', { body })),
    onSuccess: invalidate,
  });
}

export function useUpdateEndpoint() {
  const api = useApi();
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & ApiBody<'/v1/webhooks/{id}', 'patch'>) =>
      call(api.PATCH('/v1/webhooks/{id}', { params: { path: { id } }, body })),
    onSettled: invalidate,
  });
}

/** A new signing secret; the old one signs beside it until `expires_at`. */
export function useRotateSecret() {
  const api = useApi();
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: ({ id, expires_at }: { id: string; expires_at: string }) =>
      call(
        api.POST('/v1/webhooks/{id}/rotate-secret', {
          params: { path: { id } },
          body: { expires_at },
        }),
      ),
    onSuccess: invalidate,
  });
}

export function useDeleteEndpoint() {
  const api = useApi();
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (id: string) => call(api.DELETE('/v1/webhooks/{id}', { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}

/** Deliveries, newest first, refreshed while shown: a delivery moves on by itself. */
export function useDeliveries(filters: DeliveryFilters, cursor: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['webhooks', 'deliveries', filters, cursor ?? null],
    queryFn: ({ signal }) =>
      call(
        api.GET('/v1/webhook-deliveries', {
          params: { query: { ...filters, ...page(cursor) } },
          signal,
        }),
      ),
    refetchInterval: 5_000,
  });
}

export function useRetryDelivery() {
  const api = useApi();
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: (id: string) =>
      call(api.POST('/v1/webhook-deliveries/{id}/retry', { params: { path: { id } } })),
    onSettled: invalidate,
  });
}

/** One delivery with the payload it sends; refreshed while open, as it may still move on. */
export function useDelivery(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['webhooks', 'delivery', id],
    queryFn: ({ signal }) =>
      call(api.GET('/v1/webhook-deliveries/{id}', { params: { path: { id } }, signal })),
    refetchInterval: 5_000,
  });
}

/** Queues a signed `webhook.test` event for one endpoint. */
export function useSendTestEvent() {
  const api = useApi();
  const invalidate = useInvalidateWebhooks();
  return useMutation({
    mutationFn: async ({ id, url }: { id: string; url: string }) => ({
      url,
      delivery: await call(api.POST('/v1/webhooks/{id}/test', { params: { path: { id } } })),
    }),
    onSettled: invalidate,
  });
}
