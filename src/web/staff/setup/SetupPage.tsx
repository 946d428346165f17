import { useMemo, useState, type FormEvent } from 'react';
import { Trans } from 'react-i18next';
import { createApiClient, call } from '../../shared/api/client.js';
import { staffSession } from '../../shared/session/sessions.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { fieldError, shownAtField } from '../../shared/ui/field-error.js';
import { TextField } from '../../shared/ui/TextField.js';
import { useStaffT } from '../staff-i18n.js';

/**
 * A new install's first admin, made in the browser with the factory's API key (the one
 * `factoryd serve` wrote to `<data-dir>/initial-api-key`): the key names the factory
 * (PATCH /v1/company) and creates the admin (POST /v1/staff), and is never kept. Then the new
 * admin is signed in.
 */
export function SetupPage() {
  const { t } = useStaffT();
  const api = useMemo(() => createApiClient(), []);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      const key = value('key');
      const headers = { authorization: `Bearer ${key}` };
      await nameFactory(api, headers, value('factory'), value('name'));
      const body = {
        email: value('email'),
        name: value('name'),
        password: String(form.get('password') ?? ''),
      };
      await call(
        api.POST('/v1/staff', {
          body: { ...body, role: 'admin' },
          headers,
        }),
      );
      const session = await call(
        api.POST('/v1/auth/login', { body: { email: body.email, password: body.password } }),
      );
      staffSession.set(session);
      window.location.replace('/');
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  }

  const keyError =
    error && (error as { status?: number }).status === 401 ? t('setup.key_invalid') : undefined;
  return (
    <main className="sign-in">
      <form
        className="card setup-card"
        onSubmit={(e) => void submit(e)}
        aria-labelledby="setup-title"
      >
        <h1 id="setup-title">{t('setup.title')}</h1>
        <p>
          <Trans ns="staff" i18nKey="setup.intro" components={[<code key="file" />]} />
        </p>
        <TextField
          label={t('setup.key')}
          name="key"
          type="password"
          autoComplete="off"
          required
          placeholder={t('integrations.keys.masked', { last4: '' })}
          error={keyError}
        />
        <TextField
          label={t('setup.factory')}
          name="factory"
          autoComplete="organization"
          required
          maxLength={200}
          hint={t('setup.factory_hint')}
          error={fieldError(error, 'company')}
        />
        <TextField
          label={t('setup.name')}
          name="name"
          autoComplete="name"
          required
          error={fieldError(error, 'name')}
        />
        <TextField
          label={t('setup.email')}
          name="email"
          type="email"
          autoComplete="username"
          required
          error={fieldError(error, 'email')}
        />
        <TextField
          label={t('setup.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          hint={t('setup.password_hint')}
          error={fieldError(error, 'password')}
        />
        {!keyError && !shownAtField(error, ['company', 'name', 'email', 'password']) && (
          <ErrorMessage error={error} />
        )}
        <button type="submit" disabled={busy}>
          {busy ? t('setup.creating') : t('setup.create')}
        </button>
        <p className="sign-in-footer">
          <Trans
            ns="staff"
            i18nKey="setup.footer"
            components={[<a key="sign-in" href="/" />, <code key="cli" />]}
          />
        </p>
      </form>
    </main>
  );
}

/**
 * The factory's name, set on the company record with the key. Its legal name follows while it
 * is still the placeholder's; the owner's name, while nobody has given one, is the admin's.
 */
async function nameFactory(
  api: ReturnType<typeof createApiClient>,
  headers: { authorization: string },
  factory: string,
  admin: string,
): Promise<void> {
  const company = await call(api.GET('/v1/company', { headers }));
  const legalName = company.legal_name === company.company ? factory : company.legal_name;
  await call(
    api.PATCH('/v1/company', {
      headers,
      body: { company: factory, legal_name: legalName, name: company.name || admin },
    }),
  );
}
