import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format.js';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { ConfirmDialog, RowDangerButton } from '../../shared/ui/ConfirmDialog.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { SelectField, TextField } from '../../shared/ui/TextField.js';
import { SecretOnce } from '../../shared/ui/SecretOnce.js';
import { UrlText } from './UrlText.js';
import {
  EVENT_TYPES,
  useCreateEndpoint,
  useDeleteEndpoint,
  useEndpoints,
  useRotateSecret,
  useSendTestEvent,
  useUpdateEndpoint,
  type Endpoint,
  type EventType,
} from './use-integrations.js';

type Open =
  | { kind: 'create' }
  | { kind: 'edit'; endpoint: Endpoint }
  | { kind: 'rotate'; endpoint: Endpoint }
  | { kind: 'delete'; endpoint: Endpoint };

/** How long the old secret keeps signing after a rotation, as offered (hours). */
const OVERLAP_HOURS: { hours: number; label: string }[] = [
  { hours: 0, label: 'Stop it now' },
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '24 hours' },
  { hours: 168, label: '7 days' },
];

/** Webhook endpoints: where factoryd sends signed events. */
export function WebhooksPage() {
  const pages = useKeysetPages();
  const endpoints = useEndpoints(pages.cursor);
  const update = useUpdateEndpoint();
  const remove = useDeleteEndpoint();
  const test = useSendTestEvent();
  const [open, setOpen] = useState<Open | null>(null);
  const list = endpoints.data;
  return (
    <>
      <div className="section-actions">
        <p>
          factoryd sends each event to every endpoint subscribed to it, signed the Standard Webhooks
          way, and retries for days when the receiver is down.
        </p>
        <button type="button" onClick={() => setOpen({ kind: 'create' })}>
          Add endpoint
        </button>
      </div>
      <ErrorMessage error={endpoints.error ?? update.error ?? test.error} />
      {test.data && (
        <p className="success-message" role="status">
          A test event is on its way to <UrlText url={test.data.url} />.{' '}
          <Link to={`/integrations/deliveries?endpoint_id=${test.data.delivery.endpoint_id}`}>
            See its delivery
          </Link>
        </p>
      )}
      <PagedTable
        list={list}
        pages={pages}
        label="Endpoint pages"
        empty={
          <EmptyState title="No webhook endpoints">
            Add the URL of a receiver (your ERP, a script) to be told when orders change, scans are
            recorded or returns come in.
          </EmptyState>
        }
        head={
          <>
            <th scope="col">URL</th>
            <th scope="col">Events</th>
            <th scope="col">State</th>
            <th scope="col">Added</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(e) => (
          <tr key={e.id}>
            <th scope="row" className="url-cell">
              <UrlText url={e.url} />
              {e.description && <div className="field-hint">{e.description}</div>}
            </th>
            <td>{e.events.includes('*') ? 'All events' : e.events.join(', ')}</td>
            <td>
              {e.enabled ? 'Enabled' : <strong>Disabled</strong>}
              {e.disabled_reason && <div className="field-hint">{e.disabled_reason}</div>}
            </td>
            <td className="nowrap">{formatDateTime(e.created_at)}</td>
            <td className="row-actions wraps">
              <Link
                className="button-link small secondary"
                to={`/integrations/deliveries?endpoint_id=${e.id}`}
              >
                Deliveries
              </Link>
              {e.enabled && (
                <button
                  type="button"
                  className="small secondary"
                  aria-label={`Send test event to ${e.url}`}
                  disabled={test.isPending}
                  onClick={() => {
                    test.reset();
                    test.mutate({ id: e.id, url: e.url });
                  }}
                >
                  Send test event
                </button>
              )}
              <button
                type="button"
                className="small secondary"
                aria-label={`Edit ${e.url}`}
                onClick={() => setOpen({ kind: 'edit', endpoint: e })}
              >
                Edit…
              </button>
              {e.enabled && (
                <button
                  type="button"
                  className="small secondary"
                  aria-label={`Rotate secret of ${e.url}`}
                  onClick={() => setOpen({ kind: 'rotate', endpoint: e })}
                >
                  Rotate secret…
                </button>
              )}
              <button
                type="button"
                className="small secondary"
                onClick={() => update.mutate({ id: e.id, enabled: !e.enabled })}
              >
                {e.enabled ? 'Disable' : 'Enable'}
              </button>
              <RowDangerButton
                label={`Delete ${e.url}`}
                onClick={() => setOpen({ kind: 'delete', endpoint: e })}
              >
                Delete…
              </RowDangerButton>
            </td>
          </tr>
        )}
      />
      {open?.kind === 'create' && <EndpointDialog onClose={() => setOpen(null)} />}
      {open?.kind === 'rotate' && (
        <RotateSecretDialog endpoint={open.endpoint} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'edit' && (
        <EndpointDialog endpoint={open.endpoint} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete this endpoint?"
          confirmLabel="Delete endpoint"
          onConfirm={() => remove.mutateAsync(open.endpoint.id)}
          onClose={() => setOpen(null)}
        >
          <p>
            Nothing more is sent to {open.endpoint.url}. Its delivery history is kept. To pause it
            instead, disable it.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** Create an endpoint (its secret shown once), or edit one. */
function EndpointDialog({ endpoint, onClose }: { endpoint?: Endpoint; onClose: () => void }) {
  const create = useCreateEndpoint();
  const update = useUpdateEndpoint();
  const mutation = endpoint ? update : create;
  const [all, setAll] = useState(endpoint ? endpoint.events.includes('*') : true);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const description = String(form.get('description')).trim();
    const events = (all ? ['*'] : form.getAll('events').map(String)) as ('*' | EventType)[];
    const body = { url: String(form.get('url')).trim(), events, description: description || null };
    if (endpoint) {
      await update
        .mutateAsync({ id: endpoint.id, ...body })
        .then(onClose)
        .catch(() => {});
    } else {
      await create.mutateAsync(body).catch(() => {});
    }
  }

  if (create.data) {
    return (
      <Dialog title="Endpoint added" onClose={onClose}>
        <p>
          Events now go to <UrlText url={create.data.url} />. The receiver verifies each one with
          this signing secret.
        </p>
        <SecretOnce
          label="The endpoint's signing secret"
          value={create.data.secret}
          what="signing secret"
          kept="to-sign"
          lost="If it is lost, add the endpoint again and delete this one."
        />
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            I have copied it
          </button>
        </div>
      </Dialog>
    );
  }

  const error = mutation.error;
  return (
    <Dialog title={endpoint ? 'Edit endpoint' : 'Add a webhook endpoint'} onClose={onClose} wide>
      <form onSubmit={(e) => void submit(e)}>
        <TextField
          label="URL"
          name="url"
          type="url"
          required
          defaultValue={endpoint?.url}
          placeholder="https://erp.example.local/factoryd"
          error={fieldError(error, 'url')}
        />
        <TextField
          label="Description (optional)"
          name="description"
          defaultValue={endpoint?.description ?? ''}
          error={fieldError(error, 'description')}
        />
        <fieldset className="choice">
          <legend>Events</legend>
          <label>
            <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> All
            events, including ones added later
          </label>
          {!all && (
            <div className="event-grid">
              {EVENT_TYPES.map((t) => (
                <label key={t}>
                  <input
                    type="checkbox"
                    name="events"
                    value={t}
                    defaultChecked={endpoint?.events.includes(t) ?? false}
                  />{' '}
                  {t}
                </label>
              ))}
            </div>
          )}
          {fieldError(error, 'events') && (
            <small className="field-error">{fieldError(error, 'events')}</small>
          )}
        </fieldset>
        {!shownAtField(error, ['url', 'description', 'events']) && <ErrorMessage error={error} />}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={mutation.isPending}>
            {endpoint ? 'Save' : 'Add endpoint'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function RotateSecretDialog({ endpoint, onClose }: { endpoint: Endpoint; onClose: () => void }) {
  const rotate = useRotateSecret();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const hours = Number(new FormData(event.currentTarget).get('overlap'));
    // The server takes an instant; the browser's clock is close enough for an overlap in hours.
    const expires_at = new Date(Date.now() + hours * 3_600_000).toISOString();
    await rotate.mutateAsync({ id: endpoint.id, expires_at }).catch(() => {});
  }
  const made = rotate.data;
  if (made) {
    return (
      <Dialog title="New signing secret" onClose={onClose}>
        <SecretOnce
          label="The endpoint's new signing secret"
          value={made.secret}
          what="signing secret"
          kept="to-sign"
          lost="If it is lost, rotate again."
        />
        <p>
          Until {formatDateTime(made.previous_secret_expires_at)} every delivery is signed with both
          secrets, so the receiver verifies with either: give it the new one before then.
        </p>
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            I have copied it
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog title="Rotate the signing secret?" onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <p>
          <UrlText url={endpoint.url} /> gets a new signing secret, shown once.
        </p>
        <SelectField
          label="The old secret keeps signing for"
          name="overlap"
          defaultValue="24"
          hint="Long enough to put the new secret in the receiver. Stop it now if it leaked."
        >
          {OVERLAP_HOURS.map((o) => (
            <option key={o.hours} value={o.hours}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <ErrorMessage error={rotate.error} />
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={rotate.isPending}>
            Rotate secret
          </button>
        </div>
      </form>
    </Dialog>
  );
}
