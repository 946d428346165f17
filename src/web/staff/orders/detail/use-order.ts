import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../shared/api/api-context.js';
import { call } from '../../../shared/api/client.js';
import type { ApiResponse } from '../../../shared/api/types.js';

export type Order = ApiResponse<'/v1/orders/{id}', 'get'>;
export type Piece = Order['pieces'][number];
export type Scan = Order['scans'][number];
export type VoidedLabel = ApiResponse<'/v1/orders/{id}/voided-labels', 'get'>['data'][number];

/** One order with its pieces and scans, fetched again when the event stream says it changed. */
export function useOrder(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['orders', 'one', id],
    queryFn: ({ signal }) => call(api.GET('/v1/orders/{id}', { params: { path: { id } }, signal })),
  });
}

/** Every label voided on the order (a few at most), to mark the relabelled pieces. */
export function useVoidedLabels(id: string) {
  const api = useApi();
  return useQuery({
    queryKey: ['orders', 'one', id, 'voided'],
    queryFn: async ({ signal }) => {
      const all: VoidedLabel[] = [];
      let after: string | undefined;
      do {
        const page = await call(
          api.GET('/v1/orders/{id}/voided-labels', {
            params: {
              path: { id },
              query: { limit: 100, ...(after ? { starting_after: after } : {}) },
            },
            signal,
          }),
        );
        all.push(...page.data);
        after = page.next_cursor ?? undefined;
      } while (after);
      return all;
    },
  });
}

/** Everything the orders screens show about orders: refetched after any change to one. */
function useInvalidateOrders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['orders'] });
}

export function useCancelOrder(id: string) {
  const api = useApi();
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: () => call(api.POST('/v1/orders/{id}/cancel', { params: { path: { id } } })),
    onSettled: invalidate,
  });
}

export function useVoidLabel() {
  const api = useApi();
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (input: { barcode: string; reason?: string }) =>
      call(
        api.POST('/v1/items/{barcode}/void', {
          params: { path: { barcode: input.barcode } },
          body: input.reason ? { reason: input.reason } : {},
        }),
      ),
    onSuccess: invalidate,
  });
}

export type LabelFormat = 'pdf' | 'zpl';
export type LabelDpi = 203 | 300;

/** Fetches an order's labels (PDF or ZPL) as a file; the pieces are marked printed. */
export function useOrderLabels(id: string) {
  const api = useApi();
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (input: { format: LabelFormat; pieces: 'all' | 'unprinted'; dpi: LabelDpi }) =>
      call<Blob>(
        api.GET('/v1/orders/{id}/labels', {
          params: { path: { id }, query: input },
          parseAs: 'blob',
        }),
      ),
    onSettled: invalidate,
  });
}

/** One piece's label, by barcode: what to reprint after a void. */
export function usePieceLabel() {
  const api = useApi();
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: (input: { barcode: string; format: LabelFormat; dpi: LabelDpi }) =>
      call<Blob>(
        api.GET('/v1/items/{barcode}/label', {
          params: {
            path: { barcode: input.barcode },
            query: { format: input.format, dpi: input.dpi },
          },
          parseAs: 'blob',
        }),
      ),
    onSettled: invalidate,
  });
}

/** The printers an order's labels can be sent to (the Printers screen manages them). */
export function usePrinterChoices() {
  const api = useApi();
  return useQuery({
    queryKey: ['printers', 'choices'],
    queryFn: ({ signal }) =>
      call(api.GET('/v1/printers', { params: { query: { limit: 100 } }, signal })),
  });
}

/** Queues an order's labels on a printer: they print when its turn comes. */
export function useSendToPrinter(orderId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { printer_id: string; pieces: 'all' | 'unprinted' }) =>
      call(api.POST('/v1/print-jobs', { body: { ...body, order_id: orderId } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['print-jobs'] }),
  });
}
