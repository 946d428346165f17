import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { ApiProvider } from '../api/api-context.js';
import { i18n } from '../i18n/i18n.js';
import { createApiClient, type ApiClient } from '../api/client.js';
import { createQueryClient } from '../query/query-client.js';
import { SignInForm, type Credentials } from './SignInForm.js';
import { useStoredValue, type StoredValue } from './stored-value.js';

interface Props<S extends { token: string }> {
  /** The sign-in page's heading. */
  title: string;
  /** Where the session is kept (staffSession, portalSession). */
  slot: StoredValue<S>;
  signIn: (api: ApiClient, credentials: Credentials) => Promise<S>;
  /** Ends the session on the server; the session is dropped here whatever it answers. */
  signOut: (api: ApiClient) => Promise<unknown>;
  children: (session: S, signOut: () => Promise<void>) => ReactNode;
  /** Shown under the sign-in form. */
  signInFooter?: ReactNode;
  /** Another way in, under the sign-in button (single sign-on). */
  signInAlternative?: ReactNode;
}

/**
 * A face whose users sign in (the staff app, the portal): one API client carrying the session's
 * token, one query cache, and the sign-in form while there is no session. The first 401 drops the
 * session and brings the form back with a sentence saying why.
 */
export function SignedInFace<S extends { token: string }>({
  title,
  slot,
  signIn,
  signOut,
  children,
  signInFooter,
  signInAlternative,
}: Props<S>) {
  const session = useStoredValue(slot);
  const [notice, setNotice] = useState<string | null>(null);
  const queryClient = useMemo(() => createQueryClient(), []);
  const api = useMemo(
    () =>
      createApiClient({
        token: () => slot.get()?.token ?? null,
        onUnauthorized: () => {
          if (slot.get() === null) return;
          slot.clear();
          queryClient.clear();
          setNotice(i18n.t('common:sign_in.ended'));
        },
      }),
    [slot, queryClient],
  );

  const end = useCallback(async () => {
    try {
      await signOut(api);
    } catch {
      // Signed out here whatever the server says: the token is dropped below.
    }
    slot.clear();
    queryClient.clear();
    setNotice(null);
  }, [api, slot, queryClient, signOut]);

  return (
    <ApiProvider client={api}>
      <QueryClientProvider client={queryClient}>
        {session ? (
          children(session, end)
        ) : (
          <SignInForm
            title={title}
            notice={notice}
            footer={signInFooter}
            alternative={signInAlternative}
            onSignIn={async (credentials) => {
              slot.set(await signIn(api, credentials));
              setNotice(null);
            }}
          />
        )}
      </QueryClientProvider>
    </ApiProvider>
  );
}
