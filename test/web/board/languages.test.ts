// The floor board (/board) in Polish and Romanian (docs/languages.md), in Chromium against a real
// factoryd: a staff user's chosen language, a paired TV's browser language, `?lang=` over both;
// nothing of the catalogs' English left on screen, no word cut at 1920×1080 nor at 800×480, the
// clock written in the language's locale, and screenshots kept for each.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, screenshot } from '../../helpers/browser.js';
import { FakeZplPrinter } from '../../helpers/fake-zpl-printer.js';
import { clippedWords, englishLeft } from '../../helpers/languages.js';
import {
  STAFF_PASSWORD,
  createRetailerWithOrder,
  createStaff,
  ok,
  pairStation,
  webHarnessForFile,
} from '../../helpers/web.js';

const w = webHarnessForFile();
const NAMESPACES = ['staff', 'common'];
const TV = { width: 1920, height: 1080 };
const PANEL = { width: 800, height: 480 };

/** The words the test looks for, written out per language. */
const WORDS = {
  pl: {
    locale: 'pl-PL',
    title: 'Dziś na hali',
    email: 'E-mail',
    signIn: 'Zaloguj',
    inProduction: 'W produkcji',
    partDispatched: 'Częściowo wysłane',
    pairTitle: 'Sparuj ten ekran jako tablicę',
    code: 'Kod parowania',
    pair: 'Sparuj jako tablicę',
    notABoard: 'Ten kod sparował stanowisko (Produkcja), a nie tablicę',
    printers: 'Drukarki wymagające uwagi',
    paperOut: 'brak papieru',
    down: 'Brak połączenia — ponowne łączenie…',
  },
  ro: {
    locale: 'ro-RO',
    title: 'Astăzi în hală',
    email: 'E-mail',
    signIn: 'Conectare',
    inProduction: 'În producție',
    partDispatched: 'Expediată parțial',
    pairTitle: 'Asociați acest ecran ca panou',
    code: 'Cod de asociere',
    pair: 'Asociați ca panou',
    notABoard: 'Codul a asociat un post (Producție), nu un panou',
    printers: 'Imprimante care necesită atenție',
    paperOut: 'fără hârtie',
    down: 'Fără conexiune — se reconectează…',
  },
} as const;
type Lang = keyof typeof WORDS;

const pair = async (name: string, role: string) => (await pairStation(w, name, role)).token;

let printer: FakeZplPrinter;
let printerId: string;

/** Makes the printer run out of paper (or get it back) and waits until factoryd has seen it. */
async function paper(out: boolean): Promise<void> {
  printer.state = { paperOut: out };
  await w.api('POST', '/v1/print-jobs', { printer_id: printerId, test_label: true });
  await expect
    .poll(async () => (await w.api('GET', `/v1/printers/${printerId}`)).state, { timeout: 15_000 })
    .toBe(out ? 'error' : 'ready');
}

afterAll(async () => {
  await printer?.stop();
});

beforeAll(async () => {
  printer = await FakeZplPrinter.start();
  printerId = (
    await w.api('POST', '/v1/printers', { name: 'Zebra 1', language: 'zpl', uri: printer.uri })
  ).id;
  await createStaff(w, { email: 'ola@factory.test', name: 'Ola', role: 'supervisor' });
  const { retailer, order } = await createRetailerWithOrder(
    w,
    { name: 'Meble Kowalski', code: 'MK' },
    { order_no: 'ZL-1', lines: [{ sku: 'SOFA', qty: 2, pieces_per_unit: 2 }] },
  );
  await w.api('POST', '/v1/orders', {
    order_no: 'ZL-2',
    retailer_id: retailer.id,
    lines: [{ sku: 'PUF', qty: 2, pieces_per_unit: 1 }],
  });
  const barcodes = (order.pieces as { barcode: string }[]).map((p) => p.barcode);
  const line = await pair('Linia 1', 'produce');
  const dock = await pair('Rampa', 'dispatch');
  const scan = (token: string, barcode: string) =>
    ok(w.daemon.url, 'POST', '/v1/scans', { token, body: { barcode } });
  for (const b of barcodes) await scan(line, b);
  // Part dispatched: a stuck order, with its reason on the board.
  await scan(dock, barcodes[0]!);
});

/** The board shown in `lang`: its words, its clock, nothing English, nothing cut; screenshots. */
async function checkBoard(page: Page, lang: Lang, name: string): Promise<void> {
  const words = WORDS[lang];
  await page.setViewportSize(TV);
  await page.getByRole('heading', { name: words.title, level: 1 }).waitFor();
  await page.locator('[data-status="in_production"]').getByText(words.inProduction).waitFor();
  await page.getByText(words.partDispatched).first().waitFor();
  await expect.poll(() => page.locator('[data-metric="produced_today"]').textContent()).toBe('4');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
  // The clock in the language's own writing (as this browser's Intl writes it for that locale).
  await expect
    .poll(async () => {
      const shown = await page.locator('.board-clock').textContent();
      const wanted = await page.evaluate(
        (locale) =>
          new Intl.DateTimeFormat(locale, {
            weekday: 'short',
            day: 'numeric',
            month: 'short',
            hour: '2-digit',
            minute: '2-digit',
          }).format(new Date()),
        words.locale,
      );
      return shown === wanted;
    })
    .toBe(true);
  expect(await englishLeft(page, NAMESPACES, lang)).toEqual([]);
  expect(await clippedWords(page), `${name} at 1920×1080`).toEqual([]);
  await screenshot(page, `${name}-1920x1080`);
  await page.setViewportSize(PANEL);
  expect(await clippedWords(page), `${name} at 800×480`).toEqual([]);
  await screenshot(page, `${name}-800x480`, { fullPage: true });
}

describe.each(['pl', 'ro'] as const)('the board in %s', (lang: Lang) => {
  const words = WORDS[lang];

  it('speaks the staff user’s chosen language', async () => {
    const { context, page, problems } = await openPage(w.browser, {
      viewport: TV,
      locale: 'en-GB',
    });
    // Chosen earlier in the staff app's language menu, on this browser.
    await context.addInitScript(
      (chosen) => localStorage.setItem('factoryd.language', chosen),
      lang,
    );
    await page.goto(w.url('/board'));
    await page.getByLabel(words.email).fill('ola@factory.test');
    await page.locator('input[name="password"]').fill(STAFF_PASSWORD);
    expect(await englishLeft(page, NAMESPACES, lang)).toEqual([]);
    await page.setViewportSize(PANEL);
    expect(await clippedWords(page)).toEqual([]);
    await screenshot(page, `board-sign-in-${lang}-800x480`, { fullPage: true });
    await paper(false);
    await page.getByRole('button', { name: words.signIn }).click();
    await page.getByRole('heading', { name: words.title, level: 1 }).waitFor();
    // A printer runs out of paper while the board is on: its panel says so in the language.
    await paper(true);
    const printers = page.getByRole('region', { name: words.printers });
    await printers.getByText(`Zebra 1`).waitFor({ timeout: 15_000 });
    expect(await printers.textContent()).toContain(words.paperOut);
    await checkBoard(page, lang, `board-staff-${lang}`);
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('on a paired TV: the browser’s language, or ?lang= over it; its pairing form too', async () => {
    // The TV's browser speaks the language: no ?lang= needed.
    const byBrowser = await openPage(w.browser, { viewport: TV, locale: words.locale });
    const first = await w.api('POST', '/v1/pairing-codes', { name: `TV ${lang}`, role: 'board' });
    await byBrowser.page.goto(w.url(`/board${new URL(first.pair_url as string).hash}`));
    await checkBoard(byBrowser.page, lang, `board-paired-${lang}`);
    expect(byBrowser.problems).toEqual({ errors: [], cspViolations: [] });
    await byBrowser.context.close();

    // An English browser told the language by its start address; the address keeps it.
    const { context, page, problems } = await openPage(w.browser, {
      viewport: TV,
      locale: 'en-GB',
    });
    const refused = await w.api('POST', '/v1/pairing-codes', { name: 'P9', role: 'produce' });
    await page.goto(w.url(`/board?lang=${lang}#pair`));
    await page.getByRole('heading', { name: words.pairTitle }).waitFor();
    await page.getByLabel(words.code).fill(refused.code as string);
    await page.getByRole('button', { name: words.pair }).click();
    await page.getByText(words.notABoard).waitFor();
    expect(await englishLeft(page, NAMESPACES, lang)).toEqual([]);
    await page.setViewportSize(PANEL);
    expect(await clippedWords(page)).toEqual([]);
    await screenshot(page, `board-pair-${lang}-800x480`, { fullPage: true });

    const second = await w.api('POST', '/v1/pairing-codes', {
      name: `Hala ${lang}`,
      role: 'board',
    });
    // The event stream cut off at first: the board says it is not live, in the language.
    await page.route('**/v1/events/stream**', (route) => route.abort());
    // The code arrives in the address of the open pairing form (no reload): it pairs.
    await page.goto(w.url(`/board?lang=${lang}${new URL(second.pair_url as string).hash}`));
    const down = page.getByRole('status').filter({ hasText: words.down });
    await down.waitFor();
    expect(await englishLeft(page, NAMESPACES, lang)).toEqual([]);
    expect(await clippedWords(page)).toEqual([]);
    await screenshot(page, `board-down-${lang}-800x480`);
    await page.unroute('**/v1/events/stream**');
    await down.waitFor({ state: 'detached', timeout: 15_000 });
    await checkBoard(page, lang, `board-lang-${lang}`);
    expect(new URL(page.url()).search).toBe(`?lang=${lang}`);
    expect(new URL(page.url()).hash).toBe('');
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });
});
