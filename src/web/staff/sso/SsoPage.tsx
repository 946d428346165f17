import type { FormEvent } from 'react';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { labelledFieldError, shownAtField } from '../../shared/ui/field-error.js';
import { TextAreaField, TextField } from '../../shared/ui/TextField.js';
import {
  parseRoleMap,
  roleMapText,
  useRemoveSso,
  useSsoSettings,
  useUpdateSso,
  type SsoSettings,
} from './use-sso.js';

const FIELDS = ['provider_name', 'issuer_url', 'client_id', 'client_secret', 'claim', 'role_map'];
const LABELS = {
  provider_name: 'Provider name',
  issuer_url: 'Issuer URL',
  client_id: 'Client ID',
  client_secret: 'Client secret',
  claim: 'Claim',
  role_map: 'Groups and roles',
};
const fieldError = labelledFieldError(LABELS);

/** Single sign-on: the factory's OpenID Connect provider and which of its groups get which role. */
export function SsoPage() {
  const sso = useSsoSettings();
  const update = useUpdateSso();
  const remove = useRemoveSso();
  if (sso.error) return <ErrorMessage error={sso.error} />;
  if (!sso.data) return <p className="loading">Loading…</p>;
  return (
    <SsoForm key={sso.data.updated_at ?? 'off'} sso={sso.data} update={update} remove={remove} />
  );
}

function SsoForm({
  sso,
  update,
  remove,
}: {
  sso: SsoSettings;
  update: ReturnType<typeof useUpdateSso>;
  remove: ReturnType<typeof useRemoveSso>;
}) {
  const error = update.error ?? remove.error;
  const callback = `${location.origin}/v1/auth/oidc/callback`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const secret = text('client_secret');
    await update
      .mutateAsync({
        provider_name: text('provider_name'),
        issuer_url: text('issuer_url'),
        client_id: text('client_id'),
        claim: text('claim') || 'groups',
        role_map: parseRoleMap(String(form.get('role_map') ?? '')),
        // Empty keeps the stored secret; the stored one is never shown.
        ...(secret ? { client_secret: secret } : {}),
      })
      .catch(() => {});
  }

  return (
    <form
      className="card settings-form"
      onSubmit={(e) => void submit(e)}
      aria-label="Single sign-on"
    >
      <p className="notice">
        {sso.enabled
          ? `Staff can sign in with ${sso.provider_name}. Passwords still work (the first admin, and when the provider is down).`
          : 'Off: staff sign in with email and password. Set up your identity provider (Keycloak, Entra ID…) to add "Sign in with …".'}
      </p>
      <TextField
        label="Provider name"
        name="provider_name"
        required
        defaultValue={sso.provider_name ?? ''}
        placeholder="Acme Login"
        hint='Shown on the sign-in page: "Sign in with <provider name>".'
        error={fieldError(error, 'provider_name')}
      />
      <TextField
        label="Issuer URL"
        name="issuer_url"
        type="url"
        required
        defaultValue={sso.issuer_url ?? ''}
        placeholder="https://login.example.com/realms/factory"
        hint="The provider's issuer: its /.well-known/openid-configuration is read from there."
        error={fieldError(error, 'issuer_url')}
      />
      <TextField
        label="Client ID"
        name="client_id"
        required
        defaultValue={sso.client_id ?? ''}
        error={fieldError(error, 'client_id')}
      />
      <TextField
        label="Client secret"
        name="client_secret"
        type="password"
        autoComplete="off"
        placeholder={sso.client_secret_set ? '(stored; type a new one to replace it)' : ''}
        hint="Kept on the server and never shown again. Empty for a public client (PKCE only)."
        error={fieldError(error, 'client_secret')}
      />
      <TextField
        label="Claim"
        name="claim"
        defaultValue={sso.claim}
        hint="The ID token or userinfo claim that lists the person's groups or roles."
        error={fieldError(error, 'claim')}
      />
      <TextAreaField
        label="Groups and roles"
        name="role_map"
        required
        defaultValue={roleMapText(sso.role_map)}
        placeholder={'factory-admins = admin\nfloor-supervisors = supervisor'}
        hint="One per line: a value of the claim = admin or supervisor. Anyone with none of them is refused."
        error={fieldError(error, 'role_map')}
      />
      <p className="field-hint">
        Register this redirect URI at the provider: <code>{callback}</code>
      </p>
      {!shownAtField(error, FIELDS) && <ErrorMessage error={error} labels={LABELS} />}
      {update.isSuccess && (
        <p className="success-message" role="status">
          Single sign-on saved.
        </p>
      )}
      <div className="form-actions">
        <button type="submit" disabled={update.isPending}>
          Save single sign-on
        </button>
        {sso.enabled && (
          <button
            type="button"
            className="secondary"
            disabled={remove.isPending}
            onClick={() => void remove.mutateAsync().catch(() => {})}
          >
            Turn off
          </button>
        )}
      </div>
    </form>
  );
}
