import { useState } from 'react';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { UserPasswordDialog } from '../../shared/ui/UserPasswordDialog.js';
import { usePortalT } from '../portal-i18n.js';
import { useMakeUserPasswordLink, usePortalUsers, useSetUserPassword } from './use-portal-users.js';

/** The catalog's words for each retailer role. */
const ROLE_KEYS: Record<string, string> = {
  owner: 'users.roles.owner',
  buyer: 'users.roles.buyer',
  viewer: 'users.roles.viewer',
  accounts: 'users.roles.accounts',
  integrations: 'users.roles.integrations',
};

type User = NonNullable<ReturnType<typeof usePortalUsers>['data']>['data'][number];

/**
 * Users (owners only): the retailer's people and whether they can sign in; an owner sets a
 * new password for one or makes a set-password link to send them. Who is on the list is the
 * factory's to change.
 */
export function UsersPage({ me }: { me: string }) {
  const { t } = usePortalT();
  const users = usePortalUsers(undefined);
  const [password, setPassword] = useState<User | null>(null);
  const setUserPassword = useSetUserPassword();
  const makeLink = useMakeUserPasswordLink();
  return (
    <section aria-labelledby="users-title">
      <div className="page-heading">
        <h1 id="users-title">{t('users.title')}</h1>
      </div>
      <p className="page-lead">{t('users.lead')}</p>
      <ErrorMessage error={users.error} />
      {users.isPending && <p className="loading">{t('users.loading')}</p>}
      {users.data && (
        <div className="table-wrap">
          <table className="data-table" aria-label={t('users.title')}>
            <thead>
              <tr>
                <th scope="col">{t('users.name')}</th>
                <th scope="col">{t('users.email')}</th>
                <th scope="col">{t('users.role')}</th>
                <th scope="col">{t('users.can_sign_in')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('users.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.data.map((u) => (
                <tr key={u.id}>
                  <th scope="row" data-label={t('users.name')}>
                    {u.name}
                    {u.id === me && <span className="muted"> {t('users.you')}</span>}
                  </th>
                  <td data-label={t('users.email')}>{u.email}</td>
                  <td data-label={t('users.role')}>
                    {ROLE_KEYS[u.role] ? t(ROLE_KEYS[u.role]!) : u.role}
                  </td>
                  <td data-label={t('users.can_sign_in')}>
                    {u.disabled
                      ? t('users.disabled')
                      : u.has_password
                        ? t('users.yes')
                        : t('users.no_password')}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="secondary small"
                      aria-label={t('users.password_for', { name: u.name })}
                      onClick={() => setPassword(u)}
                    >
                      {t('users.password')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {password && (
        <UserPasswordDialog
          user={password}
          onMakeLink={() => makeLink.mutateAsync(password.id)}
          onSetPassword={(p) => setUserPassword.mutateAsync({ uid: password.id, password: p })}
          onClose={() => setPassword(null)}
        />
      )}
    </section>
  );
}
