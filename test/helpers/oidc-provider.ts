import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) on an ephemeral port, with one confidential
 * client that must use PKCE, and accounts with the claims given (`groups`, `email`, `name`). Its
 * development login accepts any password for a known account.
 */
export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export interface TestAccount {
  email?: string;
  name?: string;
  groups?: string[];
}

export async function startOidcProvider(options: {
  redirectUri: string;
  accounts: Record<string, TestAccount>;
}): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'factoryd';
  const clientSecret = 'a-client-secret-long-enough-for-hs256-signing-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    cookies: { keys: ['factoryd-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx: unknown, id: string) => {
      const account = options.accounts[id];
      return account
        ? { accountId: id, claims: () => ({ sub: id, email_verified: true, ...account }) }
        : undefined;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookies, by name (the provider and factoryd are both on 127.0.0.1). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"');

/**
 * Follows a sign-in as a browser would, from `startUrl`, with real HTTP: redirects, the
 * provider's login form (as `accountId`) and its consent form, until a redirect to a URL for
 * which `stop` is true; answers that URL unfollowed.
 */
export async function browse(
  startUrl: string,
  jar: CookieJar,
  accountId: string,
  stop: (url: URL) => boolean,
): Promise<URL> {
  let url = new URL(startUrl);
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (stop(url)) return url;
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body: body.toString() } : {}),
    });
    jar.take(res);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const form = /<form[^>]*action="([^"]+)"[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
    if (res.status !== 200 || !form) {
      throw new Error(
        `${method} ${url.href} answered ${res.status} with no form: ${html.slice(0, 500)}`,
      );
    }
    body = new URLSearchParams();
    for (const input of form[2]!.matchAll(/<input[^>]*name="([^"]+)"[^>]*>/g)) {
      const value = /value="([^"]*)"/.exec(input[0]);
      body.set(input[1]!, decode(value?.[1] ?? ''));
    }
    if (body.has('login')) {
      body.set('login', accountId);
      body.set('password', 'any password');
    }
    url = new URL(decode(form[1]!), url);
    method = 'POST';
  }
  throw new Error(`the sign-in did not end within 20 hops (at ${url.href})`);
}
