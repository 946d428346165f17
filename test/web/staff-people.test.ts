// The staff app's Operators and Audit screens in a real Chromium against a real factoryd.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, axeViolations, openPage, screenshot } from '../helpers/browser.js';
import { startWebHarness, type WebHarness, createStaff, signInToStaffApp } from '../helpers/web.js';

let w: WebHarness;

beforeAll(async () => {
  w = await startWebHarness();
  await createStaff(w, { email: 'ada@factory.test', name: 'Ada Admin', role: 'admin' });
  await createStaff(w, { email: 'sam@factory.test', name: 'Sam Supervisor', role: 'supervisor' });
  await w.api('POST', '/v1/retailers', { name: 'Northwind Home', code: 'NW' });
});
afterAll(async () => {
  await w?.close();
});

const signIn = (page: Page, email: string, path: string) => signInToStaffApp(w, page, email, path);

describe('the Operators screen', () => {
  it('adds an operator, edits their language, and prints their badge', async () => {
    const { context, page, problems } = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    await signIn(page, 'ada@factory.test', '/operators');
    await page.getByRole('heading', { name: 'Operators' }).waitFor();
    await page.getByRole('button', { name: 'Add an operator' }).click();
    await page.getByLabel('Name').fill('Ana Kowalska');
    await page.getByLabel('Language at the station').selectOption('pl');
    await page.getByRole('button', { name: 'Add operator' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Ana Kowalska' });
    await row.waitFor();
    expect(await row.textContent()).toContain('OP 000001');
    expect(await row.textContent()).toContain('Polski');

    await page.getByRole('button', { name: 'Edit Ana Kowalska' }).click();
    await page.getByLabel('Language at the station').selectOption('ro');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row.textContent()).toContain('Română');

    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Print badge of Ana Kowalska' }).click();
    const tab = await popup;
    await expect.poll(() => tab.url()).toMatch(/^blob:/);

    expect(await axeViolations(page), 'operators').toEqual([]);
    await screenshot(page, 'staff-operators');
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });
});

describe('the Operators and Audit screens in Polish', () => {
  it('speak through the catalog at 800×480: headings, columns, actions and the verdict', async () => {
    await w.api('POST', '/v1/operators', { name: 'Jan Nowak', language: 'pl' });
    const { context, page, problems } = await openPage(w.browser, { viewport: VIEWPORTS.panel });
    await signIn(page, 'ada@factory.test', '/operators');
    // The language menu's choice, as this browser remembers it.
    await page.evaluate(() => localStorage.setItem('factoryd.language', 'pl'));
    await page.reload();
    await page.getByRole('heading', { name: 'Operatorzy' }).waitFor();
    await page.getByRole('button', { name: 'Drukuj identyfikator wylogowania' }).waitFor();
    await page.getByRole('columnheader', { name: 'Identyfikator' }).waitFor();
    await page.getByRole('button', { name: 'Edytuj: Jan Nowak' }).waitFor();
    expect(await page.getByRole('main').textContent()).not.toMatch(/Print badge|Deactivate/);
    expect(await axeViolations(page), 'operators in Polish').toEqual([]);
    await screenshot(page, 'staff-operators-pl-800x480');

    await page.goto(w.url('/audit'));
    await page.getByRole('heading', { name: 'Audyt' }).waitFor();
    await page.getByRole('button', { name: 'Sprawdź ślad' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toMatch(/^Sprawdzono \d+ wiersz(e|y|a): żaden nie został zmieniony ani usunięty\.$/);
    await screenshot(page, 'staff-audit-pl-800x480');
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });
});

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
      .filter({ hasText: /All \d+ rows hold/ })
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
