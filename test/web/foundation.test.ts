// The web app's foundation in a real Chromium against a real factoryd: each face loads its own
// code under the server's Content-Security-Policy, signs in through the typed client, and keeps
// its session for the tab only.
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, openPage, screenshot } from '../helpers/browser.js';
import {
  webHarnessForFile,
  STAFF_PASSWORD,
  createStaff,
  signInToStaffApp,
} from '../helpers/web.js';

/** The retailer user's. */
const PORTAL_PASSWORD = 'correct horse 42';
const w = webHarnessForFile();
let staffId: string;

beforeAll(async () => {
  const staff = await createStaff(w, {
    email: 'sam@factory.test',
    name: 'Sam Supervisor',
    role: 'supervisor',
  });
  staffId = staff.id;
  const retailer = await w.api('POST', '/v1/retailers', { name: 'Northwind Home', code: 'NW' });
  await w.api('POST', `/v1/retailers/${retailer.id}/users`, {
    email: 'rita@northwind.test',
    name: 'Rita Buyer',
    role: 'buyer',
    password: PORTAL_PASSWORD,
  });
});

describe('the web app foundation', () => {
  it('the staff app signs in, shows the orders, and signs out; the session lives in the tab only', async () => {
    const { context, page, problems } = await openPage(w.browser);
    await page.goto(w.url('/'));
    await expect.poll(() => page.getByRole('heading', { name: 'Staff sign-in' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'staff-sign-in');

    await page.getByLabel('Email').fill('sam@factory.test');
    await page.getByLabel('Password').fill('wrong password!');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /password/i })
      .waitFor();

    await page.getByLabel('Password').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await page.getByText('Sam Supervisor (supervisor)').waitFor();
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual(['factoryd.staff']);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('drops the session on the first 401 and says why', async () => {
    const { context, page } = await openPage(w.browser);
    await signInToStaffApp(w, page, 'sam@factory.test');
    await page.getByRole('heading', { name: 'Orders' }).waitFor();

    // A supervisor's account disabled by an admin: its sessions stop working.
    await w.api('PATCH', `/v1/staff/${staffId}`, { disabled: true });
    await page.reload();
    await page.getByText('Your session has ended. Sign in again.').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('factoryd.staff'))).toBeNull();
    await w.api('PATCH', `/v1/staff/${staffId}`, { disabled: false });
    await context.close();
  });

  it('the portal signs a retailer user in under /portal', async () => {
    const { context, page, problems } = await openPage(w.browser);
    await page.goto(w.url('/portal'));
    await page.getByRole('heading', { name: 'Retailer portal sign-in' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill('rita@northwind.test');
    await page.getByLabel('Password').fill(PORTAL_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'My orders' }).waitFor();
    expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual(['factoryd.portal']);
    await page.goto(w.url('/portal/no-such-page'));
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('each face loads only its own code, precompressed', async () => {
    const faces = { '/station': 'StationFace', '/portal': 'PortalFace', '/': 'StaffFace' };
    for (const [path, own] of Object.entries(faces)) {
      const { context, page, problems } = await openPage(w.browser, { serviceWorkers: 'block' });
      const scripts: { url: string; encoding: string | undefined }[] = [];
      page.on('response', (res) => {
        if (res.url().endsWith('.js')) {
          scripts.push({ url: res.url(), encoding: res.headers()['content-encoding'] });
        }
      });
      await page.goto(w.url(path), { waitUntil: 'networkidle' });
      // Under load the face's own chunk may be asked for after the network first went quiet.
      await page.getByRole('heading').first().waitFor();
      const names = scripts.map((s) => new URL(s.url).pathname);
      expect(
        names.some((n) => n.includes(own)),
        `${path}: ${names.join(' ')}`,
      ).toBe(true);
      for (const other of Object.values(faces).filter((f) => f !== own)) {
        expect(
          names.some((n) => n.includes(other)),
          `${path} loaded ${other}`,
        ).toBe(false);
      }
      expect(scripts.every((s) => s.encoding === 'br')).toBe(true);
      expect(problems).toEqual({ errors: [], cspViolations: [] });
      await context.close();
    }
  });
});
