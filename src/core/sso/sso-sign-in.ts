import { AppError, invalid } from '../../domain/errors.js';
import { MINUTE } from '../../domain/clock.js';
import { newId } from '../../domain/ids.js';
import { DUMMY_PASSWORD_HASH, hashToken } from '../../domain/tokens.js';
import * as staffUsers from '../../store/accounts/staff-users.repository.js';
import type { SsoSettingsTable, StaffUserTable } from '../../store/schema.js';
import { publicUrlOf } from '../../store/settings/settings.repository.js';
import * as sso from '../../store/sso/sso.repository.js';
import type { CoreContext } from '../context.js';
import { normalizeEmail } from '../sessions/credentials.js';
import { openSession, type OpenedSession } from '../sessions/sessions.js';
import type { StaffRole } from '../staff/staff-users.js';
import { transact } from '../transaction.js';
import { authorizationRequest, exchangeCode } from './openid.js';

/** Where the provider sends the browser back, under `public_url` or the request's origin. */
export const SSO_CALLBACK_PATH = '/v1/auth/oidc/callback';

/** How long a person has at the provider, from the redirect to its callback. */
export const SSO_LOGIN_TTL_MS = 10 * MINUTE;

/** The provider the public sign-in page offers: the one factory's that has single sign-on. */
export async function ssoProviderOf(
  ctx: CoreContext,
  factoryId?: string,
): Promise<SsoSettingsTable> {
  if (factoryId) {
    const row = await sso.ssoSettingsOf(ctx.db, factoryId);
    if (!row) throw new AppError('sso_not_configured');
    return row;
  }
  const rows = await sso.allSsoSettings(ctx.db);
  if (rows.length === 0) throw new AppError('sso_not_configured');
  if (rows.length > 1) {
    throw invalid(
      'factory',
      'Several factories have single sign-on: name one with ?factory=fac_….',
    );
  }
  return rows[0]!;
}

/**
 * Starts a staff sign-in at the provider (redirect URI: `<public_url or the request's
 * origin>/v1/auth/oidc/callback`, the one to register at the provider): records the state (hashed), the PKCE verifier and the
 * nonce, and answers the provider's URL and the state (the route also binds it to the browser).
 */
export async function startSsoSignIn(
  ctx: CoreContext,
  input: { factoryId?: string; requestOrigin: string },
): Promise<{ url: string; state: string }> {
  const settings = await ssoProviderOf(ctx, input.factoryId);
  const base = (await publicUrlOf(ctx.db, settings.factory_id)) ?? input.requestOrigin;
  const redirectUri = `${base}${SSO_CALLBACK_PATH}`;
  const now = ctx.clock.now();
  const request = await authorizationRequest(settings, redirectUri, now.getTime());
  await transact(ctx, async (tx) => {
    await sso.insertSsoLogin(
      tx.trx,
      {
        state_hash: hashToken(request.state),
        factory_id: settings.factory_id,
        code_verifier: request.codeVerifier,
        nonce: request.nonce,
        redirect_uri: redirectUri,
        expires_at: new Date(tx.now.getTime() + SSO_LOGIN_TTL_MS).toISOString(),
      },
      tx.nowIso,
    );
  });
  return { url: request.url, state: request.state };
}

export interface SsoSignedIn extends OpenedSession {
  user: { id: string; email: string; name: string; role: StaffRole };
}

/**
 * The staff role the claim's values give under the mapping: admin when any value maps to admin,
 * else supervisor when any maps to it; null when none is mapped. A claim may be one string or a
 * list of them (Keycloak's and Entra ID's `groups` are lists).
 */
export function roleFromClaim(
  value: unknown,
  roleMap: Record<string, StaffRole>,
): StaffRole | null {
  const values = (Array.isArray(value) ? value : [value]).filter(
    (v): v is string => typeof v === 'string',
  );
  const roles = values.map((v) => roleMap[v]).filter((r): r is StaffRole => r !== undefined);
  if (roles.includes('admin')) return 'admin';
  return roles.includes('supervisor') ? 'supervisor' : null;
}

/** The person's email from the claims: `email`, else a `preferred_username` shaped like one (Entra ID). */
function emailOf(claims: Record<string, unknown>): string | null {
  for (const candidate of [claims.email, claims.preferred_username, claims.upn]) {
    if (typeof candidate === 'string' && /^[^\s@]+@[^\s@]+$/.test(candidate.trim())) {
      return normalizeEmail(candidate);
    }
  }
  return null;
}

/**
 * Finishes a sign-in from the provider's callback: the state must be one this server issued, to
 * this browser, and unexpired (it is used once); the code is exchanged with its PKCE verifier
 * and the ID token checked; the role comes from the claim's mapping. The staff user with the
 * claims' email is made on the first sign-in (no password: one may be set later as a
 * break-glass) and takes the mapped role at each. A disabled user, a user of another factory,
 * and a person with no mapped value are refused.
 *
 * Two transactions: the state is taken out (used once) before the provider is called, and the
 * user and session are written after; the network call holds no write lock.
 */
export async function finishSsoSignIn(
  ctx: CoreContext,
  input: { callbackQuery: URLSearchParams; browserState: string | undefined },
): Promise<SsoSignedIn> {
  const state = input.callbackQuery.get('state') ?? '';
  if (state === '' || input.browserState !== state) {
    throw new AppError('sso_failed', {
      message:
        'This sign-in was not started in this browser, or was already used: start it again from the sign-in page.',
    });
  }
  const login = await transact(ctx, (tx) => sso.takeSsoLogin(tx.trx, hashToken(state), tx.nowIso));
  if (!login) {
    throw new AppError('sso_failed', {
      message: 'This sign-in is unknown, used or expired: start it again from the sign-in page.',
    });
  }
  const settings = await sso.ssoSettingsOf(ctx.db, login.factory_id);
  if (!settings) throw new AppError('sso_not_configured');
  const callbackUrl = new URL(login.redirect_uri);
  callbackUrl.search = input.callbackQuery.toString();
  const claims = await exchangeCode(
    settings,
    callbackUrl,
    { state, codeVerifier: login.code_verifier, nonce: login.nonce },
    settings.claim,
    ctx.clock.now().getTime(),
  );
  const roleMap = JSON.parse(settings.role_map) as Record<string, StaffRole>;
  const role = roleFromClaim(claims[settings.claim], roleMap);
  if (!role) {
    throw new AppError('sso_no_role', {
      message: `${settings.provider_name} signed you in, but your "${settings.claim}" claim has none of the values mapped to a staff role (${Object.keys(roleMap).join(', ')}): ask an administrator to add you to one of those groups.`,
    });
  }
  const email = emailOf(claims);
  if (!email) {
    throw new AppError('sso_failed', {
      message: `${settings.provider_name} did not send an email address for you (the email claim): ask an administrator to release it to this client.`,
    });
  }
  const name = [claims.name, claims.preferred_username, email].find(
    (v): v is string => typeof v === 'string' && v.trim() !== '',
  )!;
  return transact(ctx, async (tx) => {
    let user = await staffUsers.staffUserOfEmail(tx.trx, email);
    if (user && user.factory_id !== login.factory_id) {
      throw new AppError('sso_no_role', {
        message: `${email} is a staff user of another factory on this server.`,
      });
    }
    if (user?.disabled_at) {
      throw new AppError('sso_no_role', {
        message: `${email} is disabled here: ask an administrator to enable the staff user again.`,
      });
    }
    if (!user) {
      user = {
        id: newId('staff', tx.now),
        factory_id: login.factory_id,
        email,
        name: name.trim().slice(0, 200),
        role,
        // Nobody's password: matches none, and costs a login the same as any (credentials.ts).
        password_hash: DUMMY_PASSWORD_HASH,
        created_at: tx.nowIso,
        updated_at: tx.nowIso,
        disabled_at: null,
      } satisfies StaffUserTable;
      await staffUsers.insertStaffUser(tx.trx, user);
    } else if (user.role !== role) {
      await staffUsers.updateStaffUser(tx.trx, user.id, { role, updated_at: tx.nowIso });
    }
    const session = await openSession(tx.trx, {
      factoryId: login.factory_id,
      now: tx.now,
      user: { kind: 'staff', staffUserId: user.id },
    });
    return { ...session, user: { id: user.id, email, name: user.name, role } };
  });
}
