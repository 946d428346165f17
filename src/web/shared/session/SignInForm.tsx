import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageMenu } from '../i18n/LanguageMenu.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { TextField } from '../ui/TextField.js';

export interface Credentials {
  email: string;
  password: string;
}

/** Email and password, "Sign in", and the server's answer when it refuses. */
export function SignInForm({
  title,
  notice,
  onSignIn,
  footer,
  alternative,
}: {
  title: string;
  /** Under the button: another way in (the staff app's single sign-on). */
  alternative?: ReactNode;
  /** Below the form: e.g. the way to a new install's first-admin setup. */
  footer?: ReactNode;
  /** Why the person is here again (their session ended). */
  notice?: string | null;
  onSignIn: (credentials: Credentials) => Promise<void>;
}) {
  const { t } = useTranslation('common');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await onSignIn({ email: String(form.get('email')), password: String(form.get('password')) });
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <form
        className="card"
        onSubmit={(event) => void submit(event)}
        aria-labelledby="sign-in-title"
      >
        <h1 id="sign-in-title">{title}</h1>
        {notice && <p className="notice">{notice}</p>}
        <TextField
          label={t('sign_in.email')}
          name="email"
          type="email"
          autoComplete="username"
          required
        />
        <TextField
          label={t('sign_in.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
        />
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>
          {busy ? t('sign_in.signing_in') : t('sign_in.sign_in')}
        </button>
        {alternative}
        {footer && <div className="sign-in-footer">{footer}</div>}
        <LanguageMenu />
      </form>
    </main>
  );
}
