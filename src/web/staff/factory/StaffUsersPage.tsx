import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../shared/format.js';
import { useKeysetPages } from '../../shared/query/use-keyset-pages.js';
import { ConfirmDialog, RowDangerButton } from '../../shared/ui/ConfirmDialog.js';
import { Dialog } from '../../shared/ui/Dialog.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { PagedTable } from '../../shared/ui/PagedTable.js';
import { SelectField, TextField } from '../../shared/ui/TextField.js';
import { useMe } from '../access/access.js';
import {
  useCreateStaffUser,
  useStaffUsers,
  useUpdateStaffUser,
  type StaffUser,
} from './use-factory.js';

const ROLE_WORDS = { admin: 'Admin', supervisor: 'Supervisor' } as const;

/** The people who sign in to this app: admins and supervisors. */
export function StaffUsersPage() {
  const pages = useKeysetPages();
  const users = useStaffUsers(pages.cursor);
  const update = useUpdateStaffUser();
  const me = useMe();
  const [adding, setAdding] = useState(false);
  const [password, setPassword] = useState<StaffUser | null>(null);
  const [disabling, setDisabling] = useState<StaffUser | null>(null);
  const list = users.data;
  return (
    <>
      <div className="section-actions">
        <p>
          Admins may do everything; supervisors run the floor (orders, labels, pairing, returns) but
          cannot change settings, keys, webhooks, retailers' users or staff.
        </p>
        <button type="button" onClick={() => setAdding(true)}>
          Add a staff user
        </button>
      </div>
      <ErrorMessage error={users.error ?? update.error} />
      <PagedTable
        list={list}
        pages={pages}
        label="Staff pages"
        head={
          <>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Added</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        row={(u) => {
          const self = u.id === me.user?.id;
          return (
            <tr key={u.id} className={u.disabled ? 'revoked' : undefined}>
              <th scope="row">
                {u.name}
                {self && ' (you)'}
              </th>
              <td>{u.email}</td>
              <td>
                <label className="visually-hidden" htmlFor={`staff-role-${u.id}`}>
                  Role of {u.name}
                </label>
                <select
                  id={`staff-role-${u.id}`}
                  value={u.role}
                  disabled={self || update.isPending}
                  title={self ? 'You cannot change your own role.' : undefined}
                  onChange={(e) =>
                    update.mutate({ id: u.id, role: e.target.value as StaffUser['role'] })
                  }
                >
                  <option value="admin">{ROLE_WORDS.admin}</option>
                  <option value="supervisor">{ROLE_WORDS.supervisor}</option>
                </select>
              </td>
              <td>{u.disabled ? `Disabled ${formatDateTime(u.disabled_at)}` : 'Active'}</td>
              <td className="nowrap">{formatDateTime(u.created_at)}</td>
              <td className="row-actions">
                <button
                  type="button"
                  className="small secondary"
                  aria-label={`Set a new password for ${u.name}`}
                  onClick={() => setPassword(u)}
                >
                  New password…
                </button>
                {u.disabled ? (
                  <button
                    type="button"
                    className="small secondary"
                    onClick={() => update.mutate({ id: u.id, disabled: false })}
                  >
                    Enable
                  </button>
                ) : (
                  !self && (
                    <RowDangerButton label={`Disable ${u.name}`} onClick={() => setDisabling(u)}>
                      Disable…
                    </RowDangerButton>
                  )
                )}
              </td>
            </tr>
          );
        }}
      />
      {adding && <AddStaffDialog onClose={() => setAdding(false)} />}
      {password && <PasswordDialog user={password} onClose={() => setPassword(null)} />}
      {disabling && (
        <ConfirmDialog
          title={`Disable ${disabling.name}?`}
          confirmLabel="Disable"
          onConfirm={() => update.mutateAsync({ id: disabling.id, disabled: true })}
          onClose={() => setDisabling(null)}
        >
          <p>They are signed out everywhere at once and cannot sign in until enabled again.</p>
        </ConfirmDialog>
      )}
    </>
  );
}

function AddStaffDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateStaffUser();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await create
      .mutateAsync({
        name: String(form.get('name')).trim(),
        email: String(form.get('email')).trim(),
        role: String(form.get('role')) as StaffUser['role'],
        password: String(form.get('password')),
      })
      .then(onClose)
      .catch(() => {});
  }
  return (
    <Dialog title="Add a staff user" onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <TextField label="Name" name="name" required error={fieldError(create.error, 'name')} />
        <TextField
          label="Email"
          name="email"
          type="email"
          required
          error={fieldError(create.error, 'email')}
        />
        <SelectField
          label="Role"
          name="role"
          defaultValue="supervisor"
          error={fieldError(create.error, 'role')}
        >
          <option value="supervisor">Supervisor</option>
          <option value="admin">Admin</option>
        </SelectField>
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 10 characters. Tell them in person; they can be given a new one here."
          error={fieldError(create.error, 'password')}
        />
        {!shownAtField(create.error, ['name', 'email', 'role', 'password']) && (
          <ErrorMessage error={create.error} />
        )}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={create.isPending}>
            Add staff user
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function PasswordDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const update = useUpdateStaffUser();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password'));
    await update
      .mutateAsync({ id: user.id, password })
      .then(onClose)
      .catch(() => {});
  }
  return (
    <Dialog title={`New password for ${user.name}`} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <p>Their sessions end when the password changes.</p>
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={fieldError(update.error, 'password')}
        />
        {!fieldError(update.error, 'password') && <ErrorMessage error={update.error} />}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={update.isPending}>
            Set password
          </button>
        </div>
      </form>
    </Dialog>
  );
}
