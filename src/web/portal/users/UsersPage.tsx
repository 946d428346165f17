import { useState } from 'react';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { UserPasswordDialog } from '../../shared/ui/UserPasswordDialog.js';
import { useMakeUserPasswordLink, usePortalUsers, useSetUserPassword } from './use-portal-users.js';

const ROLE_WORDS: Record<string, string> = {
  owner: 'Owner',
  buyer: 'Buyer',
  viewer: 'Viewer',
  accounts: 'Accounts',
  integrations: 'Integrations',
};

type User = NonNullable<ReturnType<typeof usePortalUsers>['data']>['data'][number];

/**
 * Users (owners only): the retailer's people and whether they can sign in; an owner sets a
 * new password for one or makes a set-password link to send them. Who is on the list is the
 * factory's to change.
 */
export function UsersPage({ me }: { me: string }) {
  const users = usePortalUsers(undefined);
  const [password, setPassword] = useState<User | null>(null);
  const setUserPassword = useSetUserPassword();
  const makeLink = useMakeUserPasswordLink();
  return (
    <section aria-labelledby="users-title">
      <div className="page-heading">
        <h1 id="users-title">Users</h1>
      </div>
      <p className="page-lead">
        Who can sign in to this portal for your company. As an owner you can give any of them a new
        password, or a link to choose their own. To add or remove someone, ask the factory.
      </p>
      <ErrorMessage error={users.error} />
      {users.isPending && <p className="loading">Loading users…</p>}
      {users.data && (
        <div className="table-wrap">
          <table className="data-table" aria-label="Users">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Can sign in</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.data.map((u) => (
                <tr key={u.id}>
                  <th scope="row" data-label="Name">
                    {u.name}
                    {u.id === me && <span className="muted"> (you)</span>}
                  </th>
                  <td data-label="Email">{u.email}</td>
                  <td data-label="Role">{ROLE_WORDS[u.role] ?? u.role}</td>
                  <td data-label="Can sign in">
                    {u.disabled
                      ? 'No: disabled by the factory'
                      : u.has_password
                        ? 'Yes'
                        : 'No password yet'}
                  </td>
                  <td>
                    <button
                      type="button"
                      className="secondary small"
                      aria-label={`Password for ${u.name}`}
                      onClick={() => setPassword(u)}
                    >
                      Password…
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
