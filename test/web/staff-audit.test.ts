// The staff app's Audit screen in a real Chromium against a real factoryd.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, axeViolations, openPage, screenshot } from '../helpers/browser.js';
import { startWebHarness, type WebHarness } from '../helpers/web.js';

const PASSWORD = 'correct horse 42';
let w: WebHarness;

beforeAll(async () => {
  w = await startWebHarness();
  await w.api('POST', '/v1/staff', {
    email: 'ada@factory.test',
    name: 'Ada Admin',
    role: 'admin',
    password: PASSWORD,
  });
  await w.api('POST', '/v1/staff', {
    email: 'sam@factory.test',
    name: 'Sam Supervisor',
    role: 'supervisor',
    password: PASSWORD,
  });
  await w.api('POST', '/v1/retailers', { name: 'Northwind Home', code: 'NW' });
});
afterAll(async () => {
  await w?.close();
});

async function signIn(page: Page, email: string, path: string): Promise<void> {
  await page.goto(w.url(path));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

describe('the Audit screen', () => {
  it('lists who changed what, filters by action and checks the chain', async () => {
    const { context, page, problems } = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    await signIn(page, 'ada@factory.test', '/audit');
    await page.getByRole('heading', { name: 'Audit' }).waitFor();
    const created = page.getByRole('row').filter({ hasText: 'retailer.create' });
    await created.waitFor();
    expect(await created.textContent()).toContain('code: NW');
    expect(await page.getByRole('row').filter({ hasText: 'staff.create' }).count()).toBe(2);

    await page.getByLabel('Action').fill('retailer.create');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'staff.create' }).count())
      .toBe(0);
    await page.getByRole('button', { name: 'Check the trail' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /All 3 rows hold/ })
      .waitFor();

    expect(await axeViolations(page), 'audit').toEqual([]);
    await screenshot(page, 'staff-audit');
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('is not offered to a supervisor', async () => {
    const { context, page } = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    await signIn(page, 'sam@factory.test', '/');
    expect(await page.getByRole('link', { name: 'Audit' }).count()).toBe(0);
    await context.close();
  });
});
