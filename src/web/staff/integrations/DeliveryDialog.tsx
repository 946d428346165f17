import { Trans } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../shared/format.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { UrlText } from './UrlText.js';
import { useStaffT } from '../staff-i18n.js';
import { useDelivery, type Delivery } from './use-integrations.js';

const STATUS_KEYS: Record<Delivery['status'], string> = {
  pending: 'integrations.deliveries.status.pending',
  succeeded: 'integrations.deliveries.status.succeeded',
  retrying: 'integrations.deliveries.status.retrying',
  failed: 'integrations.deliveries.status.failed',
};

/** A delivery's status in the page's language, per status. */
export function useDeliveryStatusWords(): Record<Delivery['status'], string> {
  const { t } = useStaffT();
  return Object.fromEntries(
    Object.entries(STATUS_KEYS).map(([status, key]) => [status, t(key)]),
  ) as Record<Delivery['status'], string>;
}

/**
 * One delivery opened: the payload exactly as each attempt posts it (signed), and what is kept of
 * the receiver's last answer — status, time, error. Answer bodies are never stored (DESIGN §11:
 * responses are not echoed back), so there is none to show.
 */
export function DeliveryDialog({
  id,
  url,
  onClose,
}: {
  id: string;
  url: string | undefined;
  onClose: () => void;
}) {
  const { t } = useStaffT();
  const statusWords = useDeliveryStatusWords();
  const delivery = useDelivery(id);
  const d = delivery.data;
  return (
    <Dialog
      title={
        d
          ? t('integrations.deliveries.title', { event: d.event_type })
          : t('integrations.deliveries.title_loading')
      }
      onClose={onClose}
      wide
    >
      <ErrorMessage error={delivery.error} />
      {!d && !delivery.error && <p className="loading">{t('integrations.loading')}</p>}
      {d && (
        <>
          <h3>{t('integrations.deliveries.response')}</h3>
          <dl className="facts" aria-label={t('integrations.deliveries.response')}>
            <dt>{t('integrations.deliveries.endpoint')}</dt>
            <dd>{url ? <UrlText url={url} /> : d.endpoint_id}</dd>
            <dt>{t('integrations.deliveries.status_label')}</dt>
            <dd>
              {t('integrations.deliveries.after', {
                status: statusWords[d.status],
                count: d.attempts,
              })}
            </dd>
            <dt>{t('integrations.deliveries.last_answer')}</dt>
            <dd>
              {d.response_status !== null
                ? t('integrations.deliveries.http', { status: d.response_status }) +
                  (d.response_ms !== null
                    ? t('integrations.deliveries.in_ms', { ms: formatNumber(d.response_ms) })
                    : '')
                : d.attempts === 0
                  ? t('integrations.deliveries.not_sent')
                  : t('integrations.deliveries.no_answer')}
            </dd>
            <dt>{t('integrations.deliveries.error')}</dt>
            <dd>{d.error ?? t('integrations.deliveries.none_word')}</dd>
            <dt>{t('integrations.deliveries.next_attempt')}</dt>
            <dd>
              {d.next_attempt_at
                ? formatDateTime(d.next_attempt_at)
                : t('integrations.deliveries.none_word')}
            </dd>
          </dl>
          <p className="field-hint">{t('integrations.deliveries.kept')}</p>
          <h3>{t('integrations.deliveries.payload')}</h3>
          <p className="field-hint">
            <Trans
              ns="staff"
              i18nKey="integrations.deliveries.payload_hint"
              values={{ id: d.event_id }}
              components={[<code key="header" />]}
            />
          </p>
          <pre className="payload" aria-label={t('integrations.deliveries.payload')} tabIndex={0}>
            {JSON.stringify(d.payload, null, 2)}
          </pre>
        </>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          {t('integrations.done')}
        </button>
      </div>
    </Dialog>
  );
}
