import type { ApiClient } from '../../shared/api/client.js';
import { call } from '../../shared/api/client.js';
import { i18n } from '../../shared/i18n/i18n.js';
import type { StaffSession } from '../../shared/session/sessions.js';

/**
 * What the identity provider's round trip left in the address's fragment (the server's callback
 * puts it there: a fragment never reaches a server or its logs): a session token, or the reason
 * the sign-in was refused. Null when the page was not opened by a callback.
 */
export type SsoReturn =
  | { kind: 'signed-in'; token: string; expiresAt: string }
  | { kind: 'refused'; code: string; message: string };

export function readSsoReturn(hash: string): SsoReturn | null {
  const fields = new URLSearchParams(hash.replace(/^#/, ''));
  const token = fields.get('sso_token');
  if (token) return { kind: 'signed-in', token, expiresAt: fields.get('expires_at') ?? '' };
  const code = fields.get('sso_error');
  if (code) return { kind: 'refused', code, message: fields.get('message') ?? code };
  return null;
}

/** The staff session of a token from the callback: who it belongs to, read from the server. */
export async function sessionOfToken(
  api: ApiClient,
  token: string,
  expiresAt: string,
): Promise<StaffSession> {
  const me = await call(api.GET('/v1/auth/me', { headers: { authorization: `Bearer ${token}` } }));
  if (me.kind !== 'staff' || !me.user) throw new Error(i18n.t('staff:sso.not_staff'));
  const { id, email, name, role } = me.user;
  return {
    token,
    expires_at: me.session?.expires_at ?? expiresAt,
    // The fields of a staff user the app shows (its name and role); the rest as a new user's.
    user: {
      id,
      object: 'staff_user',
      email,
      name,
      role: role === 'admin' ? 'admin' : 'supervisor',
      disabled: false,
      disabled_at: null,
      created_at: expiresAt,
      updated_at: expiresAt,
    },
  };
}
