import { useState, type FormEvent, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { Trans } from 'react-i18next';
import { formatAgo, formatDateTime } from '../../shared/format.js';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { useNow } from '../common/use-now.js';
import { ConfirmDialog, RowDangerButton } from '../../shared/ui/ConfirmDialog.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { TextField } from '../../shared/ui/TextField.js';
import { useStaffT } from '../staff-i18n.js';
import { ReplaceForm, SecretShown } from './ReplaceParts.js';
import {
  API_KEY_SCOPES,
  useApiKeys,
  useCreateApiKey,
  useRevokeApiKey,
  useRollApiKey,
  type ApiKey,
  type ApiKeyScope,
} from './use-integrations.js';

/** What each scope lets a key call (docs/permissions.md, "API key scopes"). */
const SCOPE_KEYS: Record<ApiKeyScope, string> = {
  read: 'integrations.keys.scope.read',
  'orders:write': 'integrations.keys.scope.orders_write',
  labels: 'integrations.keys.scope.labels',
  webhooks: 'integrations.keys.scope.webhooks',
  admin: 'integrations.keys.scope.admin',
};

const isExpired = (k: ApiKey, now: number) =>
  k.expires_at !== null && Date.parse(k.expires_at) <= now;

function keyStatus(t: TFunction, k: ApiKey, now: number): string {
  if (k.revoked_at)
    return t('integrations.keys.revoked_at', { time: formatDateTime(k.revoked_at) });
  if (isExpired(k, now)) {
    return t('integrations.keys.expired_at', { time: formatDateTime(k.expires_at) });
  }
  return k.expires_at
    ? t('integrations.keys.active_until', { time: formatDateTime(k.expires_at) })
    : t('integrations.keys.active');
}

/** API keys: what integrations and scripts call the API with. Shown once, revocable. */
export function ApiKeysPage() {
  const { t } = useStaffT();
  const pages = useKeysetPages();
  const keys = useApiKeys(pages.cursor);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [rolling, setRolling] = useState<ApiKey | null>(null);
  const now = useNow(30_000);
  const revoke = useRevokeApiKey();
  const list = keys.data;
  return (
    <>
      <div className="section-actions">
        <p>
          <Trans ns="staff" i18nKey="integrations.keys.about" components={[<em key="admin" />]} />
        </p>
        <button type="button" onClick={() => setCreating(true)}>
          {t('integrations.keys.create')}
        </button>
      </div>
      <ErrorMessage error={keys.error} />
      <PagedTable
        list={list}
        pages={pages}
        label={t('integrations.keys.pages')}
        empty={
          <EmptyState title={t('integrations.keys.none')}>
            {t('integrations.keys.none_next')}
          </EmptyState>
        }
        head={
          <>
            <th scope="col">{t('integrations.keys.name')}</th>
            <th scope="col">{t('integrations.keys.key')}</th>
            <th scope="col">{t('integrations.keys.scopes')}</th>
            <th scope="col">{t('integrations.keys.created')}</th>
            <th scope="col">{t('integrations.keys.last_used')}</th>
            <th scope="col">{t('integrations.keys.status')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('integrations.actions')}</span>
            </th>
          </>
        }
        row={(k) => (
          <tr key={k.id} className={k.revoked_at || isExpired(k, now) ? 'revoked' : undefined}>
            <th scope="row">{k.name}</th>
            <td className="barcode">{t('integrations.keys.masked', { last4: k.last4 })}</td>
            <td>{k.scopes.join(', ')}</td>
            <td className="nowrap">{formatDateTime(k.created_at)}</td>
            <td className="nowrap">{formatAgo(k.last_used_at)}</td>
            <td>{keyStatus(t, k, now)}</td>
            <td className="row-actions">
              {!k.revoked_at && !isExpired(k, now) && (
                <>
                  <button
                    type="button"
                    className="small secondary"
                    aria-label={t('integrations.keys.roll_name', { name: k.name })}
                    onClick={() => setRolling(k)}
                  >
                    {t('integrations.keys.roll')}
                  </button>
                  <RowDangerButton
                    label={t('integrations.keys.revoke_name', { name: k.name })}
                    onClick={() => setRevoking(k)}
                  >
                    {t('integrations.keys.revoke')}
                  </RowDangerButton>
                </>
              )}
            </td>
          </tr>
        )}
      />
      {creating && <CreateKeyDialog onClose={() => setCreating(false)} />}
      {rolling && <RollKeyDialog apiKey={rolling} onClose={() => setRolling(null)} />}
      {revoking && (
        <ConfirmDialog
          title={t('integrations.keys.revoke_title', { name: revoking.name })}
          confirmLabel={t('integrations.keys.revoke_confirm')}
          onConfirm={() => revoke.mutateAsync(revoking.id)}
          onClose={() => setRevoking(null)}
        >
          <p>{t('integrations.keys.revoke_text', { last4: revoking.last4 })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useStaffT();
  const create = useCreateApiKey();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const scopes = form.getAll('scopes').map(String) as ApiKeyScope[];
    const expires = String(form.get('expires') ?? '');
    await create
      .mutateAsync({
        name: String(form.get('name')).trim(),
        ...(scopes.length > 0 ? { scopes } : {}),
        ...(expires ? { expires_at: `${expires}T00:00:00.000Z` } : {}),
      })
      .catch(() => {});
  }
  const made = create.data;
  return (
    <Dialog
      title={
        made
          ? t('integrations.keys.made_title', { name: made.name })
          : t('integrations.keys.create_title')
      }
      onClose={onClose}
    >
      {made ? (
        <NewKeyShown value={made.key} lost={t('integrations.keys.lost_create')} onClose={onClose} />
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          <TextField
            label={t('integrations.keys.name')}
            name="name"
            required
            placeholder={t('integrations.keys.name_placeholder')}
            hint={t('integrations.keys.name_hint')}
            error={fieldError(create.error, 'name')}
          />
          <fieldset className="choice">
            <legend>{t('integrations.keys.scopes')}</legend>
            {API_KEY_SCOPES.map((scope) => (
              <label key={scope}>
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  defaultChecked={scope === 'admin'}
                />{' '}
                <strong>{scope}</strong> — {t(SCOPE_KEYS[scope])}
              </label>
            ))}
            {fieldError(create.error, 'scopes') && (
              <small className="field-error">{fieldError(create.error, 'scopes')}</small>
            )}
          </fieldset>
          <TextField
            label={t('integrations.keys.expires')}
            name="expires"
            type="date"
            hint={t('integrations.keys.expires_hint')}
            error={fieldError(create.error, 'expires_at')}
          />
          {!shownAtField(create.error, ['name', 'scopes', 'expires_at']) && (
            <ErrorMessage error={create.error} />
          )}
          <div className="dialog-actions">
            <button type="button" className="secondary" onClick={onClose}>
              {t('integrations.cancel')}
            </button>
            <button type="submit" disabled={create.isPending}>
              {t('integrations.keys.create_submit')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function RollKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useStaffT();
  const roll = useRollApiKey();
  const made = roll.data;
  const overlaps =
    made?.previous.expires_at && Date.parse(made.previous.expires_at) > Date.parse(made.created_at);
  return (
    <Dialog
      title={
        made
          ? t('integrations.keys.rolled_title', { name: made.name })
          : t('integrations.keys.roll_title', { name: apiKey.name })
      }
      onClose={onClose}
    >
      {made ? (
        <NewKeyShown value={made.key} lost={t('integrations.keys.lost_roll')} onClose={onClose}>
          <p>
            {overlaps
              ? t('integrations.keys.old_keeps', {
                  last4: apiKey.last4,
                  time: formatDateTime(made.previous.expires_at),
                })
              : t('integrations.keys.old_stopped', { last4: apiKey.last4 })}
          </p>
        </NewKeyShown>
      ) : (
        <ReplaceForm
          label={t('integrations.keys.overlap')}
          hint={t('integrations.keys.overlap_hint')}
          error={roll.error}
          busy={roll.isPending}
          submitLabel={t('integrations.keys.roll_submit')}
          onSubmit={(overlap) =>
            void roll.mutateAsync({ id: apiKey.id, overlap_seconds: overlap }).catch(() => {})
          }
          onCancel={onClose}
        >
          <p>
            {t('integrations.keys.roll_text', {
              scopes: apiKey.scopes.join(', '),
              last4: apiKey.last4,
            })}
          </p>
        </ReplaceForm>
      )}
    </Dialog>
  );
}

/** A new API key, shown this once: factoryd keeps only its hash. */
function NewKeyShown({
  value,
  lost,
  children,
  onClose,
}: {
  value: string;
  lost: string;
  children?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useStaffT();
  return (
    <SecretShown
      label={t('integrations.keys.new_key')}
      value={value}
      copyNow={t('integrations.keys.copy_now')}
      kept="hash"
      lost={lost}
      onClose={onClose}
    >
      {children}
    </SecretShown>
  );
}
