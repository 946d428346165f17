import { useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format.js';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { ConfirmDialog, RowDangerButton } from '../../shared/ui/ConfirmDialog.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { TextField } from '../../shared/ui/TextField.js';
import { useStaffT } from '../staff-i18n.js';
import { ReplaceForm, SecretShown } from './ReplaceParts.js';
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

/** Webhook endpoints: where factoryd sends signed events. */
export function WebhooksPage() {
  const { t } = useStaffT();
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
        <p>{t('integrations.webhooks.about')}</p>
        <button type="button" onClick={() => setOpen({ kind: 'create' })}>
          {t('integrations.webhooks.add')}
        </button>
      </div>
      <ErrorMessage error={endpoints.error ?? update.error ?? test.error} />
      {test.data && (
        <p className="success-message" role="status">
          <Trans
            ns="staff"
            i18nKey="integrations.webhooks.test_sent"
            components={[<UrlText key="url" url={test.data.url} />]}
          />{' '}
          <Link to={`/integrations/deliveries?endpoint_id=${test.data.delivery.endpoint_id}`}>
            {t('integrations.webhooks.see_delivery')}
          </Link>
        </p>
      )}
      <PagedTable
        list={list}
        pages={pages}
        label={t('integrations.webhooks.pages')}
        empty={
          <EmptyState title={t('integrations.webhooks.none')}>
            {t('integrations.webhooks.none_next')}
          </EmptyState>
        }
        head={
          <>
            <th scope="col">{t('integrations.webhooks.url')}</th>
            <th scope="col">{t('integrations.webhooks.events')}</th>
            <th scope="col">{t('integrations.webhooks.state')}</th>
            <th scope="col">{t('integrations.webhooks.added')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('integrations.actions')}</span>
            </th>
          </>
        }
        row={(e) => (
          <tr key={e.id}>
            <th scope="row" className="url-cell">
              <UrlText url={e.url} />
              {e.description && <div className="field-hint">{e.description}</div>}
            </th>
            <td>
              {e.events.includes('*') ? t('integrations.webhooks.all_events') : e.events.join(', ')}
            </td>
            <td>
              {e.enabled ? (
                t('integrations.webhooks.enabled')
              ) : (
                <strong>{t('integrations.webhooks.disabled')}</strong>
              )}
              {e.disabled_reason && <div className="field-hint">{e.disabled_reason}</div>}
            </td>
            <td className="nowrap">{formatDateTime(e.created_at)}</td>
            <td className="row-actions wraps">
              <Link
                className="button-link small secondary"
                to={`/integrations/deliveries?endpoint_id=${e.id}`}
              >
                {t('integrations.webhooks.deliveries')}
              </Link>
              {e.enabled && (
                <button
                  type="button"
                  className="small secondary"
                  aria-label={t('integrations.webhooks.test_url', { url: e.url })}
                  disabled={test.isPending}
                  onClick={() => {
                    test.reset();
                    test.mutate({ id: e.id, url: e.url });
                  }}
                >
                  {t('integrations.webhooks.test')}
                </button>
              )}
              <button
                type="button"
                className="small secondary"
                aria-label={t('integrations.webhooks.edit_url', { url: e.url })}
                onClick={() => setOpen({ kind: 'edit', endpoint: e })}
              >
                {t('integrations.webhooks.edit')}
              </button>
              {e.enabled && (
                <button
                  type="button"
                  className="small secondary"
                  aria-label={t('integrations.webhooks.rotate_url', { url: e.url })}
                  onClick={() => setOpen({ kind: 'rotate', endpoint: e })}
                >
                  {t('integrations.webhooks.rotate')}
                </button>
              )}
              <button
                type="button"
                className="small secondary"
                onClick={() => update.mutate({ id: e.id, enabled: !e.enabled })}
              >
                {e.enabled ? t('integrations.webhooks.disable') : t('integrations.webhooks.enable')}
              </button>
              <RowDangerButton
                label={t('integrations.webhooks.delete_url', { url: e.url })}
                onClick={() => setOpen({ kind: 'delete', endpoint: e })}
              >
                {t('integrations.webhooks.delete')}
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
          title={t('integrations.webhooks.delete_title')}
          confirmLabel={t('integrations.webhooks.delete_confirm')}
          onConfirm={() => remove.mutateAsync(open.endpoint.id)}
          onClose={() => setOpen(null)}
        >
          <p>{t('integrations.webhooks.delete_text', { url: open.endpoint.url })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** Create an endpoint (its secret shown once), or edit one. */
function EndpointDialog({ endpoint, onClose }: { endpoint?: Endpoint; onClose: () => void }) {
  const { t } = useStaffT();
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
      <Dialog title={t('integrations.webhooks.added_title')} onClose={onClose}>
        <p>
          <Trans
            ns="staff"
            i18nKey="integrations.webhooks.added_text"
            components={[<UrlText key="url" url={create.data.url} />]}
          />
        </p>
        <SecretShown
          label={t('integrations.webhooks.secret')}
          value={create.data.secret}
          copyNow={t('integrations.webhooks.copy_now')}
          kept="to-sign"
          lost={t('integrations.webhooks.lost_add')}
          onClose={onClose}
        />
      </Dialog>
    );
  }

  const error = mutation.error;
  return (
    <Dialog
      title={
        endpoint ? t('integrations.webhooks.edit_title') : t('integrations.webhooks.add_title')
      }
      onClose={onClose}
      wide
    >
      <form onSubmit={(e) => void submit(e)}>
        <TextField
          label={t('integrations.webhooks.url')}
          name="url"
          type="url"
          required
          defaultValue={endpoint?.url}
          placeholder={t('integrations.webhooks.example_url')}
          error={fieldError(error, 'url')}
        />
        <TextField
          label={t('integrations.webhooks.description')}
          name="description"
          defaultValue={endpoint?.description ?? ''}
          error={fieldError(error, 'description')}
        />
        <fieldset className="choice">
          <legend>{t('integrations.webhooks.events')}</legend>
          <label>
            <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />{' '}
            {t('integrations.webhooks.all_events_later')}
          </label>
          {!all && (
            <div className="event-grid">
              {EVENT_TYPES.map((type) => (
                <label key={type}>
                  <input
                    type="checkbox"
                    name="events"
                    value={type}
                    defaultChecked={endpoint?.events.includes(type) ?? false}
                  />{' '}
                  {type}
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
            {t('integrations.cancel')}
          </button>
          <button type="submit" disabled={mutation.isPending}>
            {endpoint ? t('integrations.webhooks.save') : t('integrations.webhooks.add')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function RotateSecretDialog({ endpoint, onClose }: { endpoint: Endpoint; onClose: () => void }) {
  const { t } = useStaffT();
  const rotate = useRotateSecret();
  function submit(overlapSeconds: number) {
    // The server takes an instant; the browser's clock is close enough for an overlap in hours.
    const expires_at = new Date(Date.now() + overlapSeconds * 1000).toISOString();
    void rotate.mutateAsync({ id: endpoint.id, expires_at }).catch(() => {});
  }
  const made = rotate.data;
  if (made) {
    return (
      <Dialog title={t('integrations.webhooks.new_secret_title')} onClose={onClose}>
        <SecretShown
          label={t('integrations.webhooks.new_secret')}
          value={made.secret}
          copyNow={t('integrations.webhooks.copy_now')}
          kept="to-sign"
          lost={t('integrations.webhooks.lost_rotate')}
          onClose={onClose}
        >
          <p>
            {t('integrations.webhooks.both_until', {
              time: formatDateTime(made.previous_secret_expires_at),
            })}
          </p>
        </SecretShown>
      </Dialog>
    );
  }
  return (
    <Dialog title={t('integrations.webhooks.rotate_title')} onClose={onClose}>
      <ReplaceForm
        label={t('integrations.webhooks.overlap')}
        hint={t('integrations.webhooks.overlap_hint')}
        error={rotate.error}
        busy={rotate.isPending}
        submitLabel={t('integrations.webhooks.rotate_submit')}
        onSubmit={submit}
        onCancel={onClose}
      >
        <p>
          <Trans
            ns="staff"
            i18nKey="integrations.webhooks.rotate_text"
            components={[<UrlText key="url" url={endpoint.url} />]}
          />
        </p>
      </ReplaceForm>
    </Dialog>
  );
}
