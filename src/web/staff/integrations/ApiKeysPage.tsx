import { useState, type FormEvent } from 'react';
import { formatAgo, formatDateTime } from '../../shared/format.js';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { ConfirmDialog, RowDangerButton } from '../../shared/ui/ConfirmDialog.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError } from '../../shared/ui/field-error.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { TextField } from '../../shared/ui/TextField.js';
import { SecretOnce } from '../../shared/ui/SecretOnce.js';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, type ApiKey } from './use-integrations.js';

/** API keys: what integrations and scripts call the API with. Shown once, revocable. */
export function ApiKeysPage() {
  const pages = useKeysetPages();
  const keys = useApiKeys(pages.cursor);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useRevokeApiKey();
  const list = keys.data;
  return (
    <>
      <div className="section-actions">
        <p>
          An API key may do everything an admin may. Give each integration its own, and revoke it
          when the integration goes.
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
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(k) => (
          <tr key={k.id} className={k.revoked_at ? 'revoked' : undefined}>
            <th scope="row">{k.name}</th>
            <td className="barcode">sk_live_…{k.last4}</td>
            <td className="nowrap">{formatDateTime(k.created_at)}</td>
            <td className="nowrap">{formatAgo(k.last_used_at)}</td>
            <td>{k.revoked_at ? `Revoked ${formatDateTime(k.revoked_at)}` : 'Active'}</td>
            <td className="row-actions">
              {!k.revoked_at && (
                <RowDangerButton label={`Revoke ${k.name}`} onClick={() => setRevoking(k)}>
                  Revoke…
                </RowDangerButton>
              )}
            </td>
          </tr>
        )}
      />
      {creating && <CreateKeyDialog onClose={() => setCreating(false)} />}
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
    await create
      .mutateAsync(String(new FormData(event.currentTarget).get('name')).trim())
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
          {!fieldError(create.error, 'name') && <ErrorMessage error={create.error} />}
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
