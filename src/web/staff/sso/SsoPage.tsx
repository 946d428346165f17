import type { FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { shownAtField } from '../../shared/ui/field-error.js';
import { FormField, type FormWords } from '../common/FormField.js';
import { useStaffT } from '../staff-i18n.js';
import {
  parseRoleMap,
  roleMapText,
  useRemoveSso,
  useSsoSettings,
  useUpdateSso,
  type SsoSettings,
} from './use-sso.js';

const FIELDS = ['provider_name', 'issuer_url', 'client_id', 'client_secret', 'claim', 'role_map'];

/** The fields' labels and hints in the page's language (the server's sentences say the labels). */
function ssoWords(t: TFunction, error: unknown): FormWords {
  return {
    labels: {
      provider_name: t('sso.label.provider_name'),
      issuer_url: t('sso.label.issuer_url'),
      client_id: t('sso.label.client_id'),
      client_secret: t('sso.label.client_secret'),
      claim: t('sso.label.claim'),
      role_map: t('sso.label.role_map'),
    },
    hints: {
      provider_name: t('sso.hint.provider_name'),
      issuer_url: t('sso.hint.issuer_url'),
      client_secret: t('sso.hint.client_secret'),
      claim: t('sso.hint.claim'),
      role_map: t('sso.hint.role_map'),
    },
    error,
  };
}

/** Single sign-on: the factory's OpenID Connect provider and which of its groups get which role. */
export function SsoPage() {
  const { t } = useStaffT();
  const sso = useSsoSettings();
  const update = useUpdateSso();
  const remove = useRemoveSso();
  if (sso.error) return <ErrorMessage error={sso.error} />;
  if (!sso.data) return <p className="loading">{t('sso.loading')}</p>;
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
  const { t } = useStaffT();
  const error = update.error ?? remove.error;
  const words = ssoWords(t, error);
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
      aria-label={t('sso.form')}
    >
      <p className="notice">
        {sso.enabled ? t('sso.on', { provider: sso.provider_name }) : t('sso.off')}
      </p>
      <FormField
        words={words}
        name="provider_name"
        required
        defaultValue={sso.provider_name ?? ''}
        placeholder={t('sso.example_provider')}
      />
      <FormField
        words={words}
        name="issuer_url"
        type="url"
        required
        defaultValue={sso.issuer_url ?? ''}
        placeholder={t('sso.example_issuer')}
      />
      <FormField words={words} name="client_id" required defaultValue={sso.client_id ?? ''} />
      <FormField
        words={words}
        name="client_secret"
        type="password"
        autoComplete="off"
        placeholder={sso.client_secret_set ? t('sso.secret_stored') : ''}
      />
      <FormField words={words} name="claim" defaultValue={sso.claim} />
      <FormField
        words={words}
        name="role_map"
        multiline
        required
        defaultValue={roleMapText(sso.role_map)}
        placeholder={t('sso.example_role_map')}
      />
      <p className="field-hint">
        {t('sso.redirect')} <code>{callback}</code>
      </p>
      {!shownAtField(error, FIELDS) && <ErrorMessage error={error} labels={words.labels} />}
      {update.isSuccess && (
        <p className="success-message" role="status">
          {t('sso.saved')}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" disabled={update.isPending}>
          {t('sso.save')}
        </button>
        {sso.enabled && (
          <button
            type="button"
            className="secondary"
            disabled={remove.isPending}
            onClick={() => void remove.mutateAsync().catch(() => {})}
          >
            {t('sso.turn_off')}
          </button>
        )}
      </div>
    </form>
  );
}
