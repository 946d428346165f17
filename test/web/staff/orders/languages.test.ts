// The staff app's orders screens in Polish and Romanian (docs/languages.md), in Chromium against a
// real factoryd: the language menu switches the list, an order's page and its dialogs; nothing of
// the catalogs' English is left on screen, no word is cut at 800×480, and screenshots are kept
// at 800×480 and 1280×800.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, axeViolations, openPage, screenshot } from '../../../helpers/browser.js';
import { clippedWords, englishLeft } from '../../../helpers/languages.js';
import {
  createRetailerWithOrder,
  createStaff,
  ok,
  pairStation,
  signInToStaffApp,
  webHarnessForFile,
  type Json,
} from '../../../helpers/web.js';

const w = webHarnessForFile();
const NAMESPACES = ['staff', 'common'];

/** The words the test looks for, written out per language. */
const WORDS = {
  pl: {
    orders: 'Zamówienia',
    retailer: 'Sprzedawca',
    overdue: 'Po terminie',
    order: (n: string) => `Zamówienie ${n}`,
    refused: (b: string) => `Odrzucono skan produkcji ${b}: już wyprodukowany`,
    print: 'Drukuj etykiety',
    allPieces: 'Wszystkie 7 elementów',
    close: 'Zamknij',
    produced: 'Wyprodukowany',
    newOrder: 'Nowe zamówienie',
    addLine: 'Dodaj pozycję',
    line2: 'Pozycja 2',
    csvFile: 'Plik CSV',
  },
  ro: {
    orders: 'Comenzi',
    retailer: 'Comerciant',
    overdue: 'Întârziată',
    order: (n: string) => `Comanda ${n}`,
    refused: (b: string) => `Refuzat: scanare de producție a ${b}: deja produsă`,
    print: 'Tipăriți etichetele',
    allPieces: 'Toate cele 7 piese',
    close: 'Închide',
    produced: 'Produsă',
    newOrder: 'Comandă nouă',
    addLine: 'Adăugați o poziție',
    line2: 'Poziția 2',
    csvFile: 'Fișier CSV',
  },
} as const;
type Lang = keyof typeof WORDS;

let order: Json;

beforeAll(async () => {
  await createStaff(w, { email: 'ola@factory.test', name: 'Ola', role: 'admin' });
  ({ order } = await createRetailerWithOrder(
    w,
    { name: 'Meble Kowalski', code: 'MK' },
    {
      order_no: 'PO-8001',
      needed_by: '2026-01-15',
      lines: [
        {
          sku: 'SOFA-3S',
          colour: 'Szary',
          qty: 2,
          pieces_per_unit: 3,
          piece_names: ['Rama', 'Poduszki', 'Nogi'],
        },
        { sku: 'PUF', colour: 'Dąb', qty: 1, pieces_per_unit: 1 },
      ],
    },
  ));
  const produce = await pairStation(w, 'P1', 'produce');
  const frame = order.pieces[0].barcode as string;
  for (let i = 0; i < 2; i += 1) {
    await ok(w.daemon.url, 'POST', '/v1/scans', { token: produce.token, body: { barcode: frame } });
  }
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

describe.each(['pl', 'ro'] as const)('the orders screens in %s', (lang: Lang) => {
  it('switches from English with the menu: the list, an order, its dialogs', async () => {
    const words = WORDS[lang];
    const { context, page, problems } = await openPage(w.browser, {
      viewport: VIEWPORTS.desktop,
      locale: 'en-GB',
    });
    await signInToStaffApp(w, page, 'ola@factory.test');
    // English until chosen.
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await page.getByRole('columnheader', { name: 'Retailer' }).waitFor();
    // The check sees English where English is shown.
    expect(await englishLeft(page, NAMESPACES, lang)).toEqual(
      expect.arrayContaining(['Needed by', 'Upload CSV']),
    );

    await page.getByLabel('Language').selectOption(lang);
    await page.getByRole('heading', { name: words.orders, level: 1 }).waitFor();
    await page.getByRole('columnheader', { name: words.retailer }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'PO-8001' });
    expect(await row.textContent()).toContain(words.overdue);
    expect(await englishLeft(page, NAMESPACES, lang)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await atBothSizes(page, `staff-orders-${lang}`);

    await row.getByRole('link', { name: 'PO-8001' }).click();
    await page.getByRole('heading', { name: words.order('PO-8001') }).waitFor();
    await page.getByText(words.refused(order.pieces[0].barcode)).waitFor();
    expect(await englishLeft(page, NAMESPACES, lang)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await atBothSizes(page, `staff-order-${lang}`);

    await page.getByRole('button', { name: words.print }).click();
    const labels = page.getByRole('dialog');
    await labels.getByText(words.allPieces).waitFor();
    expect(await englishLeft(page, NAMESPACES, lang)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.panel);
    expect(await clippedWords(page)).toEqual([]);
    await screenshot(page, `staff-order-labels-${lang}-800x480`);
    await labels.getByRole('button', { name: words.close, exact: true }).last().click();

    await page.setViewportSize(VIEWPORTS.desktop);
    await page
      .getByRole('button', {
        name: new RegExp(`^${order.pieces[0].barcode}|: ${order.pieces[0].barcode}`),
      })
      .first()
      .click();
    const piece = page.getByRole('dialog');
    await piece.locator('.badge').filter({ hasText: words.produced }).waitFor();
    expect(await englishLeft(page, NAMESPACES, lang)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.panel);
    expect(await clippedWords(page)).toEqual([]);
    await screenshot(page, `staff-order-piece-${lang}-800x480`);

    // The new-order form and the CSV upload, with a line added and a refused file.
    await page.goto(w.url('/orders/new'));
    await page.getByRole('heading', { name: words.newOrder, level: 1 }).waitFor();
    await page.getByRole('button', { name: words.addLine }).click();
    await page.getByRole('group', { name: words.line2 }).waitFor();
    expect(await englishLeft(page, NAMESPACES, lang)).toEqual([]);
    expect(await clippedWords(page)).toEqual([]);
    await screenshot(page, `staff-order-new-${lang}-800x480`, { fullPage: true });
    await page.goto(w.url('/orders/upload'));
    await page.getByLabel(words.csvFile).setInputFiles({
      name: 'zle.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('order_no,retailer_code,sku,qty,pieces_per_unit\nX-1,ZZ,A,0,1\n'),
    });
    await page.getByRole('alert').filter({ hasText: 'zle.csv' }).waitFor();
    expect(await englishLeft(page, NAMESPACES, lang)).toEqual([]);
    expect(await clippedWords(page)).toEqual([]);
    await screenshot(page, `staff-order-upload-${lang}-800x480`, { fullPage: true });

    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });
});
