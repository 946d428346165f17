// The station page in each of its languages (docs/languages.md), in Chromium against a real
// factoryd: the browser's language picks the catalog, a refusal reads in it, and at 800×480 no
// word is clipped or runs off the screen.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, axeViolations, openPage, screenshot } from '../helpers/browser.js';
import { createOrder, pairingCode, pending, scan, type Role } from '../helpers/station.js';
import { webHarnessForFile } from '../helpers/web.js';

const w = webHarnessForFile();

/** The words the tests look for, per language (the catalogs' own). */
const WORDS = {
  en: {
    code: 'Pairing code',
    check: 'Check scanner',
    back: 'Back to scanning',
    pair: 'Pair this station',
    scan: 'Scan a label',
    bay: 'Bay',
    useBay: 'Use this bay',
    accepted: 'ACCEPTED',
    refused: 'REFUSED',
    produced: (b: string) => `Produced ${b}`,
    alreadyProduced: (b: string) => `Refused: ${b} already produced`,
    unknown: (b: string) => `Refused: unknown barcode ${b}`,
    pieceLine: 'Unit 1 of 1 · Piece 1 of 2',
    allSent: 'All scans sent',
    role: 'PRODUCE',
    stockRole: 'STOCK',
    inStockAt: (b: string) => `In stock: ${b} at A-03`,
  },
  pl: {
    code: 'Kod parowania',
    check: 'Test skanera',
    back: 'Wróć do skanowania',
    pair: 'Sparuj stanowisko',
    scan: 'Zeskanuj etykietę',
    bay: 'Miejsce',
    useBay: 'Użyj tego miejsca',
    accepted: 'PRZYJĘTO',
    refused: 'ODRZUCONO',
    produced: (b: string) => `Wyprodukowano ${b}`,
    alreadyProduced: (b: string) => `Odrzucono: ${b} już wyprodukowany`,
    unknown: (b: string) => `Odrzucono: nieznany kod ${b}`,
    pieceLine: 'Jednostka 1 z 1 · Element 1 z 2',
    allSent: 'Wszystko wysłane',
    role: 'PRODUKCJA',
    stockRole: 'MAGAZYN',
    inStockAt: (b: string) => `Na magazynie: ${b} w A-03`,
  },
  ro: {
    code: 'Cod de asociere',
    check: 'Test scaner',
    back: 'Înapoi la scanare',
    pair: 'Asociați acest post',
    scan: 'Scanați o etichetă',
    bay: 'Locație',
    useBay: 'Folosește această locație',
    accepted: 'ACCEPTAT',
    refused: 'REFUZAT',
    produced: (b: string) => `Produs ${b}`,
    alreadyProduced: (b: string) => `Refuzat: ${b} deja produs`,
    unknown: (b: string) => `Refuzat: cod necunoscut ${b}`,
    pieceLine: 'Unitatea 1 din 1 · Piesa 1 din 2',
    allSent: 'Totul trimis',
    role: 'PRODUCȚIE',
    stockRole: 'STOC',
    inStockAt: (b: string) => `În stoc: ${b} la A-03`,
  },
} as const;
type Lang = keyof typeof WORDS;

/** Browser locales as a device set to that language sends them. */
const LOCALES: Record<Lang, string> = { en: 'en-US', pl: 'pl-PL', ro: 'ro-RO' };

/**
 * Text that does not fit where it is: an element whose content is wider than its box while it
 * hides or cuts the overflow (a clipped word), or anything past the viewport's right edge.
 */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (el.closest('svg, .visually-hidden') || el.offsetParent === null) continue;
      const style = getComputedStyle(el);
      const hides = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      const text = (el.innerText ?? '').trim().slice(0, 40);
      if (hides && el.scrollWidth > el.clientWidth && text && el.tagName !== 'INPUT') {
        out.push(`${el.tagName}.${el.className}: “${text}” ${el.scrollWidth} > ${el.clientWidth}`);
      }
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1 && el.children.length === 0 && text) {
        out.push(`${el.tagName}.${el.className}: “${text}” ends at ${box.right} > ${width}`);
      }
    }
    return out;
  });
}

async function pairIn(lang: Lang, name: string, role: Role) {
  const { context, page, problems } = await openPage(w.browser, {
    viewport: VIEWPORTS.panel,
    locale: LOCALES[lang],
  });
  await page.goto(w.url('/station'));
  const words = WORDS[lang];
  await page.getByLabel(words.code).fill(await pairingCode(w, name, role));
  await page.getByRole('button', { name: words.pair }).click();
  await page.getByRole('heading', { name, includeHidden: true }).waitFor();
  return { page, problems, close: () => context.close() };
}

async function ready(page: Page, lang: Lang) {
  await page.locator('[data-ready="true"]').waitFor();
  const input = await page.getByLabel(WORDS[lang].scan).elementHandle();
  await page.waitForFunction((el) => el === document.activeElement, input);
}

describe('the station page in each language', () => {
  it.each(['pl', 'ro', 'en'] as const)(
    'in %s: the browser’s language; verdicts, refusals and the screen at 800×480',
    async (lang) => {
      const words = WORDS[lang];
      const order = await createOrder(w, `PO-L${lang}`, { units: 1, perUnit: 2 });
      const [first] = order.barcodes;

      // The pairing screen, with a wrong code's sentence: the longest words of the page.
      const { context, page: pairing } = await openPage(w.browser, {
        viewport: VIEWPORTS.panel,
        locale: LOCALES[lang],
      });
      await pairing.goto(w.url('/station'));
      await pairing.getByLabel(words.code).fill('BCDF-GHJK');
      await pairing.getByRole('button', { name: words.pair }).click();
      await pairing.getByRole('alert').waitFor();
      expect(await pairing.evaluate(() => document.documentElement.lang)).toBe(lang);
      await screenshot(pairing, `station-pairing-${lang}-800x480`);
      expect(await clipped(pairing)).toEqual([]);
      await context.close();

      const station = await pairIn(lang, `Szwalnia ${lang}`, 'produce');
      const { page } = station;
      await ready(page, lang);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await page.locator('.station-role').innerText()).toBe(words.role);
      expect(await page.locator('[data-pending]').innerText()).toBe(words.allSent);
      expect(await pending(page)).toBe(0);

      const accepted = await scan(page, first!);
      expect(accepted.verdict).toBe('accepted');
      expect(accepted.text).toContain(words.accepted);
      expect(accepted.text).toContain(words.produced(first!));
      expect(accepted.text).toContain(words.pieceLine);
      await screenshot(page, `station-accepted-${lang}-800x480`);
      expect(await clipped(page)).toEqual([]);

      // A refusal's reason code reads in the station's language, not the server's English.
      const refused = await scan(page, first!);
      expect(refused.verdict).toBe('refused');
      expect(refused.text).toContain(words.refused);
      expect(refused.text).toContain(words.alreadyProduced(first!));
      const unknown = await scan(page, 'XX 999');
      expect(unknown.text).toContain(words.unknown('XX 999'));
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `station-refused-${lang}-800x480`);
      expect(await clipped(page)).toEqual([]);
      // The scanner check, the station's wordiest screen.
      await page.getByRole('button', { name: words.check }).click();
      await page.getByRole('button', { name: words.back }).waitFor();
      await screenshot(page, `station-check-${lang}-800x480`);
      expect(await clipped(page)).toEqual([]);
      await page.getByRole('button', { name: words.back }).click();
      await ready(page, lang);
      expect(station.problems).toEqual({ errors: [], cspViolations: [] });
      await station.close();

      // A stock station: the bay dialog, then the bay on the header bar, its longest line.
      const stock = await pairIn(lang, `Magazyn ${lang}`, 'stock');
      const dialog = stock.page.getByRole('dialog');
      await dialog.waitFor();
      await screenshot(stock.page, `station-bay-${lang}-800x480`);
      expect(await clipped(stock.page)).toEqual([]);
      await dialog.getByLabel(words.bay).fill('A-03');
      await dialog.getByRole('button', { name: words.useBay }).click();
      await ready(stock.page, lang);
      expect(await stock.page.locator('.station-role').innerText()).toBe(words.stockRole);
      const stocked = await scan(stock.page, first!);
      expect(stocked.text).toContain(words.inStockAt(first!));
      await screenshot(stock.page, `station-stock-${lang}-800x480`);
      expect(await clipped(stock.page)).toEqual([]);
      await stock.close();
    },
  );
});
