import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import { formatDateTime } from '../../shared/format.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';

const STATUS_WORDS = { open: 'Being loaded', closed: 'Sent', cancelled: 'Cancelled' } as const;

/** The retailer's consignments from the factory, newest first, each with its delivery note. */
export function DeliveriesPage() {
  const api = useApi();
  const list = useQuery({
    queryKey: ['portal', 'consignments'],
    queryFn: ({ signal }) =>
      call(api.GET('/v1/portal/consignments', { params: { query: { limit: 100 } }, signal })),
  });
  const note = useMutation({
    mutationFn: (id: string) =>
      call<Blob>(
        api.GET('/v1/portal/consignments/{id}/delivery-note', {
          params: { path: { id } },
          parseAs: 'blob',
        }),
      ),
  });

  async function open(id: string, number: string) {
    const pdf = await note.mutateAsync(id).catch(() => null);
    if (!pdf) return;
    const url = URL.createObjectURL(new Blob([pdf], { type: 'application/pdf' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `delivery-note-${number.replace(' ', '-')}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }

  return (
    <section>
      <h1>Deliveries</h1>
      <ErrorMessage error={list.error ?? note.error} />
      {list.data?.data.length === 0 && (
        <EmptyState title="No deliveries yet">
          When the factory loads a truck for you, its consignment and delivery note appear here.
        </EmptyState>
      )}
      {list.data && list.data.data.length > 0 && (
        <table className="data-table" aria-label="Deliveries">
          <thead>
            <tr>
              <th scope="col">Consignment</th>
              <th scope="col">Status</th>
              <th scope="col">Pieces</th>
              <th scope="col">Reference</th>
              <th scope="col">Carrier</th>
              <th scope="col">Sent</th>
              <th scope="col">
                <span className="visually-hidden">Delivery note</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((c) => (
              <tr key={c.id}>
                <th scope="row">{c.number}</th>
                <td>{STATUS_WORDS[c.status]}</td>
                <td>{c.pieces_loaded}</td>
                <td>{c.reference ?? '—'}</td>
                <td>{c.carrier ?? '—'}</td>
                <td className="nowrap">{formatDateTime(c.closed_at)}</td>
                <td>
                  {c.status !== 'cancelled' && (
                    <button
                      type="button"
                      className="small secondary"
                      aria-label={`Delivery note ${c.number}`}
                      disabled={note.isPending}
                      onClick={() => void open(c.id, c.number)}
                    >
                      Delivery note
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
