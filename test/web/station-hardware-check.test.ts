// The station page's guided scanner check in Chromium against a real factoryd: the test label
// on screen (read back by a real decoder), a wrong keyboard layout found from what arrives, and
// the check recorded for the station through its test-label scan.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_LABEL_STRING } from '../../src/domain/test-label.js';
import { axeViolations, screenshot } from '../helpers/browser.js';
import { tempDir } from '../helpers/app.js';
import { pairedStation, readyToScan } from '../helpers/station.js';
import { webHarnessForFile } from '../helpers/web.js';
import { decodePng } from '../labels/decode.js';

/** What a scanner set to a US keyboard types on a computer set to a UK layout. */
const US_ON_UK = 'FDTEST-aZ09"@£#¬~/._';

const w = webHarnessForFile();

/**
 * A keyboard-wedge scanner reading the label into the focused field: a key event per character,
 * then its suffix key (none: it just stops). Dispatched in one go inside the page, as fast as a
 * scanner types, so the test's own latency cannot split a read the page times by its pauses.
 * Characters a US keyboard lacks (£, ¬) arrive like any other: the page judges the text.
 */
async function read(page: Page, text: string, suffix: 'Enter' | 'Tab' | null = 'Enter') {
  // A person lifts the scanner once the step is on screen; the field takes the focus just after
  // it renders (an effect), so the keys wait for it rather than go to the page.
  await page.waitForFunction(() => document.activeElement instanceof HTMLInputElement);
  await page.evaluate(
    ({ text, suffix }) => {
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
      if (suffix) {
        field.dispatchEvent(
          new KeyboardEvent('keydown', { key: suffix, bubbles: true, cancelable: true }),
        );
      }
    },
    { text, suffix },
  );
}

async function stationHardware(stationId: string) {
  return (await w.api('GET', `/v1/stations/${stationId}`)).hardware;
}

describe('the scanner check of the station page', () => {
  it('finds a US scanner on a UK computer, says how to fix it, and records the check', async () => {
    const station = await pairedStation(w, 'Packing 2', 'dispatch');
    const { page } = station;
    await readyToScan(page);
    await page.getByRole('button', { name: 'Check scanner' }).click();
    await page.getByRole('heading', { name: 'Check the scanner' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Scan the bar code').waitFor();
    await read(page, US_ON_UK);
    await page.getByLabel('Scan the QR code').waitFor();
    await read(page, US_ON_UK);

    const result = page.locator('[data-result]');
    await result.waitFor();
    expect(await result.getAttribute('data-result')).toBe('failed');
    const text = await result.innerText();
    expect(text).toContain('The scanner needs attention');
    expect(text).toContain(
      'The scanner is set to a US keyboard, but this computer uses a UK layout',
    );
    expect(text).toContain('Set the scanner’s keyboard language to UK');
    await page.getByText('Recorded for this station at').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'station-check-layout-1024x768');

    const hardware = await stationHardware(await station.stationId());
    expect(hardware).toMatchObject({
      input_mode: 'keyboard',
      suffix: 'enter',
      code128_ok: false,
      qr_ok: false,
      layout_ok: false,
      passed: false,
      notes: 'Scanner set to US layout, computer uses UK.',
    });

    // Fixed: the same label now reads exactly, ended by Tab.
    await page.getByRole('button', { name: 'Check again' }).click();
    await page.getByLabel('Scan the bar code').waitFor();
    await read(page, TEST_LABEL_STRING, 'Tab');
    await page.getByLabel('Scan the QR code').waitFor();
    await read(page, TEST_LABEL_STRING, 'Tab');
    await page.locator('[data-result="passed"]').waitFor();
    await page.getByText('Recorded for this station at').waitFor();
    await screenshot(page, 'station-check-passed-1024x768');
    const fixed = await stationHardware(await station.stationId());
    expect(fixed).toMatchObject({
      suffix: 'tab',
      code128_ok: true,
      qr_ok: true,
      layout_ok: true,
      passed: true,
    });
    expect(fixed.avg_char_ms).toBeGreaterThanOrEqual(0);

    await page.getByRole('button', { name: 'Back to scanning' }).click();
    await readyToScan(page);
    expect(station.problems).toEqual({ errors: [], cspViolations: [] });
    await station.close();
  });

  it('finds a scanner that sends no suffix, and one left on Caps Lock', async () => {
    const station = await pairedStation(w, 'Packing 3', 'stock');
    const { page } = station;
    await page.getByLabel('Bay', { exact: true }).fill('H-01');
    await page.getByRole('button', { name: 'Use this bay' }).click();
    await readyToScan(page);
    await page.getByRole('button', { name: 'Check scanner' }).click();
    await page.getByLabel('Scan the bar code').waitFor();
    // Nothing after the code: the page ends the read when the keys stop.
    await read(page, 'fdtest-Az09@"#\\~|/._', null);
    await page.getByLabel('Scan the QR code').waitFor();
    await page.getByRole('button', { name: 'My scanner does not read QR codes' }).click();
    const result = page.locator('[data-result="failed"]');
    await result.waitFor();
    const text = await result.innerText();
    expect(text).toContain('Caps Lock is on');
    expect(text).toContain('The scanner sends nothing after a code');
    await page.getByText('Recorded for this station at').waitFor();
    expect(await stationHardware(await station.stationId())).toMatchObject({
      suffix: 'none',
      code128_ok: false,
      qr_ok: null,
      layout_ok: false,
      passed: false,
    });
    await station.close();
  });

  it('shows the test label on screen; a real decoder reads both symbols off it', async () => {
    const station = await pairedStation(w, 'Packing 4', 'produce', { deviceScaleFactor: 2 });
    const { page } = station;
    await readyToScan(page);
    await page.getByRole('button', { name: 'Check scanner' }).click();
    await page.getByRole('button', { name: 'show it on this screen' }).click();
    const label = page.getByRole('figure', { name: 'Hardware test label' });
    await label.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const file = join(tempDir('factoryd-label-'), 'test-label.png');
    await label.screenshot({ path: file });
    expect(decodePng(file)).toEqual({ code128: [TEST_LABEL_STRING], qr: [TEST_LABEL_STRING] });
    await screenshot(page, 'station-check-label-1024x768');
    await station.close();
  });
});
