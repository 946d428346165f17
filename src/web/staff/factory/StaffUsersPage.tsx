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
import { useStaffT } from '../staff-i18n.js';
import {
  useCreateStaffUser,
  useStaffUsers,
  useUpdateStaffUser,
  type StaffUser,
} from './use-factory.js';

/** The people who sign in to this app: admins and supervisors. */
export function StaffUsersPage() {
  const { t } = useStaffT();
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
        <p>{t('factory.staff.about')}</p>
        <button type="button" onClick={() => setAdding(true)}>
          {t('factory.staff.add')}
        </button>
      </div>
      <ErrorMessage error={users.error ?? update.error} />
      <PagedTable
        list={list}
        pages={pages}
        label={t('factory.staff.pages')}
        head={
          <>
            <th scope="col">{t('factory.staff.name')}</th>
            <th scope="col">{t('factory.staff.email')}</th>
            <th scope="col">{t('factory.staff.role')}</th>
            <th scope="col">{t('factory.staff.status')}</th>
            <th scope="col">{t('factory.staff.added')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('factory.staff.actions')}</span>
            </th>
          </>
        }
        row={(u) => {
          const self = u.id === me.user?.id;
          return (
            <tr key={u.id} className={u.disabled ? 'revoked' : undefined}>
              <th scope="row">{self ? t('factory.staff.you', { name: u.name }) : u.name}</th>
              <td>{u.email}</td>
              <td>
                <label className="visually-hidden" htmlFor={`staff-role-${u.id}`}>
                  {t('factory.staff.role_of', { name: u.name })}
                </label>
                <select
                  id={`staff-role-${u.id}`}
                  value={u.role}
                  disabled={self || update.isPending}
                  title={self ? t('factory.staff.own_role') : undefined}
                  onChange={(e) =>
                    update.mutate({ id: u.id, role: e.target.value as StaffUser['role'] })
                  }
                >
                  <option value="admin">{t('factory.staff.admin')}</option>
                  <option value="supervisor">{t('factory.staff.supervisor')}</option>
                </select>
              </td>
              <td>
                {u.disabled
                  ? t('factory.staff.disabled_at', { time: formatDateTime(u.disabled_at) })
                  : t('factory.staff.active')}
              </td>
              <td className="nowrap">{formatDateTime(u.created_at)}</td>
              <td className="row-actions">
                <button
                  type="button"
                  className="small secondary"
                  aria-label={t('factory.staff.new_password_for', { name: u.name })}
                  onClick={() => setPassword(u)}
                >
                  {t('factory.staff.new_password')}
                </button>
                {u.disabled ? (
                  <button
                    type="button"
                    className="small secondary"
                    onClick={() => update.mutate({ id: u.id, disabled: false })}
                  >
                    {t('factory.staff.enable')}
                  </button>
                ) : (
                  !self && (
                    <RowDangerButton
                      label={t('factory.staff.disable_name', { name: u.name })}
                      onClick={() => setDisabling(u)}
                    >
                      {t('factory.staff.disable')}
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
          title={t('factory.staff.disable_title', { name: disabling.name })}
          confirmLabel={t('factory.staff.disable_confirm')}
          onConfirm={() => update.mutateAsync({ id: disabling.id, disabled: true })}
          onClose={() => setDisabling(null)}
        >
          <p>{t('factory.staff.disable_text')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

function AddStaffDialog({ onClose }: { onClose: () => void }) {
  const { t } = useStaffT();
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
    <Dialog title={t('factory.staff.add')} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <TextField
          label={t('factory.staff.name')}
          name="name"
          required
          error={fieldError(create.error, 'name')}
        />
        <TextField
          label={t('factory.staff.email')}
          name="email"
          type="email"
          required
          error={fieldError(create.error, 'email')}
        />
        <SelectField
          label={t('factory.staff.role')}
          name="role"
          defaultValue="supervisor"
          error={fieldError(create.error, 'role')}
        >
          <option value="supervisor">{t('factory.staff.supervisor')}</option>
          <option value="admin">{t('factory.staff.admin')}</option>
        </SelectField>
        <TextField
          label={t('factory.staff.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint={t('factory.staff.password_hint')}
          error={fieldError(create.error, 'password')}
        />
        {!shownAtField(create.error, ['name', 'email', 'role', 'password']) && (
          <ErrorMessage error={create.error} />
        )}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t('factory.staff.cancel')}
          </button>
          <button type="submit" disabled={create.isPending}>
            {t('factory.staff.add_submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function PasswordDialog({ user, onClose }: { user: StaffUser; onClose: () => void }) {
  const { t } = useStaffT();
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
    <Dialog title={t('factory.staff.password_title', { name: user.name })} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <p>{t('factory.staff.sessions_end')}</p>
        <TextField
          label={t('factory.staff.new_password_label')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={fieldError(update.error, 'password')}
        />
        {!fieldError(update.error, 'password') && <ErrorMessage error={update.error} />}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t('factory.staff.cancel')}
          </button>
          <button type="submit" disabled={update.isPending}>
            {t('factory.staff.set_password')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
