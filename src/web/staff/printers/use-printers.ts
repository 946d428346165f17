import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import type { ApiBody, ApiResponse } from '../../shared/api/types.js';

export type Printer = ApiResponse<'/v1/printers/{id}', 'get'>;
export type PrintJob = ApiResponse<'/v1/print-jobs/{id}', 'get'>;

export function usePrinters() {
  const api = useApi();
  return useQuery({
    queryKey: ['printers'],
    queryFn: ({ signal }) =>
      call(api.GET('/v1/printers', { params: { query: { limit: 100 } }, signal })),
  });
}

export function usePrintJobs(printerId: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: ['print-jobs', printerId ?? null],
    queryFn: ({ signal }) =>
      call(
        api.GET('/v1/print-jobs', {
          params: { query: { limit: 50, ...(printerId ? { printer_id: printerId } : {}) } },
          signal,
        }),
      ),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['printers'] }),
      queryClient.invalidateQueries({ queryKey: ['print-jobs'] }),
    ]);
}

export function useAddPrinter() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/printers', 'post'>) => call(api.POST('/v1/printers', { body })),
    onSuccess: invalidate,
  });
}

export function useDeletePrinter() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => call(api.DELETE('/v1/printers/{id}', { params: { path: { id } } })),
    onSuccess: invalidate,
  });
}

export function useQueuePrintJob() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: ApiBody<'/v1/print-jobs', 'post'>) =>
      call(api.POST('/v1/print-jobs', { body })),
    onSuccess: invalidate,
  });
}

export function useJobAction() {
  const api = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'cancel' | 'retry' }) =>
      action === 'cancel'
        ? call(api.POST('/v1/print-jobs/{id}/cancel', { params: { path: { id } } }))
        : call(api.POST('/v1/print-jobs/{id}/retry', { params: { path: { id } } })),
    onSettled: invalidate,
  });
}

export type PrintRules = ApiResponse<'/v1/settings', 'get'>['print_rules'];

/** The auto-print rules (setting `print_rules`). */
export function usePrintRules() {
  const api = useApi();
  return useQuery({
    queryKey: ['settings'],
    queryFn: ({ signal }) => call(api.GET('/v1/settings', { signal })),
    select: (settings) => settings.print_rules,
  });
}

export function useSavePrintRules() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: PrintRules) =>
      call(api.PATCH('/v1/settings', { body: { print_rules: rules } })),
    onSuccess: (settings) => queryClient.setQueryData(['settings'], settings),
  });
}
