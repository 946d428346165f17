import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../shared/format.js';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { ConfirmDialog, RowDangerButton } from '../../shared/ui/ConfirmDialog.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { SelectField, TextField } from '../../shared/ui/TextField.js';
import { UserPasswordDialog } from '../../shared/ui/UserPasswordDialog.js';
import { useCan } from '../access/access.js';
import { PageHeader } from '../layout/PageHeader.js';
import {
  RETAILER_ROLES,
  useAddRetailerUser,
  useChangeRetailerUser,
  useMakePasswordLink,
  useRemoveRetailerUser,
  useRetailer,
  useRetailerUsers,
  useUpdateRetailer,
  type Retailer,
  type RetailerRole,
  type RetailerUser,
} from './use-retailers.js';

/** One retailer: its name and code, and the people who use the portal for it. */
export function RetailerPage() {
  const { id = '' } = useParams();
  const retailer = useRetailer(id);
  // Here, not in the form: the form is drawn afresh from what the server saved.
  const update = useUpdateRetailer(id);
  const can = useCan();
  if (retailer.error)
    return <ErrorMessage error={retailer.error} title="This retailer could not be shown." />;
  if (!retailer.data) return <p className="loading">Loading…</p>;
  const r = retailer.data;
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/retailers">← Retailers</Link>
      </p>
      <PageHeader
        title={r.name}
        sub={
          <>
            Code {r.code} · added {formatDateTime(r.created_at)}
          </>
        }
      >
        <Link className="button-link secondary" to={`/?retailer_id=${r.id}`}>
          Its orders
        </Link>
      </PageHeader>
      {can('PATCH /v1/retailers/:id') && (
        <RetailerForm key={r.updated_at} retailer={r} update={update} />
      )}
      <h2>Portal users</h2>
      {can('GET /v1/retailers/:id/users') ? (
        <RetailerUsers retailer={r} />
      ) : (
        <p>Only an admin can see and manage a retailer's portal users.</p>
      )}
    </section>
  );
}

function RetailerForm({
  retailer,
  update,
}: {
  retailer: Retailer;
  update: ReturnType<typeof useUpdateRetailer>;
}) {
  const saved = update.isSuccess;
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await update
      .mutateAsync({ name: String(form.get('name')).trim(), code: String(form.get('code')).trim() })
      .catch(() => {});
  }
  return (
    <form
      className="card inline-form"
      onSubmit={(e) => void submit(e)}
      aria-label="Retailer details"
    >
      <TextField
        label="Name"
        name="name"
        defaultValue={retailer.name}
        required
        error={fieldError(update.error, 'name')}
      />
      <TextField
        label="Code"
        name="code"
        defaultValue={retailer.code}
        required
        error={fieldError(update.error, 'code')}
      />
      <button type="submit" disabled={update.isPending}>
        Save
      </button>
      <div className="inline-form-messages">
        {!shownAtField(update.error, ['name', 'code']) && <ErrorMessage error={update.error} />}
        {saved && (
          <p className="success-message" role="status">
            Saved.
          </p>
        )}
      </div>
    </form>
  );
}

function RetailerUsers({ retailer }: { retailer: Retailer }) {
  const pages = useKeysetPages();
  const users = useRetailerUsers(retailer.id, pages.cursor, true);
  const change = useChangeRetailerUser(retailer.id);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<RetailerUser | null>(null);
  const [password, setPassword] = useState<RetailerUser | null>(null);
  const list = users.data;
  // On the first page with nobody on it, the retailer has no users yet.
  const hasUsers = !list || list.data.length > 0 || pages.cursor !== undefined;
  return (
    <>
      <div className="section-actions">
        <button type="button" onClick={() => setAdding(true)}>
          Add a user
        </button>
      </div>
      <ErrorMessage error={users.error ?? change.error} />
      <PagedTable
        list={list}
        pages={pages}
        label="User pages"
        empty={
          <EmptyState title="No portal users yet">
            Add the retailer's people so they can follow their orders at <code>/portal</code>. The
            first should be an owner.
          </EmptyState>
        }
        head={
          <>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Portal sign-in</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(u) => (
          <tr key={u.id}>
            <th scope="row">{u.name}</th>
            <td>{u.email}</td>
            <td>
              <label className="visually-hidden" htmlFor={`role-${u.id}`}>
                Role of {u.name}
              </label>
              <select
                id={`role-${u.id}`}
                value={u.role}
                disabled={change.isPending}
                onChange={(e) => {
                  change.reset();
                  change.mutate({ uid: u.id, role: e.target.value as RetailerRole });
                }}
              >
                {Object.entries(RETAILER_ROLES).map(([role, label]) => (
                  <option key={role} value={role}>
                    {label}
                  </option>
                ))}
              </select>
            </td>
            <td>{u.has_password ? 'Yes' : 'No password set'}</td>
            <td className="row-actions">
              <button
                type="button"
                className="small secondary"
                aria-label={`Password for ${u.name}`}
                onClick={() => setPassword(u)}
              >
                Password…
              </button>
              <RowDangerButton label={`Remove ${u.name}`} onClick={() => setRemoving(u)}>
                Remove…
              </RowDangerButton>
            </td>
          </tr>
        )}
      />
      {adding && (
        <AddUserDialog retailer={retailer} first={!hasUsers} onClose={() => setAdding(false)} />
      )}
      {password && (
        <PasswordDialog retailer={retailer} user={password} onClose={() => setPassword(null)} />
      )}
      {removing && (
        <RemoveUserDialog retailer={retailer} user={removing} onClose={() => setRemoving(null)} />
      )}
    </>
  );
}

/** The staff side of a user's password: PATCH with a new one, or a set-password link. */
function PasswordDialog({
  retailer,
  user,
  onClose,
}: {
  retailer: Retailer;
  user: RetailerUser;
  onClose: () => void;
}) {
  const change = useChangeRetailerUser(retailer.id);
  const link = useMakePasswordLink(retailer.id);
  return (
    <UserPasswordDialog
      user={user}
      onMakeLink={() => link.mutateAsync(user.id)}
      onSetPassword={(password) => change.mutateAsync({ uid: user.id, role: user.role, password })}
      onClose={onClose}
    />
  );
}

/**
 * Adds a portal user. The first user of a retailer is offered as an owner (an owner can manage
 * the others' passwords in the portal); later ones as buyers.
 */
function AddUserDialog({
  retailer,
  first,
  onClose,
}: {
  retailer: Retailer;
  first: boolean;
  onClose: () => void;
}) {
  const add = useAddRetailerUser(retailer.id);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password'));
    await add
      .mutateAsync({
        email: String(form.get('email')).trim(),
        name: String(form.get('name')).trim(),
        role: String(form.get('role')) as RetailerRole,
        ...(password ? { password } : {}),
      })
      .then(onClose)
      .catch(() => {});
  }
  const fields = ['email', 'name', 'role', 'password'];
  return (
    <Dialog title={`Add a user to ${retailer.name}`} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <TextField label="Name" name="name" required error={fieldError(add.error, 'name')} />
        <TextField
          label="Email"
          name="email"
          type="email"
          required
          error={fieldError(add.error, 'email')}
        />
        <SelectField
          label="Role"
          name="role"
          defaultValue={first ? 'owner' : 'buyer'}
          hint={
            first
              ? 'The first user should be an owner: owners can set the other users’ passwords in the portal.'
              : undefined
          }
          error={fieldError(add.error, 'role')}
        >
          {Object.entries(RETAILER_ROLES).map(([role, label]) => (
            <option key={role} value={role}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Password (optional)"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="At least 10 characters. Or leave it empty and send them a set-password link afterwards (Password… on their row)."
          error={fieldError(add.error, 'password')}
        />
        {!shownAtField(add.error, fields) && <ErrorMessage error={add.error} />}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={add.isPending}>
            Add user
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function RemoveUserDialog({
  retailer,
  user,
  onClose,
}: {
  retailer: Retailer;
  user: RetailerUser;
  onClose: () => void;
}) {
  const remove = useRemoveRetailerUser(retailer.id);
  return (
    <ConfirmDialog
      title={`Remove ${user.name}?`}
      confirmLabel="Remove the user"
      onConfirm={() => remove.mutateAsync(user.id)}
      onClose={onClose}
    >
      <p>
        {user.email} will no longer be able to sign in to the portal for {retailer.name}; any
        session they have ends now. A retailer always keeps at least one owner.
      </p>
    </ConfirmDialog>
  );
}
