import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import type { ApiBody, ApiResponse } from '../../shared/api/types.js';

export type Consignment = ApiResponse<'/v1/consignments/{id}', 'get'>;
export type ConsignmentStatus = Consignment['status'];
export type LabelDpi = 203 | 300;

export function useConsignments(status: ConsignmentStatus | undefined, cursor: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['consignments', 'list', status ?? 'all', cursor ?? null],
    queryFn: ({ signal }) =>
      call(
        api.GET('/v1/consignments', {
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

export function useConsignment(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['consignments', 'one', id],
    queryFn: ({ signal }) =>
      call(api.GET('/v1/consignments/{id}', { params: { path: { id } }, signal })),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['consignments'] });
}

export function useCreateConsignment() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/consignments', 'post'>) =>
      call(api.POST('/v1/consignments', { body })),
    onSuccess: invalidate,
  });
}

export function useCloseConsignment(id: string) {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/consignments/{id}/close', 'post'>) =>
      call(api.POST('/v1/consignments/{id}/close', { params: { path: { id } }, body })),
    onSuccess: invalidate,
  });
}

export function useCancelConsignment(id: string) {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => call(api.POST('/v1/consignments/{id}/cancel', { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}

export function useAddHandlingUnit(id: string) {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () =>
      call(api.POST('/v1/consignments/{id}/handling-units', { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}

/** The delivery note (PDF) or the SSCC labels (PDF at the factory's default resolution). */
export function useConsignmentDocument(id: string) {
  const api = useApi();
  return useMutation({
    mutationFn: (input: { document: 'delivery_note' } | { document: 'labels'; dpi: LabelDpi }) =>
      input.document === 'delivery_note'
        ? call<Blob>(
            api.GET('/v1/consignments/{id}/delivery-note', {
              params: { path: { id } },
              parseAs: 'blob',
            }),
          )
        : call<Blob>(
            api.GET('/v1/consignments/{id}/labels', {
              params: { path: { id }, query: { format: 'pdf', dpi: input.dpi } },
              parseAs: 'blob',
            }),
          ),
  });
}
