// The station page's printer: its state in the header within seconds of the printer saying so,
// and "Reprint label" for the last piece scanned, on the station's own printer.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ZplRenderer from 'zpl-renderer-js';
import { TEST_LABEL_STRING } from '../../../src/domain/test-label.js';
import { screenshot, VIEWPORTS } from '../../helpers/browser.js';
import { FakeZplPrinter } from '../../helpers/fake-zpl-printer.js';
import { createOrder, pairedStation, readyToScan, scan } from '../../helpers/station.js';
import { webHarnessForFile } from '../../helpers/web.js';
import { decodePngBuffer } from '../../labels/decode.js';

const zplRenderer = createRequire(import.meta.url)('zpl-renderer-js') as typeof ZplRenderer;

/** A keyboard-wedge scanner typing `text` and Enter into the focused field, as fast as one does. */
async function read(page: Page, text: string) {
  await page.evaluate((text) => {
    const field = document.activeElement as HTMLInputElement;
    for (const key of text) {
      // The browser types the key unless the page took it (it holds a scanner's keys).
      const typed = field.dispatchEvent(
        new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
      );
      if (!typed) continue;
      field.value += key;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
  }, text);
}

const w = webHarnessForFile();
let printer: FakeZplPrinter;

beforeAll(async () => {
  printer = await FakeZplPrinter.start();
});
afterAll(async () => {
  await printer?.stop();
});

describe("the station page's printer", () => {
  it('shows paper out within 5 s of the printer saying so, and reprints the last piece', async () => {
    const station = await pairedStation(w, 'Line 3', 'produce', { viewport: VIEWPORTS.tablet });
    const { page } = station;
    await readyToScan(page);
    const added = await w.api('POST', '/v1/printers', {
      name: 'Line 3 Zebra',
      language: 'zpl',
      uri: printer.uri,
    });
    await w.api('PATCH', `/v1/stations/${await station.stationId()}`, { printer_id: added.id });
    const header = page.locator('[data-printer-state]');
    await expect
      .poll(() => header.getAttribute('data-printer-state'), { timeout: 15_000 })
      .toBe('ready');
    expect(await page.getByText('Printer: ready').count()).toBe(1);

    // Paper out: the printer says so; the server hears it at its next look (a job makes it look
    // at once), and the page within its next poll.
    printer.state = { paperOut: true };
    await w.api('POST', '/v1/print-jobs', { printer_id: added.id, test_label: true });
    const said = Date.now();
    await page.getByText('Printer: paper out').waitFor({ timeout: 5_000 });
    expect(Date.now() - said).toBeLessThan(5_000);
    await screenshot(page, 'station-printer-paper-out');

    printer.state = {};
    await expect
      .poll(() => header.getAttribute('data-printer-state'), { timeout: 15_000 })
      .toBe('ready');
    const order = await createOrder(w, 'PO-ST-1', { units: 1, perUnit: 2 });
    await scan(page, order.barcodes[1]!);
    const formatsBefore = printer.formats.length;
    await page.getByRole('button', { name: 'Reprint label' }).click();
    await page.getByRole('button', { name: 'Reprint queued' }).waitFor();
    await expect.poll(() => printer.formats.length, { timeout: 15_000 }).toBe(formatsBefore + 1);
    expect(printer.formats.at(-1)).toContain(order.barcodes[1]!);
    await screenshot(page, 'station-printer-reprint');
    expect(station.problems.errors).toEqual([]);
    await station.close();
  });

  it('shows paper out within 5 s while nothing prints, and ready again within 5 s', async () => {
    const idle = await FakeZplPrinter.start();
    try {
      const station = await pairedStation(w, 'Line 4', 'produce', { viewport: VIEWPORTS.tablet });
      const { page } = station;
      await readyToScan(page);
      const added = await w.api('POST', '/v1/printers', {
        name: 'Line 4 Zebra',
        language: 'zpl',
        uri: idle.uri,
      });
      await w.api('PATCH', `/v1/stations/${await station.stationId()}`, { printer_id: added.id });
      const header = page.locator('[data-printer-state]');
      await expect
        .poll(() => header.getAttribute('data-printer-state'), { timeout: 15_000 })
        .toBe('ready');
      // Past the look a new printer gets at once: from here only the polls can tell.
      await new Promise((r) => setTimeout(r, 3_000));

      for (const [state, shown] of [
        [{ paperOut: true }, 'error'],
        [{}, 'ready'],
      ] as const) {
        idle.state = state;
        const said = Date.now();
        await expect
          .poll(() => header.getAttribute('data-printer-state'), {
            timeout: 5_000,
            interval: 100,
          })
          .toBe(shown);
        expect(Date.now() - said).toBeLessThan(5_000);
      }
      const jobs = await w.api('GET', `/v1/print-jobs?printer_id=${added.id}`);
      expect(jobs.data).toEqual([]);
      expect(station.problems.errors).toEqual([]);
      await station.close();
    } finally {
      await idle.stop();
    }
  });

  it('the scanner check prints the test label on the station’s printer, and its scan passes', async () => {
    const zebra = await FakeZplPrinter.start();
    try {
      const station = await pairedStation(w, 'Line 5', 'produce', { viewport: VIEWPORTS.tablet });
      const { page } = station;
      await readyToScan(page);
      const added = await w.api('POST', '/v1/printers', {
        name: 'Line 5 Zebra',
        language: 'zpl',
        uri: zebra.uri,
      });
      await w.api('PATCH', `/v1/stations/${await station.stationId()}`, { printer_id: added.id });
      await page.getByRole('button', { name: 'Check scanner' }).click();
      await page.getByRole('heading', { name: 'Check the scanner' }).waitFor();
      await page.getByText('The test label is printing on Line 5 Zebra').waitFor();
      await page.getByLabel('Scan the bar code').waitFor();
      await expect.poll(() => zebra.formats.length, { timeout: 15_000 }).toBe(1);
      await screenshot(page, 'station-check-printing');

      // What came out of the printer, read as a scanner would read it off the paper.
      const { api } = await zplRenderer.ready;
      const [png] = await api.zplToBase64MultipleAsync(zebra.formats[0]!, 101.6, 152.4, 8);
      const paper = decodePngBuffer(Buffer.from(png!, 'base64'));
      expect(paper.code128).toEqual([TEST_LABEL_STRING]);
      expect(paper.qr).toEqual([TEST_LABEL_STRING]);
      await read(page, paper.code128[0]!);
      await page.getByLabel('Scan the QR code').waitFor();
      await read(page, paper.qr[0]!);
      const result = page.locator('[data-result]');
      await result.waitFor();
      expect(await result.getAttribute('data-result')).toBe('passed');
      await page.getByText('Recorded for this station at').waitFor();
      expect(zebra.formats).toHaveLength(1);
      expect(station.problems.errors).toEqual([]);
      await station.close();
    } finally {
      await zebra.stop();
    }
  });

  it('a station without a printer offers the test label on screen, as before', async () => {
    const station = await pairedStation(w, 'Line 6', 'produce', { viewport: VIEWPORTS.tablet });
    const { page } = station;
    await readyToScan(page);
    await page.getByRole('button', { name: 'Check scanner' }).click();
    await page.getByRole('button', { name: 'show it on this screen' }).waitFor();
    // The check asks for the station's printer as it opens: no printer, the label on screen.
    await page.locator('[data-test-print="none"]').waitFor();
    expect(await page.getByText('is printing on').count()).toBe(0);
    await station.close();
  });
});
