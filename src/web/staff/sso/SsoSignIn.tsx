import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../shared/api/api-context.js';
import { call } from '../../shared/api/client.js';
import { staffSession } from '../../shared/session/sessions.js';
import { useStaffT } from '../staff-i18n.js';
import { readSsoReturn, sessionOfToken } from './sso-return.js';

/**
 * On the staff sign-in page, under the password form: "Sign in with <provider>" when single
 * sign-on is set up, and what the provider's round trip came back with (a session is kept and
 * the app opens; a refusal is said in the server's words).
 */
export function SsoSignIn() {
  const { t } = useStaffT();
  const api = useApi();
  // What the provider's round trip left in the address, read once.
  const [back] = useState(() => readSsoReturn(location.hash));
  const [refusal, setRefusal] = useState<string | null>(
    back?.kind === 'refused' ? back.message : null,
  );
  const provider = useQuery({
    queryKey: ['sso-provider'],
    queryFn: () => call(api.GET('/v1/auth/oidc')),
    retry: false,
  });

  useEffect(() => {
    if (!back) return;
    // The token leaves the address bar (and the history) before anything else.
    history.replaceState(null, '', location.pathname + location.search);
    if (back.kind !== 'signed-in') return;
    sessionOfToken(api, back.token, back.expiresAt).then(
      (session) => staffSession.set(session),
      (err: unknown) => setRefusal(err instanceof Error ? err.message : String(err)),
    );
  }, [api, back]);

  if (!provider.data?.enabled && !refusal) return null;
  return (
    <div className="sso-sign-in">
      {refusal && (
        <p role="alert" className="error-message">
          {refusal}
        </p>
      )}
      {provider.data?.enabled && (
        <>
          <p className="sso-or">{t('sso.or')}</p>
          <a
            className="button-link secondary sso-button"
            href={provider.data.start_url ?? '/v1/auth/oidc/start'}
          >
            {t('sso.sign_in_with', { provider: provider.data.provider_name })}
          </a>
        </>
      )}
    </div>
  );
}
