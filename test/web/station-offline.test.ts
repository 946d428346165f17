// The station page when the server does not answer: scans wait on the device (IndexedDB) and
// replay in order when it is back — nothing lost, nothing doubled — and the page itself loads
// during the outage (service worker).
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, axeViolations, screenshot } from '../helpers/browser.js';
import {
  createOrder,
  pairedStation,
  pending,
  readyToScan,
  scan,
  verdictFor,
} from '../helpers/station.js';
import { webHarnessForFile } from '../helpers/web.js';

const w = webHarnessForFile();

interface HistoryScan {
  barcode: string;
  accepted: boolean;
  station: string;
  scanned_at: string | null;
  at: string;
}

async function history(orderId: string): Promise<HistoryScan[]> {
  return (await w.api('GET', `/v1/orders/${orderId}`)).scans;
}

describe('the station page offline', () => {
  it('queues 5 scans while the server is down, survives a reload, and replays them in order once', async () => {
    const order = await createOrder(w, 'PO-3001', { units: 5, perUnit: 1 });
    const station = await pairedStation(w, 'Sewing 4', 'produce');
    const { page } = station;
    await readyToScan(page);
    // The service worker has the page's files once it controls the page.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
        timeout: 20_000,
      })
      .toBe(true);

    await w.stopServer();
    for (const barcode of order.barcodes) {
      const verdict = await scan(page, barcode);
      expect(verdict.verdict).toBe('queued');
      expect(verdict.text).toContain('QUEUED');
    }
    await expect.poll(() => pending(page)).toBe(5);
    await expect.poll(() => page.locator('.station-connection').innerText()).toBe('Offline');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'station-queued-1024x768');
    await page.setViewportSize(VIEWPORTS.panel);
    await screenshot(page, 'station-queued-800x480');
    await page.setViewportSize(VIEWPORTS.tablet);

    // The server is still down: the page comes from the service worker, the queue from IndexedDB.
    await page.reload();
    await readyToScan(page);
    expect(await pending(page)).toBe(5);
    const rows = page.locator('.recent tbody tr');
    expect(await rows.count()).toBe(5);
    for (const text of await rows.allInnerTexts()) expect(text).toContain('QUEUED');

    await w.startServer();
    await expect.poll(() => pending(page), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => page.locator('.station-connection').innerText()).toBe('Online');
    for (const text of await rows.allInnerTexts()) expect(text).toContain('ACCEPTED');
    // The replayed scans went past the worker, by its static route to the network.
    const routes = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith('/v1/scans'))
        .slice(-5)
        .map(
          (r) =>
            (r as PerformanceResourceTiming & { workerMatchedSourceType?: string })
              .workerMatchedSourceType,
        ),
    );
    expect(routes).toEqual(Array(5).fill('network'));

    const scans = await history(order.id);
    expect(scans.map((s) => s.barcode)).toEqual(order.barcodes);
    expect(scans.every((s) => s.accepted && s.station === 'Sewing 4')).toBe(true);
    // Each kept the time it was read on the device, in the order read.
    const readAt = scans.map((s) => s.scanned_at!);
    expect(readAt.every(Boolean)).toBe(true);
    expect([...readAt].sort()).toEqual(readAt);
    expect(station.problems.cspViolations).toEqual([]);
    await station.close();
  });

  it('after a reload while the server is down, says Offline from the start, and Online when it is back', async () => {
    const station = await pairedStation(w, 'Sewing 10', 'produce');
    const { page } = station;
    await readyToScan(page);
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
        timeout: 20_000,
      })
      .toBe(true);
    const badge = page.locator('.station-connection');
    expect(await badge.innerText()).toBe('Online');

    await w.stopServer();
    // No scan: the page finds out by itself (navigator.onLine still says true here).
    await page.reload();
    await readyToScan(page);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expect.poll(() => badge.innerText(), { timeout: 10_000 }).toBe('Offline');
    expect(await pending(page)).toBe(0);
    await screenshot(page, 'station-offline-after-reload-1024x768');
    await page.setViewportSize(VIEWPORTS.panel);
    await screenshot(page, 'station-offline-after-reload-800x480');
    await page.setViewportSize(VIEWPORTS.tablet);

    await w.startServer();
    await expect.poll(() => badge.innerText(), { timeout: 15_000 }).toBe('Online');
    await station.close();
  });

  it('a scan whose answer was lost is sent again and recorded once', async () => {
    const order = await createOrder(w, 'PO-3002', { units: 1, perUnit: 1 });
    // Routing the page's requests needs the service worker out of the way.
    const station = await pairedStation(w, 'Sewing 5', 'produce', { serviceWorkers: 'block' });
    const { page } = station;
    await readyToScan(page);
    let cut = 0;
    await page.route('**/v1/scans', async (route) => {
      // The server records the scan; its answer never reaches the page.
      await route.fetch();
      cut += 1;
      await route.abort('connectionreset');
    });
    const barcode = order.barcodes[0]!;
    expect((await scan(page, barcode)).verdict).toBe('queued');
    expect(await pending(page)).toBe(1);
    await page.unroute('**/v1/scans');

    const verdict = await verdictFor(page, barcode, 'accepted');
    expect(verdict.text).toContain(`Produced ${barcode}`);
    await expect.poll(() => pending(page)).toBe(0);
    expect(cut).toBe(1);
    const scans = await history(order.id);
    expect(scans).toHaveLength(1);
    expect(scans[0]).toMatchObject({ barcode, accepted: true });
    await station.close();
  });

  it('flags a queued scan that the server refused once it answered', async () => {
    const order = await createOrder(w, 'PO-3003', { units: 1, perUnit: 1 });
    const station = await pairedStation(w, 'Sewing 6', 'produce', { serviceWorkers: 'block' });
    const { page } = station;
    await readyToScan(page);
    const barcode = order.barcodes[0]!;
    expect((await scan(page, barcode)).verdict).toBe('accepted');
    await page.route('**/v1/scans', (route) => route.abort('connectionrefused'));
    expect((await scan(page, barcode)).verdict).toBe('queued');
    await page.unroute('**/v1/scans');
    await verdictFor(page, barcode, 'refused');
    // The refusal holds the verdict until seen; then the list keeps it flagged.
    await page.getByRole('button', { name: 'Seen', exact: true }).click();
    const flagged = page.locator('.recent-flagged');
    await flagged.waitFor();
    expect(await flagged.innerText()).toContain('REFUSED after reconnecting');
    expect(await flagged.locator('td').last().getAttribute('title')).toContain(
      `Refused: ${barcode} already produced`,
    );
    await station.close();
  });
});
