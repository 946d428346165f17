// Staff and retailer users choose their language (docs/languages.md): the menu switches the page
// at once, the choice is remembered on the browser, and dates follow the language.
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, axeViolations, openPage, screenshot } from '../../helpers/browser.js';
import { webHarnessForFile } from '../../helpers/web.js';

const w = webHarnessForFile();
const PASSWORD = 'correct horse 42';

describe('choosing a language', () => {
  it('the staff app: the menu switches every word of the frame, and the choice stays', async () => {
    await w.api('POST', '/v1/staff', {
      email: 'ola@factory.test',
      name: 'Ola',
      role: 'supervisor',
      password: PASSWORD,
    });
    const { context, page, problems } = await openPage(w.browser, {
      viewport: VIEWPORTS.desktop,
      locale: 'en-GB',
    });
    await page.goto(w.url('/'));
    await page.getByLabel('Email').fill('ola@factory.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Stations' }).waitFor();

    await page.getByLabel('Language').selectOption('pl');
    const pl = page.getByRole('navigation', { name: 'Menu główne' });
    await pl.getByRole('link', { name: 'Stanowiska' }).waitFor();
    expect(await pl.getByRole('link', { name: 'Zamówienia' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Wyloguj' }).count()).toBe(1);
    expect(await page.getByText('Ola (kierownik)').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pl');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'staff-language-pl');

    // Remembered on this browser: a reload comes back in Polish, whatever the browser's language.
    await page.reload();
    await pl.getByRole('link', { name: 'Stanowiska' }).waitFor();
    await page.getByLabel('Język').selectOption('ro');
    const ro = page.getByRole('navigation', { name: 'Meniu principal' });
    await ro.getByRole('link', { name: 'Posturi' }).waitFor();
    expect(await page.getByRole('button', { name: 'Deconectare' }).count()).toBe(1);
    await screenshot(page, 'staff-language-ro');

    // Signed out, the sign-in form speaks the chosen language too.
    await page.getByRole('button', { name: 'Deconectare' }).click();
    await page.getByRole('heading', { name: 'Conectare personal' }).waitFor();
    expect(await page.getByLabel('Parolă').count()).toBe(1);
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('a browser set to Polish opens the portal in Polish until its user chooses', async () => {
    const { context, page } = await openPage(w.browser, {
      viewport: VIEWPORTS.desktop,
      locale: 'pl-PL',
    });
    await page.goto(w.url('/portal'));
    await page.getByRole('heading', { name: 'Logowanie do portalu sprzedawcy' }).waitFor();
    expect(await page.getByLabel('Hasło').count()).toBe(1);
    await page.getByLabel('Język').selectOption('en');
    await page.getByRole('heading', { name: 'Retailer portal sign-in' }).waitFor();
    await context.close();
  });
});
