import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';

/** The scanner test label as a PDF (its dpi is the factory's default). */
export function useTestLabel() {
  const api = useApi();
  return useMutation({
    mutationFn: (dpi: 203 | 300) =>
      call<Blob>(
        api.GET('/v1/hardware/test-label', {
          params: { query: { format: 'pdf', dpi } },
          parseAs: 'blob',
        }),
      ),
  });
}
