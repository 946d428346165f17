import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { openPage, type PageProblems } from './browser.js';
import type { Json, WebHarness } from './web.js';

export type Role = 'produce' | 'stock' | 'dispatch';

/** A pairing code issued with the first API key, as a supervisor would. */
export async function pairingCode(w: WebHarness, name: string, role: Role): Promise<string> {
  const issued = await w.api('POST', '/v1/stations/pairing-codes', { name, role });
  return issued.code as string;
}

export interface StationPage {
  page: Page;
  problems: PageProblems;
  close(): Promise<void>;
}

/** Opens /station on a fresh device (its own storage). */
export async function openStation(
  browser: Browser,
  url: string,
  options: BrowserContextOptions = {},
): Promise<StationPage> {
  const { context, page, problems } = await openPage(browser, options);
  await page.goto(url);
  return { page, problems, close: () => context.close() };
}

/** Types the code into "Pairing code" and pairs; resolves once the scan loop is ready. */
export async function pairByTyping(page: Page, code: string): Promise<void> {
  await page.getByLabel('Pairing code').fill(code);
  await page.getByRole('button', { name: 'Pair this station' }).click();
}

/** Waits until the station takes scans: paired, device queue open, no dialog, its input focused. */
export async function readyToScan(page: Page): Promise<void> {
  await page.locator('[data-ready="true"]').waitFor();
  // The input takes the focus back just after a dialog closes (ScanInput.tsx, a zero timeout):
  // keys typed before then, on a busy machine, would go to whatever had it.
  const input = await page.getByLabel('Scan a label').elementHandle();
  await page.waitForFunction((el) => el === document.activeElement, input);
}

/** A device paired as a new station, ready to scan. */
export async function pairedStation(
  w: WebHarness,
  name: string,
  role: Role,
  options: BrowserContextOptions = {},
): Promise<StationPage & { stationId: () => Promise<string> }> {
  const station = await openStation(w.browser, w.url('/station'), options);
  await pairByTyping(station.page, await pairingCode(w, name, role));
  // A stock station opens with its bay dialog, which makes the page behind it inert.
  await station.page.getByRole('heading', { name, includeHidden: true }).waitFor();
  return {
    ...station,
    stationId: async () =>
      (await station.page.evaluate(
        () => JSON.parse(localStorage.getItem('factoryd.station') ?? '{}').id,
      )) as string,
  };
}

export interface Verdict {
  verdict: string;
  text: string;
}

/**
 * Scans as a keyboard-wedge scanner does: the characters, then Enter, into whatever has the focus
 * (the page keeps it on its scan input). Resolves with the verdict shown for that barcode.
 */
export async function scan(page: Page, barcode: string, suffix = 'Enter'): Promise<Verdict> {
  // The panel keeps the last verdict until the new one (which may name the same barcode) comes.
  const before = await page.evaluate(() =>
    document.querySelector('[role="status"][data-scan]')?.getAttribute('data-scan'),
  );
  await page.keyboard.type(barcode);
  await page.keyboard.press(suffix);
  return verdictFor(page, barcode, undefined, before);
}

/** The verdict region once it shows a verdict for `barcode` (of a scan other than `notScan`). */
export async function verdictFor(
  page: Page,
  barcode: string,
  verdict?: string,
  notScan?: string | null,
): Promise<Verdict> {
  const region = page.locator(
    `[role="status"][data-barcode="${barcode}"]${verdict ? `[data-verdict="${verdict}"]` : '[data-verdict]'}${notScan ? `:not([data-scan="${notScan}"])` : ''}`,
  );
  await region.waitFor();
  return {
    verdict: (await region.getAttribute('data-verdict')) ?? '',
    text: (await region.innerText()).replace(/\s+/g, ' ').trim(),
  };
}

/** The number of scans waiting on the device, as the page shows it. */
export async function pending(page: Page): Promise<number> {
  return Number(await page.locator('[data-pending]').getAttribute('data-pending'));
}

/** An order of `units` units of `perUnit` pieces for a new retailer; its pieces' barcodes. */
export async function createOrder(
  w: WebHarness,
  orderNo: string,
  options: { units?: number; perUnit?: number; retailer?: string; pieceNames?: string[] } = {},
): Promise<{ id: string; barcodes: string[] }> {
  const code = `R${orderNo.replace(/\W/g, '')}`.slice(0, 20);
  const retailer = await w.api('POST', '/v1/retailers', {
    name: options.retailer ?? 'Northwind Home',
    code,
  });
  const order: Json = await w.api('POST', '/v1/orders', {
    order_no: orderNo,
    retailer_id: retailer.id,
    lines: [
      {
        sku: 'SOFA-3S',
        colour: 'Grey',
        qty: options.units ?? 1,
        pieces_per_unit: options.perUnit ?? 2,
        ...(options.pieceNames ? { piece_names: options.pieceNames } : {}),
      },
    ],
  });
  return { id: order.id, barcodes: (order.pieces as { barcode: string }[]).map((p) => p.barcode) };
}
