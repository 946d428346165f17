import { useState, type FormEvent } from 'react';
import { formatAgo, formatDateTime } from '../../shared/format.js';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { useNow } from '../common/use-now.js';
import { ConfirmDialog, RowDangerButton } from '../../shared/ui/ConfirmDialog.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError } from '../../shared/ui/field-error.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { SelectField, TextField } from '../../shared/ui/TextField.js';
import { SecretOnce } from '../../shared/ui/SecretOnce.js';
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
const SCOPE_WORDS: Record<ApiKeyScope, string> = {
  read: 'Read orders, stations, returns and events',
  'orders:write': 'Push, upload, change and cancel orders',
  labels: 'Print labels and void them',
  webhooks: 'Manage webhooks and replay events',
  admin: 'Everything (keys, staff, settings too)',
};

/** How long a rolled key keeps working, as offered (seconds). */
const OVERLAPS: { seconds: number; label: string }[] = [
  { seconds: 0, label: 'Stop it now' },
  { seconds: 3600, label: '1 hour' },
  { seconds: 86_400, label: '24 hours' },
  { seconds: 7 * 86_400, label: '7 days' },
];

const isExpired = (k: ApiKey, now: number) =>
  k.expires_at !== null && Date.parse(k.expires_at) <= now;

function keyStatus(k: ApiKey, now: number): string {
  if (k.revoked_at) return `Revoked ${formatDateTime(k.revoked_at)}`;
  if (isExpired(k, now)) return `Expired ${formatDateTime(k.expires_at)}`;
  return k.expires_at ? `Active until ${formatDateTime(k.expires_at)}` : 'Active';
}

/** API keys: what integrations and scripts call the API with. Shown once, revocable. */
export function ApiKeysPage() {
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
          An API key may call what its scopes allow; an <em>admin</em> key may do everything an
          admin may. Give each integration its own key with the least it needs, roll it to replace
          it without a gap, and revoke it when the integration goes.
        </p>
        <button type="button" onClick={() => setCreating(true)}>
          Create API key
        </button>
      </div>
      <ErrorMessage error={keys.error} />
      <PagedTable
        list={list}
        pages={pages}
        label="API key pages"
        empty={
          <EmptyState title="No API keys">
            Create one for each integration that pushes orders or reads them.
          </EmptyState>
        }
        head={
          <>
            <th scope="col">Name</th>
            <th scope="col">Key</th>
            <th scope="col">Scopes</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(k) => (
          <tr key={k.id} className={k.revoked_at || isExpired(k, now) ? 'revoked' : undefined}>
            <th scope="row">{k.name}</th>
            <td className="barcode">sk_live_…{k.last4}</td>
            <td>{k.scopes.join(', ')}</td>
            <td className="nowrap">{formatDateTime(k.created_at)}</td>
            <td className="nowrap">{formatAgo(k.last_used_at)}</td>
            <td>{keyStatus(k, now)}</td>
            <td className="row-actions">
              {!k.revoked_at && !isExpired(k, now) && (
                <>
                  <button
                    type="button"
                    className="small secondary"
                    aria-label={`Roll ${k.name}`}
                    onClick={() => setRolling(k)}
                  >
                    Roll…
                  </button>
                  <RowDangerButton label={`Revoke ${k.name}`} onClick={() => setRevoking(k)}>
                    Revoke…
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
          title={`Revoke “${revoking.name}”?`}
          confirmLabel="Revoke the key"
          onConfirm={() => revoke.mutateAsync(revoking.id)}
          onClose={() => setRevoking(null)}
        >
          <p>
            Anything still using the key ending {revoking.last4} is refused from its next request.
            This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

function CreateKeyDialog({ onClose }: { onClose: () => void }) {
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
    <Dialog title={made ? `API key “${made.name}”` : 'Create an API key'} onClose={onClose}>
      {made ? (
        <>
          <SecretOnce
            label="The new API key"
            value={made.key}
            what="API key"
            kept="hash"
            lost="If it is lost, make a new key and revoke this one."
          />
          <div className="dialog-actions">
            <button type="button" onClick={onClose}>
              I have copied it
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          <TextField
            label="Name"
            name="name"
            required
            placeholder="ERP integration"
            hint="Which integration or script will use it."
            error={fieldError(create.error, 'name')}
          />
          <fieldset className="choice">
            <legend>Scopes</legend>
            {API_KEY_SCOPES.map((scope) => (
              <label key={scope}>
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  defaultChecked={scope === 'admin'}
                />{' '}
                <strong>{scope}</strong> — {SCOPE_WORDS[scope]}
              </label>
            ))}
            {fieldError(create.error, 'scopes') && (
              <small className="field-error">{fieldError(create.error, 'scopes')}</small>
            )}
          </fieldset>
          <TextField
            label="Expires on (optional)"
            name="expires"
            type="date"
            hint="The key stops working at the start of that day (UTC). Leave empty for never."
            error={fieldError(create.error, 'expires_at')}
          />
          {!fieldError(create.error, 'name') &&
            !fieldError(create.error, 'scopes') &&
            !fieldError(create.error, 'expires_at') && <ErrorMessage error={create.error} />}
          <div className="dialog-actions">
            <button type="button" className="secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" disabled={create.isPending}>
              Create key
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

function RollKeyDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const roll = useRollApiKey();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const overlap = Number(new FormData(event.currentTarget).get('overlap'));
    await roll.mutateAsync({ id: apiKey.id, overlap_seconds: overlap }).catch(() => {});
  }
  const made = roll.data;
  return (
    <Dialog
      title={made ? `New key for “${made.name}”` : `Roll “${apiKey.name}”?`}
      onClose={onClose}
    >
      {made ? (
        <>
          <SecretOnce
            label="The new API key"
            value={made.key}
            what="API key"
            kept="hash"
            lost="If it is lost, roll this key again."
          />
          <p>
            The old key ending {apiKey.last4}{' '}
            {made.previous.expires_at &&
            Date.parse(made.previous.expires_at) > Date.parse(made.created_at)
              ? `keeps working until ${formatDateTime(made.previous.expires_at)}: switch the integration to the new key before then.`
              : 'has stopped working.'}
          </p>
          <div className="dialog-actions">
            <button type="button" onClick={onClose}>
              I have copied it
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={(e) => void submit(e)}>
          <p>
            A new key with the same name and scopes ({apiKey.scopes.join(', ')}) replaces the key
            ending {apiKey.last4}.
          </p>
          <SelectField
            label="The old key keeps working for"
            name="overlap"
            defaultValue="86400"
            hint="Long enough to put the new key in place."
          >
            {OVERLAPS.map((o) => (
              <option key={o.seconds} value={o.seconds}>
                {o.label}
              </option>
            ))}
          </SelectField>
          <ErrorMessage error={roll.error} />
          <div className="dialog-actions">
            <button type="button" className="secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" disabled={roll.isPending}>
              Roll key
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
