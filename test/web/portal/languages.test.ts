// The retailer portal in Polish and Romanian (docs/languages.md), in Chromium against a real
// factoryd: a buyer's owner switches the language with the menu, and the orders, an order, the
// Users and Deliveries pages and the set-password page read in it; nothing of the catalogs'
// English is left, no word is cut at 800×480, and screenshots are kept at 800×480 and 1280×800.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, axeViolations, openPage, screenshot } from '../../helpers/browser.js';
import { clippedWords, englishLeft } from '../../helpers/languages.js';
import { webHarnessForFile } from '../../helpers/web.js';

const w = webHarnessForFile();
const PASSWORD = 'correct horse 42';
const NAMESPACES = ['portal', 'common'];

/** The words the test looks for, written out per language. */
const WORDS = {
  pl: {
    orders: 'Moje zamówienia',
    order: 'Zamówienie PO-9001',
    users: 'Użytkownicy',
    you: '(Ty)',
    owner: 'Właściciel',
    noPassword: 'Nie ma jeszcze hasła',
    deliveries: 'Dostawy',
    loading: 'W załadunku',
    note: 'Dowód dostawy',
    setPassword: 'Ustaw hasło do portalu',
  },
  ro: {
    orders: 'Comenzile mele',
    order: 'Comanda PO-9001',
    users: 'Utilizatori',
    you: '(dvs.)',
    owner: 'Proprietar',
    noPassword: 'Încă fără parolă',
    deliveries: 'Livrări',
    loading: 'Se încarcă',
    note: 'Aviz de însoțire',
    setPassword: 'Alegeți parola pentru portal',
  },
} as const;
type Lang = keyof typeof WORDS;

beforeAll(async () => {
  const retailer = await w.api('POST', '/v1/retailers', { name: 'Magazin Popescu', code: 'MP' });
  await w.api('POST', `/v1/retailers/${retailer.id}/users`, {
    email: 'ioana@popescu.test',
    name: 'Ioana',
    role: 'owner',
    password: PASSWORD,
  });
  await w.api('POST', `/v1/retailers/${retailer.id}/users`, {
    email: 'piotr@popescu.test',
    name: 'Piotr',
    role: 'buyer',
  });
  await w.api('POST', '/v1/orders', {
    order_no: 'PO-9001',
    retailer_id: retailer.id,
    needed_by: '2026-12-24',
    lines: [{ sku: 'SOFA-3S', colour: 'Gri', qty: 2, pieces_per_unit: 3 }],
  });
  await w.api('POST', '/v1/consignments', {
    retailer_id: retailer.id,
    reference: 'LIV-77',
    carrier: 'Trans Cargo',
  });
});

/** Both sizes, the whole page: no word cut at the panel's size; the screenshots kept. */
async function atBothSizes(page: Page, name: string): Promise<void> {
  await page.setViewportSize(VIEWPORTS.desktop);
  await screenshot(page, `${name}-1280x800`, { fullPage: true });
  await page.setViewportSize(VIEWPORTS.panel);
  expect(await clippedWords(page), `${name} at 800×480`).toEqual([]);
  await screenshot(page, `${name}-800x480`, { fullPage: true });
  await page.setViewportSize(VIEWPORTS.desktop);
}

describe.each(['pl', 'ro'] as const)('the portal in %s', (lang: Lang) => {
  it('switches from English with the menu: orders, an order, users, deliveries', async () => {
    const words = WORDS[lang];
    const { context, page, problems } = await openPage(w.browser, {
      viewport: VIEWPORTS.desktop,
      locale: 'en-GB',
    });
    await page.goto(w.url('/portal'));
    await page.getByLabel('Email').fill('ioana@popescu.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'My orders', level: 1 }).waitFor();
    // The check sees English where English is shown.
    expect(await englishLeft(page, NAMESPACES, lang)).toEqual(
      expect.arrayContaining(['My orders', 'Download CSV']),
    );

    await page.getByLabel('Language').selectOption(lang);
    await page.getByRole('heading', { name: words.orders, level: 1 }).waitFor();
    expect(await englishLeft(page, NAMESPACES, lang)).toEqual([]);
    await atBothSizes(page, `portal-orders-${lang}`);

    await page.getByRole('link', { name: 'PO-9001' }).click();
    await page.getByRole('heading', { name: words.order }).waitFor();
    expect(await englishLeft(page, NAMESPACES, lang)).toEqual([]);
    await atBothSizes(page, `portal-order-${lang}`);

    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: words.users }).click();
    await page.getByRole('heading', { name: words.users, level: 1 }).waitFor();
    const me = page.getByRole('row').filter({ hasText: 'ioana@popescu.test' });
    expect(await me.textContent()).toContain(words.you);
    expect(await me.textContent()).toContain(words.owner);
    const other = page.getByRole('row').filter({ hasText: 'piotr@popescu.test' });
    expect(await other.textContent()).toContain(words.noPassword);
    expect(await englishLeft(page, NAMESPACES, lang)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await atBothSizes(page, `portal-users-${lang}`);

    await nav.getByRole('link', { name: words.deliveries }).click();
    await page.getByRole('heading', { name: words.deliveries, level: 1 }).waitFor();
    const consignment = page.getByRole('row').filter({ hasText: 'LIV-77' });
    expect(await consignment.textContent()).toContain(words.loading);
    expect(await consignment.getByRole('button').textContent()).toBe(words.note);
    expect(await englishLeft(page, NAMESPACES, lang)).toEqual([]);
    await atBothSizes(page, `portal-deliveries-${lang}`);

    // A set-password link opened on this browser speaks the language chosen here.
    await page.goto(w.url('/portal/set-password#token=rpw_unknown'));
    await page.getByRole('heading', { name: words.setPassword }).waitFor();
    expect(await englishLeft(page, NAMESPACES, lang)).toEqual([]);
    await atBothSizes(page, `portal-set-password-${lang}`);

    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });
});
