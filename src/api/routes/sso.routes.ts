import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../domain/errors.js';
import {
  getSsoSettings,
  removeSsoSettings,
  updateSsoSettings,
} from '../../core/sso/sso-settings.js';
import {
  finishSsoSignIn,
  SSO_CALLBACK_PATH,
  SSO_LOGIN_TTL_MS,
  ssoProviderOf,
  startSsoSignIn,
} from '../../core/sso/sso-sign-in.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf } from '../route-helpers.js';
import { originOf } from '../request-origin.js';
import { SsoProvider, SsoSettings, SsoSettingsPatch, SsoStartQuery } from '../schemas/sso.js';

/** The cookie that ties a sign-in's state to the browser that started it (login CSRF). */
const STATE_COOKIE = 'factoryd_sso';
/**
 * The staff app, relative to the callback (`/v1/auth/oidc/callback` → `/`): right behind a proxy
 * that serves factoryd under a path too.
 */
const APP_FROM_CALLBACK = '../../../';

function stateCookieOf(request: FastifyRequest): string | undefined {
  return (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${STATE_COOKIE}=`))
    ?.slice(STATE_COOKIE.length + 1);
}

function setStateCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  value: string,
  maxAge: number,
) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  // Lax: the provider's redirect back is a top-level GET from another site, which Lax lets through.
  reply.header(
    'set-cookie',
    `${STATE_COOKIE}=${value}; Path=${SSO_CALLBACK_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`,
  );
}

/** The staff app with a fragment: never sent to a server, so never in a proxy's or our log. */
const appWith = (fields: Record<string, string>) =>
  `${APP_FROM_CALLBACK}#${new URLSearchParams(fields).toString()}`;

/**
 * Single sign-on for staff (DESIGN §18): the factory's OpenID Connect provider, set up by an
 * admin (`/v1/sso`), and the browser's way through it (`/v1/auth/oidc/…`).
 */
export async function ssoRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/v1/sso',
    {
      schema: {
        operationId: 'getSsoSettings',
        tags: ['sso'],
        summary: "The factory's single sign-on settings",
        description:
          'The OpenID Connect provider staff sign in with, the claim read for their role and its mapping. The client secret is never answered: `client_secret_set` says whether one is stored.',
        response: { 200: SsoSettings },
      },
    },
    async (request) => getSsoSettings(core, factoryOf(request)),
  );

  r.patch(
    '/v1/sso',
    {
      schema: {
        operationId: 'updateSsoSettings',
        tags: ['sso'],
        summary: 'Set up or change single sign-on',
        description:
          'The first time, provider_name, issuer_url, client_id and role_map are required. `role_map` maps values of the claim (default `groups`) to staff roles: `{"factory-admins": "admin", "floor-supervisors": "supervisor"}`. `client_secret` is write-only; null makes a public client (PKCE only). The provider must list `<public_url or this server>/v1/auth/oidc/callback` as a redirect URI.',
        body: SsoSettingsPatch,
        response: { 200: SsoSettings },
      },
    },
    async (request) => updateSsoSettings(core, factoryOf(request), request.body),
  );

  r.delete(
    '/v1/sso',
    {
      schema: {
        operationId: 'deleteSsoSettings',
        tags: ['sso'],
        summary: 'Turn single sign-on off',
        description:
          'Staff then sign in with email and password only. Users made by single sign-on stay; an admin may give them a password.',
        response: { 200: SsoSettings },
      },
    },
    async (request) => removeSsoSettings(core, factoryOf(request)),
  );

  r.get(
    '/v1/auth/oidc',
    {
      schema: {
        operationId: 'getSsoProvider',
        tags: ['auth'],
        summary: 'Whether the sign-in page offers single sign-on, and with which provider',
        description:
          'Public: the staff sign-in page shows "Sign in with <provider_name>" when `enabled`, linking to `start_url`.',
        security: [],
        response: { 200: SsoProvider },
      },
    },
    async () => {
      try {
        const settings = await ssoProviderOf(core);
        return {
          object: 'sso_provider' as const,
          enabled: true,
          provider_name: settings.provider_name,
          start_url: '/v1/auth/oidc/start',
        };
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'sso_not_configured') throw err;
        return {
          object: 'sso_provider' as const,
          enabled: false,
          provider_name: null,
          start_url: null,
        };
      }
    },
  );

  r.get(
    '/v1/auth/oidc/start',
    {
      schema: {
        operationId: 'startSsoSignIn',
        tags: ['auth'],
        summary: 'Start a staff sign-in at the identity provider (a browser redirect)',
        description:
          'Answers 302 to the provider (authorization code with PKCE, a fresh state and nonce) and sets a cookie that ties the state to this browser.',
        hide: true,
        security: [],
        querystring: SsoStartQuery,
        response: { 302: Type.Null() },
      },
    },
    async (request, reply) => {
      const { url, state } = await startSsoSignIn(core, {
        ...(request.query.factory ? { factoryId: request.query.factory } : {}),
        requestOrigin: originOf(request),
      });
      setStateCookie(request, reply, state, SSO_LOGIN_TTL_MS / 1000);
      return reply.redirect(url, 302);
    },
  );

  r.get(
    SSO_CALLBACK_PATH,
    {
      schema: {
        operationId: 'finishSsoSignIn',
        tags: ['auth'],
        summary: "The identity provider's redirect back: a staff session",
        description:
          'Checks the state against the browser, exchanges the code with its PKCE verifier, reads the role from the claim and opens an `ss_` session; answers 302 to the staff app with the session (or the reason it was refused) in the fragment.',
        hide: true,
        security: [],
        response: { 302: Type.Null() },
      },
    },
    async (request, reply) => {
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const browserState = stateCookieOf(request);
      setStateCookie(request, reply, '', 0);
      try {
        const signedIn = await finishSsoSignIn(core, { callbackQuery: query, browserState });
        request.log.info(
          { staff_user: signedIn.user.id, role: signedIn.user.role },
          'single sign-on: staff user signed in',
        );
        return reply.redirect(
          appWith({ sso_token: signedIn.token, expires_at: signedIn.expires_at }),
          302,
        );
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        request.log.warn({ code: err.code, reason: err.message }, 'single sign-on refused');
        return reply.redirect(appWith({ sso_error: err.code, message: err.message }), 302);
      }
    },
  );
}
