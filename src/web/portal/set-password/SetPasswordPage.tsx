import { useMemo, useState, type FormEvent } from 'react';
import { createApiClient, call } from '../../shared/api/client.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { TextField } from '../../shared/ui/TextField.js';
import { usePortalT } from '../portal-i18n.js';

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
  const { t } = usePortalT();
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
      setError(new Error(t('set_password.not_same')));
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
        <h1 id="set-password-title">{t('set_password.title')}</h1>
        {done ? (
          <>
            <p className="success-message" role="status">
              {t('set_password.done', { email: done.email, retailer: done.retailer })}
            </p>
            <a className="button-link" href="/portal">
              {t('set_password.sign_in')}
            </a>
          </>
        ) : !token ? (
          <p className="error-message" role="alert">
            {t('set_password.no_link')}
          </p>
        ) : (
          <form onSubmit={(e) => void submit(e)} aria-labelledby="set-password-title">
            <p>{t('set_password.once')}</p>
            <TextField
              label={t('set_password.new')}
              name="password"
              type="password"
              autoComplete="new-password"
              required
              error={fieldError(error, 'password')}
            />
            <TextField
              label={t('set_password.again')}
              name="confirm"
              type="password"
              autoComplete="new-password"
              required
            />
            {!shownAtField(error, ['password']) && <ErrorMessage error={error} />}
            <button type="submit" disabled={busy}>
              {busy ? t('set_password.setting') : t('set_password.set')}
            </button>
          </form>
        )}
      </div>
    </main>
  );
}
