// The station page's scan loop in Chromium against a real factoryd: each role's accepted and
// refused verdicts, what the operator sees of them, and that the server recorded them.
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, axeViolations, screenshot } from '../helpers/browser.js';
import { createOrder, pairedStation, readyToScan, scan, verdictFor } from '../helpers/station.js';
import { webHarnessForFile } from '../helpers/web.js';

const w = webHarnessForFile();

/** The scans of an order's history, as the API lists them (oldest first). */
async function history(orderId: string) {
  const order = await w.api('GET', `/v1/orders/${orderId}`);
  return (
    order.scans as { barcode: string; event: string; accepted: boolean; reason: string | null }[]
  ).map((s) => [s.event, s.barcode, s.accepted, s.reason]);
}

describe('the station page scan loop', () => {
  it('a produce station: accepted, then refused, with piece, order and message; recorded', async () => {
    const order = await createOrder(w, 'PO-2001', {
      units: 2,
      perUnit: 3,
      pieceNames: ['Frame', 'Cushions', 'Legs'],
    });
    const station = await pairedStation(w, 'Sewing 1', 'produce');
    const { page } = station;
    await readyToScan(page);
    await expect.poll(() => page.locator('.station-role').innerText()).toBe('PRODUCE');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'station-paired-1024x768');

    const [first, , , fourth] = order.barcodes;
    const accepted = await scan(page, first!);
    expect(accepted.verdict).toBe('accepted');
    expect(accepted.text).toContain('ACCEPTED');
    expect(accepted.text).toContain(`Produced ${first}`);
    expect(accepted.text).toContain('Unit 1 of 2 · Piece 1 of 3 · Frame');
    expect(accepted.text).toContain('PO-2001 · Northwind Home');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'station-accepted-1024x768');

    // The input kept the focus: the next scan needs no click.
    const input = page.getByLabel('Scan a label');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    const refused = await scan(page, first!);
    expect(refused.verdict).toBe('refused');
    expect(refused.text).toContain('REFUSED');
    expect(refused.text).toContain(`Refused: ${first} already produced`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'station-refused-1024x768');

    // Unit 2, piece 1: units count across the order.
    expect((await scan(page, fourth!)).text).toContain('Unit 2 of 2 · Piece 1 of 3 · Frame');

    expect(await history(order.id)).toEqual([
      ['produce', first, true, null],
      ['produce', first, false, 'already_produced'],
      ['produce', fourth, true, null],
    ]);
    const rows = page.locator('.recent tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.first().innerText()).toContain(fourth!);
    // A produce station records where a piece was made, never a bay: it offers none.
    expect(await page.getByRole('button', { name: 'Change bay' }).count()).toBe(0);
    expect(await page.getByText('Bay:').count()).toBe(0);
    expect(station.problems).toEqual({ errors: [], cspViolations: [] });
    await station.close();
  });

  it('a stock station asks for its bay, remembers it, and puts pieces there', async () => {
    const order = await createOrder(w, 'PO-2002', { units: 1, perUnit: 2 });
    const produce = await pairedStation(w, 'Sewing 2', 'produce');
    await readyToScan(produce.page);
    await scan(produce.page, order.barcodes[0]!);
    await produce.close();

    const station = await pairedStation(w, 'Warehouse in', 'stock');
    const { page } = station;
    const dialog = page.getByRole('dialog', { name: 'Which bay?' });
    await dialog.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The bay's own label, scanned into the dialog's field: Enter chooses it. A scanner types
    // into whatever has focus, so the field must take it by itself.
    const bayField = dialog.getByLabel('Bay', { exact: true });
    await expect
      .poll(() => bayField.evaluate((el) => el === document.activeElement), { timeout: 10_000 })
      .toBe(true);
    await page.keyboard.type('A-01');
    await page.keyboard.press('Enter');
    await readyToScan(page);
    expect(await page.locator('.station-bay').innerText()).toContain('Bay: A-01');

    const accepted = await scan(page, order.barcodes[0]!);
    expect(accepted.verdict).toBe('accepted');
    expect(accepted.text).toContain(`In stock: ${order.barcodes[0]} at A-01`);
    const refused = await scan(page, order.barcodes[1]!);
    expect(refused.verdict).toBe('refused');
    expect(refused.text).toContain('not produced yet');

    // Remembered across a reload, until changed.
    await page.reload();
    await readyToScan(page);
    expect(await page.locator('.station-bay').innerText()).toContain('Bay: A-01');
    await page.getByRole('button', { name: 'Change bay' }).click();
    await page.getByLabel('Bay', { exact: true }).fill('B-07');
    await page.getByRole('button', { name: 'Use this bay' }).click();
    await readyToScan(page);
    const moved = await scan(page, order.barcodes[0]!);
    expect(moved.text).toContain('at B-07');

    const piece = (await w.api('GET', `/v1/orders/${order.id}`)).pieces[0];
    expect(piece).toMatchObject({ status: 'in_stock', location: 'B-07' });
    expect(await history(order.id)).toEqual([
      ['produce', order.barcodes[0], true, null],
      ['stock', order.barcodes[0], true, null],
      ['stock', order.barcodes[1], false, 'not_produced'],
      ['stock', order.barcodes[0], true, null],
    ]);
    expect(station.problems).toEqual({ errors: [], cspViolations: [] });
    await station.close();
  });

  it('a stock station offers its default bay only once it has one, and says how to set a bay', async () => {
    const order = await createOrder(w, 'PO-2004', { units: 1, perUnit: 3 });
    const produce = await pairedStation(w, 'Sewing 9', 'produce');
    await readyToScan(produce.page);
    for (const barcode of order.barcodes) await scan(produce.page, barcode);
    await produce.close();

    // A new station has no default bay: the dialog does not offer one.
    const station = await pairedStation(w, 'Warehouse 2', 'stock');
    const { page } = station;
    const dialog = page.getByRole('dialog', { name: 'Which bay?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: /Station default bay/ }).count()).toBe(0);
    await screenshot(page, 'station-bay-no-default-1024x768');

    // A device that chose the default bay before it knew, and a supervisor who set one: its
    // first scan shows the bay, and the dialog offers it from then on.
    const id = await station.stationId();
    await w.api('PATCH', `/v1/stations/${id}`, { default_location: 'D-09' });
    await page.evaluate((stationId) => {
      localStorage.setItem(
        'factoryd.station.bay',
        JSON.stringify({ station_id: stationId, bay: null }),
      );
    }, id);
    await page.reload();
    await readyToScan(page);
    expect((await scan(page, order.barcodes[0]!)).text).toContain('at D-09');
    await expect
      .poll(() => page.locator('.station-bay').innerText())
      .toContain('Bay: station default (D-09)');
    await page.getByRole('button', { name: 'Change bay' }).click();
    const offered = page.getByRole('button', { name: 'Station default bay (D-09)' });
    await offered.waitFor();
    await offered.click();
    await readyToScan(page);

    // The supervisor takes the default away: the refusal says how to set a bay, and the page
    // asks for one, no longer offering a default.
    await w.api('PATCH', `/v1/stations/${id}`, { default_location: null });
    const refused = await scan(page, order.barcodes[1]!);
    expect(refused.verdict).toBe('refused');
    expect(refused.text).toContain(
      `Refused: ${order.barcodes[1]} needs a bay: choose one with Change bay`,
    );
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('This station has no default bay');
    expect(await dialog.getByRole('button', { name: /Station default bay/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Bay', { exact: true }).fill('E-01');
    await page.keyboard.press('Enter');
    await readyToScan(page);
    expect((await scan(page, order.barcodes[2]!)).text).toContain('at E-01');
    await station.close();
  });

  it('a dispatch station at 800×480: accepted and refused, with Tab as the suffix', async () => {
    const order = await createOrder(w, 'PO-2003', { units: 1, perUnit: 1 });
    const produce = await pairedStation(w, 'Sewing 3', 'produce');
    await readyToScan(produce.page);
    await scan(produce.page, order.barcodes[0]!);
    await produce.close();

    const station = await pairedStation(w, 'Loading dock', 'dispatch', {
      viewport: VIEWPORTS.panel,
    });
    const { page } = station;
    await readyToScan(page);
    await screenshot(page, 'station-paired-800x480');
    const accepted = await scan(page, order.barcodes[0]!, 'Tab');
    expect(accepted.verdict).toBe('accepted');
    expect(accepted.text).toContain(`Dispatched ${order.barcodes[0]}`);
    await screenshot(page, 'station-accepted-800x480');
    const refused = await scan(page, order.barcodes[0]!);
    expect(refused.verdict).toBe('refused');
    expect(refused.text).toContain('already dispatched');
    await screenshot(page, 'station-refused-800x480');
    expect(await axeViolations(page)).toEqual([]);

    // Everything that matters is on the screen, nothing scrolled away.
    for (const name of ['Scan a label', 'Scan result']) {
      const box = await page.getByLabel(name).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.y + Math.min(box!.height, 60)).toBeLessThanOrEqual(VIEWPORTS.panel.height);
    }
    expect(await history(order.id)).toEqual([
      ['produce', order.barcodes[0], true, null],
      ['dispatch', order.barcodes[0], true, null],
      ['dispatch', order.barcodes[0], false, 'already_dispatched'],
    ]);
    await station.close();
  });

  it('fits a phone, and takes an unknown barcode with control characters trimmed', async () => {
    const station = await pairedStation(w, 'Handheld 1', 'produce', { viewport: VIEWPORTS.phone });
    const { page } = station;
    await readyToScan(page);
    // A scanner that wraps the code in STX/ETX and sends its EOT suffix as a character.
    await page.keyboard.insertText('\u0002NOPE 123\u0003\u0004');
    const refused = await verdictFor(page, 'NOPE 123');
    expect(refused.verdict).toBe('refused');
    expect(refused.text).toContain('unknown barcode');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'station-refused-phone');
    await station.close();
  });
  it('draws a person’s keys as typed but a scanner’s only together; says Checking… only for a slow answer', async () => {
    const order = await createOrder(w, 'PO-2005', { units: 2 });
    const station = await pairedStation(w, 'Sewing 5', 'produce');
    const { page } = station;
    await readyToScan(page);
    const input = page.getByLabel('Scan a label');

    // A person: each key shows while the next is being looked for.
    await page.keyboard.type('PO', { delay: 150 });
    expect(await input.inputValue()).toBe('PO');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    expect(await input.inputValue()).toBe('');

    // A scanner: its keys come within milliseconds and are held, so the field (and the page) is
    // drawn again only when the keys pause; the code is whole when they do.
    const [first, second] = order.barcodes;
    const drawn = await input.evaluate(async (field: HTMLInputElement, code) => {
      const seen: string[] = [];
      for (const key of code) {
        if (
          field.dispatchEvent(
            new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
          )
        ) {
          field.value += key;
        }
        seen.push(field.value);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { whileTyping: seen, afterPause: field.value };
    }, first!);
    expect(new Set(drawn.whileTyping)).toEqual(new Set(['']));
    expect(drawn.afterPause).toBe(first);
    // No "Checking…" for a quick answer: it shows only once the answer has taken a tenth of a
    // second (a loaded machine may take that long), until then the last verdict stays.
    await page.evaluate(() => {
      const w = window as unknown as { enterAt: number; checkingAfter: number | null };
      w.checkingAfter = null;
      document.addEventListener('keydown', () => (w.enterAt = performance.now()), true);
      new MutationObserver(() => {
        const region = document.querySelector('[role="status"][data-barcode]');
        if (region && !region.hasAttribute('data-verdict') && w.checkingAfter === null) {
          w.checkingAfter = performance.now() - w.enterAt;
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.keyboard.press('Enter');
    expect((await verdictFor(page, first!)).verdict).toBe('accepted');
    const checkingAfter = await page.evaluate(
      () => (window as unknown as { checkingAfter: number | null }).checkingAfter,
    );
    expect(checkingAfter ?? Infinity).toBeGreaterThanOrEqual(95);

    // A slow answer: "Checking…" with the barcode until it comes.
    await page.route('**/v1/scans', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.keyboard.type(second!);
    await page.keyboard.press('Enter');
    const checking = page.locator(`[role="status"][data-barcode="${second}"]:not([data-verdict])`);
    await checking.waitFor();
    expect(await checking.innerText()).toContain('Checking…');
    await screenshot(page, 'station-checking-1024x768');
    expect((await verdictFor(page, second!)).verdict).toBe('accepted');
    expect(station.problems).toEqual({ errors: [], cspViolations: [] });
    await station.close();
  });
});
