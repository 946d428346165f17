import { useMemo, useState, type FormEvent } from 'react';
import { createApiClient, call } from '../../shared/api/client.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { TextField } from '../../shared/ui/TextField.js';

/** The token a set-password link carries in its fragment (`#token=rpw_…`), which no server sees. */
export function tokenOf(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

/**
 * The page a set-password link opens (`/portal/set-password#token=…`), signed out: the new
 * password twice, then the way to sign in. The link works once; a used or expired one says to
 * ask for a new one.
 */
export function SetPasswordPage() {
  const token = useMemo(() => tokenOf(window.location.hash), []);
  const api = useMemo(() => createApiClient(), []);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ email: string; retailer: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!token) return;
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password'));
    if (password !== String(form.get('confirm'))) {
      setError(new Error('The two passwords are not the same.'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const set = await call(
        api.POST('/v1/portal/auth/set-password', { body: { token, password } }),
      );
      // The link is used up: drop it from the address bar and the history entry.
      window.history.replaceState(null, '', window.location.pathname);
      setDone({ email: set.email, retailer: set.retailer.name });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <div className="card">
        <h1 id="set-password-title">Choose your portal password</h1>
        {done ? (
          <>
            <p className="success-message" role="status">
              Your password is set. Sign in with {done.email} to follow {done.retailer}’s orders.
            </p>
            <a className="button-link" href="/portal">
              Sign in
            </a>
          </>
        ) : !token ? (
          <p className="error-message" role="alert">
            This address has no set-password link in it. Open the whole link you were sent, or ask
            for a new one.
          </p>
        ) : (
          <form onSubmit={(e) => void submit(e)} aria-labelledby="set-password-title">
            <p>This link works once. Choose a password of at least 10 characters.</p>
            <TextField
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              error={fieldError(error, 'password')}
            />
            <TextField
              label="New password again"
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
            />
            {!shownAtField(error, ['password']) && <ErrorMessage error={error} />}
            <button type="submit" disabled={busy}>
              {busy ? 'Setting…' : 'Set password'}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
