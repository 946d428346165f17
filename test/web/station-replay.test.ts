// The station page when scans made offline come back refused: the refusal takes the verdict
// panel until the operator acknowledges it, the page never scrolls, and only scans that waited
// carry the device's time (the staff timeline's "sent later").
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, axeViolations, openPage, screenshot } from '../helpers/browser.js';
import { createOrder, pairedStation, pending, readyToScan, scan } from '../helpers/station.js';
import { webHarnessForFile } from '../helpers/web.js';

const w = webHarnessForFile();

/** The network between the page and the server goes (the server keeps running). */
const cut = (page: Page) => page.route('**/v1/scans', (route) => route.abort('connectionrefused'));

/** Records the page's vibrations: the refusal signal is a buzz and a [200, 80, 200] pattern. */
async function watchVibrations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { vibrations: unknown[] };
    w.vibrations = [];
    navigator.vibrate = ((pattern: unknown) => {
      w.vibrations.push(pattern);
      return true;
    }) as typeof navigator.vibrate;
  });
}

const vibrations = (page: Page) =>
  page.evaluate(() => (window as unknown as { vibrations: unknown[] }).vibrations);

/** Whether the document is taller or wider than the screen (it would scroll). */
const overflow = (page: Page) =>
  page.evaluate(() => ({
    height: document.documentElement.scrollHeight - window.innerHeight,
    width: document.documentElement.scrollWidth - window.innerWidth,
  }));

describe('refusals of scans that waited on the device', () => {
  it('hold the verdict panel, one after another, until acknowledged; the acknowledging scan is not sent', async () => {
    const order = await createOrder(w, 'PO-5001', { units: 4, perUnit: 1 });
    const [b0, b1, b2, b3] = order.barcodes as [string, string, string, string];
    const station = await pairedStation(w, 'Dock 5', 'produce', { serviceWorkers: 'block' });
    const { page } = station;
    await watchVibrations(page);
    // The page's clock, so that minutes can pass (it runs at the normal pace meanwhile).
    await page.clock.install();
    await page.reload();
    await readyToScan(page);
    expect((await scan(page, b0)).verdict).toBe('accepted');

    await cut(page);
    // Already produced, twice, then a good one: two refusals wait behind the outage.
    for (const barcode of [b0, b0, b1]) expect((await scan(page, barcode)).verdict).toBe('queued');
    await expect.poll(() => pending(page)).toBe(3);
    const before = (await vibrations(page)).length;
    await page.unroute('**/v1/scans');

    // The good one's verdict comes last, but the first refusal keeps the panel.
    await expect.poll(() => pending(page), { timeout: 20_000 }).toBe(0);
    const panel = page.getByRole('status', { name: 'Scan result' });
    expect(await panel.getAttribute('data-verdict')).toBe('refused');
    expect(await panel.getAttribute('data-barcode')).toBe(b0);
    expect(await panel.getAttribute('data-replayed')).toBe('1 of 2');
    const text = (await panel.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('REFUSED');
    expect(text).toContain('1 of 2');
    expect(text).toContain(`Refused: ${b0} already produced`);
    expect(text).toMatch(/Scanned just now while offline \(\d\d:\d\d:\d\d\)/);
    // The refusal's buzz, once for each. (The last queued scan's short buzz, 30, comes a frame
    // after the scan is stored, so it may land after `before` was read.)
    expect((await vibrations(page)).slice(before).filter((v) => v !== 30)).toEqual([
      [200, 80, 200],
      [200, 80, 200],
    ]);
    expect(await axeViolations(page)).toEqual([]);
    for (const [name, size] of [
      ['1024x768', VIEWPORTS.tablet],
      ['800x480', VIEWPORTS.panel],
      ['phone', VIEWPORTS.phone],
    ] as const) {
      await page.setViewportSize(size);
      expect(await overflow(page), name).toEqual({ height: 0, width: 0 });
      const button = await page.getByRole('button', { name: 'Seen, next' }).boundingBox();
      expect(button!.y + button!.height, name).toBeLessThanOrEqual(size.height);
      await screenshot(page, `station-replayed-refusal-${name}`);
    }
    await page.setViewportSize(VIEWPORTS.tablet);

    // It stays: minutes later, still there, and says how long ago it was read.
    await page.clock.fastForward('03:10');
    await expect.poll(() => panel.innerText()).toMatch(/Scanned 3 min ago while offline/);

    // Enter with nothing typed acknowledges the first; the second takes its place.
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.getAttribute('data-replayed')).toBe('2 of 2');
    // A scan acknowledges the last one, and is not sent: the operator scans it again.
    await page.keyboard.type(b2);
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.getAttribute('data-replayed')).toBeNull();
    expect(await panel.innerText()).toContain(`Scan ${b2} again`);
    const sent = (await w.api('GET', `/v1/orders/${order.id}`)).scans as { barcode: string }[];
    expect(sent.map((s) => s.barcode)).toEqual([b0, b0, b0, b1]);
    expect((await scan(page, b2)).verdict).toBe('accepted');
    expect((await scan(page, b3)).verdict).toBe('accepted');

    // The list keeps them flagged, one line each.
    const flagged = page.locator('.recent-flagged');
    expect(await flagged.count()).toBe(2);
    expect(await flagged.first().innerText()).toContain('REFUSED after reconnecting');

    // Only the scans that waited carry the device's time.
    const history = (await w.api('GET', `/v1/orders/${order.id}`)).scans as {
      barcode: string;
      scanned_at: string | null;
    }[];
    expect(history.map((s) => [s.barcode, s.scanned_at !== null])).toEqual([
      [b0, false],
      [b0, true],
      [b0, true],
      [b1, true],
      [b2, false],
      [b3, false],
    ]);
    await station.close();

    // The staff timeline says "sent later" for those three only.
    const password = 'correct horse battery staple';
    await w.api('POST', '/v1/staff', {
      email: 'sam@example.com',
      name: 'Sam Supervisor',
      role: 'supervisor',
      password,
    });
    const staff = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    await staff.page.goto(w.url(`/orders/${order.id}`));
    await staff.page.getByLabel('Email').fill('sam@example.com');
    await staff.page.getByLabel('Password').fill(password);
    await staff.page.getByRole('button', { name: 'Sign in' }).click();
    const items = staff.page.locator('.timeline li');
    await expect.poll(() => items.count()).toBe(6);
    // Newest first.
    const later = (await items.allInnerTexts()).map((t) => t.includes('sent later'));
    expect(later).toEqual([false, false, true, true, true, false]);
    await staff.context.close();
  });

  it('the page never scrolls, whatever the list holds', async () => {
    const order = await createOrder(w, 'PO-5002', { units: 2, perUnit: 1 });
    const station = await pairedStation(w, 'Dock 6', 'dispatch', { serviceWorkers: 'block' });
    const { page } = station;
    await readyToScan(page);
    // Twenty long unknown barcodes, and refusals after an outage among them.
    for (let i = 0; i < 18; i++)
      await scan(page, `UNKNOWN LONG BARCODE ${String(i).padStart(6, '0')}`);
    await cut(page);
    for (const barcode of order.barcodes) await scan(page, barcode);
    await page.unroute('**/v1/scans');
    await expect.poll(() => pending(page), { timeout: 20_000 }).toBe(0);
    const panel = page.getByRole('status', { name: 'Scan result' });
    await expect.poll(() => panel.getAttribute('data-replayed')).toBe('1 of 2');
    expect(await overflow(page)).toEqual({ height: 0, width: 0 });
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Seen', exact: true }).click();
    await expect.poll(() => panel.getAttribute('data-replayed')).toBeNull();
    expect(await page.locator('.recent tbody tr').count()).toBe(20);
    for (const size of [VIEWPORTS.tablet, VIEWPORTS.panel, VIEWPORTS.phone]) {
      await page.setViewportSize(size);
      expect(await overflow(page), `${size.width}×${size.height}`).toEqual({ height: 0, width: 0 });
    }
    await station.close();
  });
});
