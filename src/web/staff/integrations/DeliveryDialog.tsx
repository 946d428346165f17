import { formatDateTime } from '../../shared/format.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { UrlText } from './UrlText.js';
import { useDelivery } from './use-integrations.js';

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
  const delivery = useDelivery(id);
  const d = delivery.data;
  return (
    <Dialog title={d ? `Delivery of ${d.event_type}` : 'Delivery'} onClose={onClose} wide>
      <ErrorMessage error={delivery.error} />
      {!d && !delivery.error && <p className="loading">Loading…</p>}
      {d && (
        <>
          <h3>Response</h3>
          <dl className="facts" aria-label="Response">
            <dt>Endpoint</dt>
            <dd>{url ? <UrlText url={url} /> : d.endpoint_id}</dd>
            <dt>Status</dt>
            <dd>
              {d.status}, after {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
            </dd>
            <dt>Last answer</dt>
            <dd>
              {d.response_status !== null
                ? `HTTP ${d.response_status}${d.response_ms !== null ? ` in ${d.response_ms} ms` : ''}`
                : d.attempts === 0
                  ? 'Not sent yet'
                  : 'No answer'}
            </dd>
            <dt>Error</dt>
            <dd>{d.error ?? 'None'}</dd>
            <dt>Next attempt</dt>
            <dd>{d.next_attempt_at ? formatDateTime(d.next_attempt_at) : 'None'}</dd>
          </dl>
          <p className="field-hint">
            What the receiver answered is kept as its status, time and error only: factoryd never
            stores an answer&rsquo;s body.
          </p>
          <h3>Payload</h3>
          <p className="field-hint">
            The body each attempt posts, signed with the endpoint&rsquo;s secret; the
            <code> webhook-id</code> header is {d.event_id}.
          </p>
          <pre className="payload" aria-label="Payload" tabIndex={0}>
            {JSON.stringify(d.payload, null, 2)}
          </pre>
        </>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Done
        </button>
      </div>
    </Dialog>
  );
}
