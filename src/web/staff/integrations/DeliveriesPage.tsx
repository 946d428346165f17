import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDateTime, formatNumber } from '../../shared/format.js';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { SelectField } from '../../shared/ui/TextField.js';
import { useStaffT } from '../staff-i18n.js';
import { DeliveryDialog, useDeliveryStatusWords } from './DeliveryDialog.js';
import { UrlText } from './UrlText.js';
import {
  EVENT_TYPES,
  useDeliveries,
  useEndpoints,
  useRetryDelivery,
  type Delivery,
  type DeliveryFilters,
} from './use-integrations.js';

/** Webhook deliveries, newest first: status, attempts, the last answer or error; retry one. */
export function DeliveriesPage() {
  const { t } = useStaffT();
  const statusWords = useDeliveryStatusWords();
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
      <div className="filters" role="search" aria-label={t('integrations.deliveries.filter')}>
        <SelectField
          label={t('integrations.deliveries.endpoint')}
          value={filters.endpoint_id ?? ''}
          onChange={(e) => set('endpoint_id', e.target.value)}
        >
          <option value="">{t('integrations.deliveries.any_endpoint')}</option>
          {endpoints.data?.data.map((e) => (
            <option key={e.id} value={e.id}>
              {e.url}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('integrations.deliveries.status_label')}
          value={filters.status ?? ''}
          onChange={(e) => set('status', e.target.value)}
        >
          <option value="">{t('integrations.deliveries.any_status')}</option>
          {Object.entries(statusWords).map(([s, w]) => (
            <option key={s} value={s}>
              {w}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('integrations.deliveries.event')}
          value={filters.event_type ?? ''}
          onChange={(e) => set('event_type', e.target.value)}
        >
          <option value="">{t('integrations.deliveries.any_event')}</option>
          {[...EVENT_TYPES, 'webhook.test' as const].map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
      </div>
      <ErrorMessage error={deliveries.error ?? retry.error} />
      <PagedTable
        list={list}
        pages={pages}
        label={t('integrations.deliveries.pages')}
        empty={
          <EmptyState title={t('integrations.deliveries.none')}>
            {t('integrations.deliveries.none_next')}
          </EmptyState>
        }
        head={
          <>
            <th scope="col">{t('integrations.deliveries.event')}</th>
            <th scope="col">{t('integrations.deliveries.endpoint')}</th>
            <th scope="col">{t('integrations.deliveries.status_label')}</th>
            <th scope="col" className="num">
              {t('integrations.deliveries.attempts')}
            </th>
            <th scope="col">{t('integrations.deliveries.last_answer')}</th>
            <th scope="col">{t('integrations.deliveries.next_attempt')}</th>
            <th scope="col">{t('integrations.deliveries.created')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('integrations.actions')}</span>
            </th>
          </>
        }
        row={(d) => (
          <tr key={d.id}>
            <th scope="row">
              <button
                type="button"
                className="link-button event-open"
                title={t('integrations.deliveries.open_title')}
                aria-label={t('integrations.deliveries.open', {
                  event: d.event_type,
                  time: formatDateTime(d.created_at),
                })}
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
              <span className={`badge delivery-${d.status}`}>{statusWords[d.status]}</span>
            </td>
            <td className="num">{formatNumber(d.attempts)}</td>
            <td>
              {d.response_status !== null &&
                t('integrations.deliveries.http', { status: d.response_status })}
              {d.response_ms !== null &&
                t('integrations.deliveries.in_ms', { ms: formatNumber(d.response_ms) })}
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
                  aria-label={t('integrations.deliveries.retry_label', {
                    event: d.event_type,
                    time: formatDateTime(d.created_at),
                  })}
                  onClick={() => retry.mutate(d.id)}
                >
                  {t('integrations.deliveries.retry')}
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
