// Operators at the station page in Chromium against a real factoryd: a badge greets its
// operator by name and shows them on the bar; piece scans are then theirs; the sign-out badge
// leaves nobody.
import { describe, expect, it } from 'vitest';
import { axeViolations, screenshot } from '../helpers/browser.js';
import { createOrder, pairedStation, readyToScan, scan } from '../helpers/station.js';
import { webHarnessForFile } from '../helpers/web.js';

const w = webHarnessForFile();

describe('operators at the station page', () => {
  it('greets the operator whose badge is scanned, and records the next scans as theirs', async () => {
    const ana = await w.api('POST', '/v1/operators', { name: 'Ana Kowalska', language: 'pl' });
    const order = await createOrder(w, 'PO-3001', { units: 1, perUnit: 2 });
    const station = await pairedStation(w, 'Sewing 2', 'produce', {
      viewport: { width: 800, height: 480 },
    });
    const { page } = station;
    await readyToScan(page);
    expect(await page.locator('.station-operator').innerText()).toBe('No operator');

    const badge = await scan(page, ana.badge);
    expect(badge.verdict).toBe('accepted');
    // Ana's language is Polish: from her badge on, the page speaks it (DESIGN §17).
    expect(badge.text).toContain('Witaj, Ana Kowalska');
    await page.locator('[data-verdict][data-operator="Ana Kowalska"]').waitFor();
    await expect
      .poll(() => page.locator('.station-operator').getAttribute('data-operator'))
      .toBe('Ana Kowalska');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'station-operator-greeting-800x480');

    const [first] = order.barcodes;
    expect((await scan(page, first!)).text).toContain(`Wyprodukowano ${first}`);
    expect(await page.locator('.station-operator').innerText()).toBe('Ana Kowalska');
    const recorded = await w.api('GET', `/v1/orders/${order.id}`);
    expect(recorded.scans.map((s: { operator_name: string }) => s.operator_name)).toEqual([
      'Ana Kowalska',
    ]);

    const bye = await scan(page, 'OP SIGNOUT');
    expect(bye.text).toContain('Signed out');
    await expect.poll(() => page.locator('.station-operator').innerText()).toBe('Brak operatora');
    await station.close();
  });
});
