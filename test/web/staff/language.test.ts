// Staff and retailer users choose their language (docs/languages.md): the menu switches the page
// at once, the choice is remembered on the browser, and dates follow the language.
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, axeViolations, openPage, screenshot } from '../../helpers/browser.js';
import { webHarnessForFile, createStaff, signInToStaffApp } from '../../helpers/web.js';

const w = webHarnessForFile();
/** The retailer user's. */
const PORTAL_PASSWORD = 'correct horse 42';

describe('choosing a language', () => {
  it('the staff app: the menu switches every word of the frame, and the choice stays', async () => {
    await createStaff(w, { email: 'ola@factory.test', name: 'Ola', role: 'supervisor' });
    const { context, page, problems } = await openPage(w.browser, {
      viewport: VIEWPORTS.desktop,
      locale: 'en-GB',
    });
    await signInToStaffApp(w, page, 'ola@factory.test');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Stations' }).waitFor();

    await page.getByLabel('Language').selectOption('pl');
    const pl = page.getByRole('navigation', { name: 'Menu główne' });
    await pl.getByRole('link', { name: 'Stanowiska' }).waitFor();
    expect(await pl.getByRole('link', { name: 'Zamówienia' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Wyloguj' }).count()).toBe(1);
    expect(await page.getByText('Ola (kierownik)').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pl');
    // The orders page's header and counts follow (numbers written the Polish way).
    await page.getByRole('heading', { name: 'Zamówienia', level: 1 }).waitFor();
    const counts = page.getByRole('group', { name: 'Zamówienia według statusu' });
    await counts.getByRole('button', { name: /W produkcji/ }).waitFor();
    expect(await counts.getByRole('button', { name: /Utknięte/ }).count()).toBe(1);
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

  it('a retailer’s buyer reads an order in Polish: statuses, plurals, dates by locale', async () => {
    const retailer = await w.api('POST', '/v1/retailers', { name: 'Meble Kowalski', code: 'MK' });
    await w.api('POST', `/v1/retailers/${retailer.id}/users`, {
      email: 'jan@kowalski.test',
      name: 'Jan',
      role: 'owner',
      password: PORTAL_PASSWORD,
    });
    const order = await w.api('POST', '/v1/orders', {
      order_no: 'PO-7001',
      retailer_id: retailer.id,
      needed_by: '2026-12-24',
      lines: [{ sku: 'SOFA-3S', colour: 'Grey', qty: 2, pieces_per_unit: 3 }],
    });
    const { context, page, problems } = await openPage(w.browser, {
      viewport: VIEWPORTS.desktop,
      locale: 'pl-PL',
    });
    await page.goto(w.url(`/portal/orders/${order.id}`));
    await page.getByLabel('E-mail').fill('jan@kowalski.test');
    await page.getByLabel('Hasło').fill(PORTAL_PASSWORD);
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await page.getByRole('heading', { name: 'Zamówienie PO-7001' }).waitFor();
    const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Przyjęte');
    expect(text).toContain('× 2, po 3 elementy');
    expect(text).toContain('Pokaż 6 elementów');
    expect(text).toContain('Do produkcji: 6');
    expect(text).toContain('Wykonano 0 z 6');
    expect(await page.getByRole('progressbar', { name: 'Wykonano: 0 z 6' }).count()).toBe(2);
    // A calendar date in Polish: "24 gru 2026".
    expect(text).toMatch(/24 gru 2026/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'portal-order-pl');
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
