import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import { formatDateTime, formatNumber } from '../../shared/format.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { usePortalT } from '../portal-i18n.js';

/** The catalog's words for a consignment's status. */
const STATUS_KEYS = {
  open: 'deliveries.status.open',
  closed: 'deliveries.status.closed',
  cancelled: 'deliveries.status.cancelled',
} as const;

/** The retailer's consignments from the factory, newest first, each with its delivery note. */
export function DeliveriesPage() {
  const { t } = usePortalT();
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
      <h1>{t('deliveries.title')}</h1>
      <ErrorMessage error={list.error ?? note.error} />
      {list.data?.data.length === 0 && (
        <EmptyState title={t('deliveries.none')}>{t('deliveries.none_next')}</EmptyState>
      )}
      {list.data && list.data.data.length > 0 && (
        <div className="table-wrap">
          <table className="data-table" aria-label={t('deliveries.title')}>
            <thead>
              <tr>
                <th scope="col">{t('deliveries.consignment')}</th>
                <th scope="col">{t('deliveries.state')}</th>
                <th scope="col">{t('deliveries.pieces')}</th>
                <th scope="col">{t('deliveries.reference')}</th>
                <th scope="col">{t('deliveries.carrier')}</th>
                <th scope="col">{t('deliveries.sent')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('deliveries.note')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((c) => (
                <tr key={c.id}>
                  <th scope="row">{c.number}</th>
                  <td>{t(STATUS_KEYS[c.status])}</td>
                  <td>{formatNumber(c.pieces_loaded)}</td>
                  <td>{c.reference ?? '—'}</td>
                  <td>{c.carrier ?? '—'}</td>
                  <td className="nowrap">{formatDateTime(c.closed_at)}</td>
                  <td>
                    {c.status !== 'cancelled' && (
                      <button
                        type="button"
                        className="small secondary"
                        aria-label={t('deliveries.note_for', { number: c.number })}
                        disabled={note.isPending}
                        onClick={() => void open(c.id, c.number)}
                      >
                        {t('deliveries.note')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
