import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../shared/format.js';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { SelectField } from '../../shared/ui/TextField.js';
import { DeliveryDialog } from './DeliveryDialog.js';
import { UrlText } from './UrlText.js';
import {
  EVENT_TYPES,
  useDeliveries,
  useEndpoints,
  useRetryDelivery,
  type Delivery,
  type DeliveryFilters,
} from './use-integrations.js';

const STATUS_WORDS: Record<Delivery['status'], string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  retrying: 'Retrying',
  failed: 'Failed',
};

/** Webhook deliveries, newest first: status, attempts, the last answer or error; retry one. */
export function DeliveriesPage() {
  const [params, setParams] = useSearchParams();
  const filters: DeliveryFilters = {
    ...(params.get('endpoint_id') ? { endpoint_id: params.get('endpoint_id')! } : {}),
    ...(params.get('status') ? { status: params.get('status') as Delivery['status'] } : {}),
    ...(params.get('event_type')
      ? { event_type: params.get('event_type') as DeliveryFilters['event_type'] }
      : {}),
  };
  const pages = useKeysetPages();
  const deliveries = useDeliveries(filters, pages.cursor);
  const endpoints = useEndpoints(undefined);
  const retry = useRetryDelivery();
  const [opened, setOpened] = useState<Delivery | null>(null);
  const urlOf = new Map(endpoints.data?.data.map((e) => [e.id, e.url]));
  const list = deliveries.data;

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
    pages.first();
  };

  return (
    <>
      <div className="filters" role="search" aria-label="Filter deliveries">
        <SelectField
          label="Endpoint"
          value={filters.endpoint_id ?? ''}
          onChange={(e) => set('endpoint_id', e.target.value)}
        >
          <option value="">Any endpoint</option>
          {endpoints.data?.data.map((e) => (
            <option key={e.id} value={e.id}>
              {e.url}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          onChange={(e) => set('status', e.target.value)}
        >
          <option value="">Any status</option>
          {Object.entries(STATUS_WORDS).map(([s, w]) => (
            <option key={s} value={s}>
              {w}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Event"
          value={filters.event_type ?? ''}
          onChange={(e) => set('event_type', e.target.value)}
        >
          <option value="">Any event</option>
          {[...EVENT_TYPES, 'webhook.test' as const].map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
      </div>
      <ErrorMessage error={deliveries.error ?? retry.error} />
      <PagedTable
        list={list}
        pages={pages}
        label="Delivery pages"
        empty={
          <EmptyState title="No deliveries">
            A delivery is made for each event an endpoint is subscribed to. Add an endpoint under
            Webhooks; deliveries appear here as events happen.
          </EmptyState>
        }
        head={
          <>
            <th scope="col">Event</th>
            <th scope="col">Endpoint</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Attempts
            </th>
            <th scope="col">Last answer</th>
            <th scope="col">Next attempt</th>
            <th scope="col">Created</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(d) => (
          <tr key={d.id}>
            <th scope="row">
              <button
                type="button"
                className="link-button event-open"
                title="Open: the payload as sent, and the last answer"
                aria-label={`${d.event_type}: open the delivery of ${formatDateTime(d.created_at)}`}
                onClick={() => setOpened(d)}
              >
                {d.event_type}
              </button>
            </th>
            <td className="url-cell">
              {urlOf.has(d.endpoint_id) ? (
                <UrlText url={urlOf.get(d.endpoint_id)!} />
              ) : (
                // A deleted endpoint: only its id is left, which may break anywhere.
                <span className="record-id">{d.endpoint_id}</span>
              )}
            </td>
            <td>
              <span className={`badge delivery-${d.status}`}>{STATUS_WORDS[d.status]}</span>
            </td>
            <td className="num">{d.attempts}</td>
            <td>
              {d.response_status !== null && `HTTP ${d.response_status}`}
              {d.response_ms !== null && ` in ${d.response_ms} ms`}
              {d.error && <div className="delivery-error">{d.error}</div>}
              {d.response_status === null && !d.error && '—'}
            </td>
            <td className="nowrap">{formatDateTime(d.next_attempt_at)}</td>
            <td className="nowrap">{formatDateTime(d.created_at)}</td>
            <td className="row-actions">
              {d.status !== 'pending' && (
                <button
                  type="button"
                  className="small secondary"
                  disabled={retry.isPending}
                  aria-label={`Retry delivery of ${d.event_type} from ${formatDateTime(d.created_at)}`}
                  onClick={() => retry.mutate(d.id)}
                >
                  Retry
                </button>
              )}
            </td>
          </tr>
        )}
      />
      {opened && (
        <DeliveryDialog
          id={opened.id}
          url={urlOf.get(opened.endpoint_id)}
          onClose={() => setOpened(null)}
        />
      )}
    </>
  );
}
