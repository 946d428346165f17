import { useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
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
import { useStaffT } from '../staff-i18n.js';
import { AddressFields, addressLines } from './AddressFields.js';
import {
  RETAILER_ROLE_KEYS,
  addressFrom,
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

/** One retailer: its name, code and delivery address, and the people who use the portal for it. */
export function RetailerPage() {
  const { t } = useStaffT();
  const { id = '' } = useParams();
  const retailer = useRetailer(id);
  // Here, not in the form: the form is drawn afresh from what the server saved.
  const update = useUpdateRetailer(id);
  const can = useCan();
  if (retailer.error)
    return <ErrorMessage error={retailer.error} title={t('retailers.not_shown')} />;
  if (!retailer.data) return <p className="loading">{t('retailers.loading')}</p>;
  const r = retailer.data;
  return (
    <section>
      <p className="breadcrumb">
        <Link to="/retailers">{t('retailers.back')}</Link>
      </p>
      <PageHeader
        title={r.name}
        sub={t('retailers.sub', { code: r.code, added: formatDateTime(r.created_at) })}
      >
        <Link className="button-link secondary" to={`/?retailer_id=${r.id}`}>
          {t('retailers.its_orders')}
        </Link>
      </PageHeader>
      {can('PATCH /v1/retailers/:id') ? (
        <RetailerForm key={r.updated_at} retailer={r} update={update} />
      ) : (
        <AddressCard retailer={r} />
      )}
      <h2>{t('retailers.users.title')}</h2>
      {can('GET /v1/retailers/:id/users') ? (
        <RetailerUsers retailer={r} />
      ) : (
        <p>{t('retailers.users.admin_only')}</p>
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
  const { t } = useStaffT();
  const saved = update.isSuccess;
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await update
      .mutateAsync({
        name: String(form.get('name')).trim(),
        code: String(form.get('code')).trim(),
        address: addressFrom(form),
      })
      .catch(() => {});
  }
  return (
    <form
      className="card retailer-form"
      onSubmit={(e) => void submit(e)}
      aria-label={t('retailers.details')}
    >
      <div className="form-columns">
        <TextField
          label={t('retailers.name')}
          name="name"
          defaultValue={retailer.name}
          required
          error={fieldError(update.error, 'name')}
        />
        <TextField
          label={t('retailers.code')}
          name="code"
          defaultValue={retailer.code}
          required
          error={fieldError(update.error, 'code')}
        />
      </div>
      <AddressFields address={retailer.address} error={update.error} />
      {!shownAtField(update.error, ['name', 'code', 'address']) && (
        <ErrorMessage error={update.error} />
      )}
      <div className="form-actions">
        <button type="submit" disabled={update.isPending}>
          {t('retailers.save')}
        </button>
        {saved && (
          <p className="success-message" role="status">
            {t('retailers.saved')}
          </p>
        )}
      </div>
    </form>
  );
}

/** The address as a supervisor (who may not change it) reads it. */
function AddressCard({ retailer }: { retailer: Retailer }) {
  const { t } = useStaffT();
  const lines = addressLines(retailer.address);
  return (
    <div className="card">
      <h2>{t('retailers.address.title')}</h2>
      {lines.length === 0 ? (
        <p>{t('retailers.address.none')}</p>
      ) : (
        <address>
          {lines.map((line) => (
            <span key={line} className="address-line">
              {line}
            </span>
          ))}
        </address>
      )}
    </div>
  );
}

function RetailerUsers({ retailer }: { retailer: Retailer }) {
  const { t } = useStaffT();
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
          {t('retailers.users.add')}
        </button>
      </div>
      <ErrorMessage error={users.error ?? change.error} />
      <PagedTable
        list={list}
        pages={pages}
        label={t('retailers.users.pages')}
        empty={
          <EmptyState title={t('retailers.users.empty_title')}>
            <Trans t={t} i18nKey="retailers.users.empty" components={{ code: <code /> }} />
          </EmptyState>
        }
        head={
          <>
            <th scope="col">{t('retailers.users.col.name')}</th>
            <th scope="col">{t('retailers.users.col.email')}</th>
            <th scope="col">{t('retailers.users.col.role')}</th>
            <th scope="col">{t('retailers.users.col.sign_in')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('retailers.users.col.actions')}</span>
            </th>
          </>
        }
        row={(u) => (
          <tr key={u.id}>
            <th scope="row">{u.name}</th>
            <td>{u.email}</td>
            <td>
              <label className="visually-hidden" htmlFor={`role-${u.id}`}>
                {t('retailers.users.role_of', { name: u.name })}
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
                {Object.entries(RETAILER_ROLE_KEYS).map(([role, key]) => (
                  <option key={role} value={role}>
                    {t(key)}
                  </option>
                ))}
              </select>
            </td>
            <td>
              {u.has_password
                ? t('retailers.users.has_password')
                : t('retailers.users.no_password')}
            </td>
            <td className="row-actions">
              <button
                type="button"
                className="small secondary"
                aria-label={t('retailers.users.password_for', { name: u.name })}
                onClick={() => setPassword(u)}
              >
                {t('retailers.users.password')}
              </button>
              <RowDangerButton
                label={t('retailers.users.remove_named', { name: u.name })}
                onClick={() => setRemoving(u)}
              >
                {t('retailers.users.remove')}
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
  const { t } = useStaffT();
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
    <Dialog title={t('retailers.users.add_title', { retailer: retailer.name })} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)}>
        <TextField
          label={t('retailers.users.col.name')}
          name="name"
          required
          error={fieldError(add.error, 'name')}
        />
        <TextField
          label={t('retailers.users.email')}
          name="email"
          type="email"
          required
          error={fieldError(add.error, 'email')}
        />
        <SelectField
          label={t('retailers.users.role')}
          name="role"
          defaultValue={first ? 'owner' : 'buyer'}
          hint={first ? t('retailers.users.first_hint') : undefined}
          error={fieldError(add.error, 'role')}
        >
          {Object.entries(RETAILER_ROLE_KEYS).map(([role, key]) => (
            <option key={role} value={role}>
              {t(key)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('retailers.users.password_optional')}
          name="password"
          type="password"
          autoComplete="new-password"
          hint={t('retailers.users.password_hint')}
          error={fieldError(add.error, 'password')}
        />
        {!shownAtField(add.error, fields) && <ErrorMessage error={add.error} />}
        <div className="dialog-actions">
          <button type="button" className="secondary" onClick={onClose}>
            {t('retailers.cancel')}
          </button>
          <button type="submit" disabled={add.isPending}>
            {t('retailers.users.add_user')}
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
  const { t } = useStaffT();
  const remove = useRemoveRetailerUser(retailer.id);
  return (
    <ConfirmDialog
      title={t('retailers.users.remove_title', { name: user.name })}
      confirmLabel={t('retailers.users.remove_confirm')}
      onConfirm={() => remove.mutateAsync(user.id)}
      onClose={onClose}
    >
      <p>{t('retailers.users.remove_text', { email: user.email, retailer: retailer.name })}</p>
    </ConfirmDialog>
  );
}
