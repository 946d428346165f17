import * as client from 'openid-client';
import { AppError } from '../../domain/errors.js';
import type { SsoSettingsTable } from '../../store/schema.js';

/**
 * The factory's OpenID Connect provider through openid-client: discovery (kept for a while, so
 * a sign-in does not fetch the provider's metadata each time), the authorization URL with PKCE,
 * and the code exchange with its checks (state, nonce, PKCE verifier, the ID token's signature,
 * issuer, audience and expiry).
 */

const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const cache = new Map<string, { config: client.Configuration; at: number }>();

/** The provider's configuration; a failure to reach it is `sso_failed` naming the issuer. */
async function configurationOf(
  settings: SsoSettingsTable,
  now: number,
): Promise<client.Configuration> {
  const key = [settings.issuer_url, settings.client_id, settings.client_secret ?? ''].join('\0');
  const cached = cache.get(key);
  if (cached && now - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const issuer = new URL(settings.issuer_url);
  try {
    const config = await client.discovery(
      issuer,
      settings.client_id,
      undefined,
      settings.client_secret === null
        ? client.None()
        : client.ClientSecretBasic(settings.client_secret),
      {
        // Only a loopback issuer may be http (sso-settings.ts, normalizeIssuer).
        ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
        timeout: 10,
      },
    );
    for (const [k, v] of cache) if (now - v.at >= DISCOVERY_TTL_MS) cache.delete(k);
    cache.set(key, { config, at: now });
    return config;
  } catch (err) {
    throw new AppError('sso_failed', {
      message: `The identity provider ${settings.issuer_url} could not be reached or read: ${describe(err)}`,
    });
  }
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** Where to send the browser: the provider's authorization endpoint, with a fresh state, nonce and PKCE challenge. */
export async function authorizationRequest(
  settings: SsoSettingsTable,
  redirectUri: string,
  now: number,
): Promise<AuthorizationRequest> {
  const config = await configurationOf(settings, now);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state, codeVerifier, nonce };
}

/**
 * Exchanges the callback's code for tokens and answers the person's claims: the ID token's,
 * completed from the userinfo endpoint when it lacks `wanted` (some providers put groups only
 * there). Any failed check is `sso_failed` with the provider's or the check's reason.
 */
export async function exchangeCode(
  settings: SsoSettingsTable,
  callbackUrl: URL,
  checks: { state: string; codeVerifier: string; nonce: string },
  wanted: string,
  now: number,
): Promise<Record<string, unknown>> {
  const config = await configurationOf(settings, now);
  try {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims: Record<string, unknown> = { ...tokens.claims() };
    const needsUserinfo = claims[wanted] === undefined || claims.email === undefined;
    if (needsUserinfo && config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, String(claims.sub));
      for (const [k, v] of Object.entries(info)) if (claims[k] === undefined) claims[k] = v;
    }
    return claims;
  } catch (err) {
    throw new AppError('sso_failed', {
      message: `The identity provider did not confirm the sign-in: ${describe(err)}`,
    });
  }
}

function describe(err: unknown): string {
  if (err instanceof client.AuthorizationResponseError || err instanceof client.ResponseBodyError) {
    return err.error_description ? `${err.error} (${err.error_description})` : err.error;
  }
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
    return `${err.message}${cause}`;
  }
  return String(err);
}
