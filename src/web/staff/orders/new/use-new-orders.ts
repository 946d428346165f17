import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../shared/api/api-context.js';
import { call } from '../../../shared/api/client.js';
import type { ApiBody } from '../../../shared/api/types.js';

export type NewOrder = ApiBody<'/v1/orders', 'post'>;

export function useCreateOrder() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewOrder) => call(api.POST('/v1/orders', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/** A key that makes a resent import answer the first import, never import twice. */
function idempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `upload-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** POST /v1/orders/upload: `dryRun` checks every row and writes nothing. */
export function useUploadOrders() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
      call(
        api.POST('/v1/orders/upload', {
          params: { query: { dry_run: dryRun } },
          body: csv,
          bodySerializer: (text: string) => text,
          headers: {
            'content-type': 'text/csv',
            ...(dryRun ? {} : { 'idempotency-key': idempotencyKey() }),
          },
        }),
      ),
    onSuccess: (answer) => {
      if (!answer.dry_run) void queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}
