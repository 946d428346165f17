// Single sign-on in the staff app, in a real Chromium against a real factoryd and a real OpenID
// provider (oidc-provider): "Sign in with <provider>", the provider's own pages, back signed in
// with the role of the person's groups; a person with no mapped group sees why.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, openPage, screenshot, VIEWPORTS } from '../helpers/browser.js';
import { startOidcProvider, type TestProvider } from '../helpers/oidc-provider.js';
import { startWebHarness, type WebHarness } from '../helpers/web.js';

let w: WebHarness;
let idp: TestProvider;

beforeAll(async () => {
  w = await startWebHarness();
  idp = await startOidcProvider({
    redirectUri: w.url('/v1/auth/oidc/callback'),
    accounts: {
      ada: { email: 'ada@factory.test', name: 'Ada Lovelace', groups: ['factory-admins'] },
      nia: { email: 'nia@factory.test', name: 'Nia Sales', groups: ['sales'] },
    },
  });
  await w.api('PATCH', '/v1/sso', {
    provider_name: 'Acme Login',
    issuer_url: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    role_map: { 'factory-admins': 'admin', 'floor-supervisors': 'supervisor' },
  });
}, 90_000);
afterAll(async () => {
  await idp?.close();
  await w?.close();
});

/** Through the provider's own login and consent pages, as `account`. */
async function signInAtProvider(page: Page, account: string): Promise<void> {
  await page.getByRole('link', { name: 'Sign in with Acme Login' }).click();
  await page.locator('input[name=login]').fill(account);
  await page.locator('input[name=password]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('signing in to the staff app with the identity provider', { timeout: 90_000 }, () => {
  it('offers the provider beside the password form and comes back signed in as an admin', async () => {
    const { page, context, problems } = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    await page.goto(w.url('/'));
    await page.getByRole('link', { name: 'Sign in with Acme Login' }).waitFor();
    await page.getByLabel('Email').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'staff-sso-sign-in');

    await signInAtProvider(page, 'ada');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await page.getByText('Ada Lovelace (admin)').count()).toBe(1);
    // The token left the address bar.
    expect(new URL(page.url()).hash).toBe('');

    // An admin sees the single sign-on page, with the secret never shown.
    await page.goto(w.url('/factory/sso'));
    await page.getByLabel('Provider name').waitFor();
    expect(await page.getByLabel('Provider name').inputValue()).toBe('Acme Login');
    expect(await page.getByLabel('Client secret').inputValue()).toBe('');
    expect(await page.content()).not.toContain(idp.clientSecret);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'staff-sso-settings', { fullPage: true });
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('says why a person whose groups map to no role is refused', async () => {
    const { page, context } = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    await page.goto(w.url('/'));
    await signInAtProvider(page, 'nia');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Acme Login signed you in');
    expect(await alert.textContent()).toContain('ask an administrator');
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    await screenshot(page, 'staff-sso-refused');
    await context.close();
  });
});
