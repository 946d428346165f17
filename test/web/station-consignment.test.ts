// A dispatch bay loading a consignment in Chromium against a real factoryd: scanning the
// consignment's number, the header's "Loading CN … · retailer · n of m pieces", a piece of another
// retailer refused with the reason, and the refusal in the order's history.
import { describe, expect, it } from 'vitest';
import { axeViolations, screenshot } from '../helpers/browser.js';
import { createOrder, pairedStation, readyToScan, scan } from '../helpers/station.js';
import { http, ok, webHarnessForFile } from '../helpers/web.js';

const w = webHarnessForFile();

/** Produces every piece through a produce station paired over the API. */
async function produce(barcodes: string[]): Promise<void> {
  const { code } = await w.api('POST', '/v1/stations/pairing-codes', {
    name: 'Sewing',
    role: 'produce',
  });
  const { token } = await ok(w.daemon.url, 'POST', '/v1/stations/pair', {
    token: null,
    body: { code },
  });
  for (const barcode of barcodes) {
    const res = await http(w.daemon.url, 'POST', '/v1/scans', { token, body: { barcode } });
    expect(res.body.accepted).toBe(true);
  }
}

describe('the station page at a dispatch bay', () => {
  it('loads a consignment by scanning its number, shows progress, refuses another retailer’s piece', async () => {
    const mine = await createOrder(w, 'PO-8001', { units: 2, perUnit: 2, retailer: 'Northwind' });
    const theirs = await createOrder(w, 'PO-8002', { units: 1, perUnit: 1, retailer: 'Southway' });
    await produce([...mine.barcodes, ...theirs.barcodes]);
    const retailerId = (await w.api('GET', `/v1/orders/${mine.id}`)).retailer_id as string;
    const cn = await w.api('POST', '/v1/consignments', { retailer_id: retailerId });

    const station = await pairedStation(w, 'Dock 1', 'dispatch');
    const { page } = station;
    await readyToScan(page);
    const header = page.locator('[data-consignment]');
    expect(await header.count()).toBe(0);

    const loading = await scan(page, cn.number);
    expect(loading.verdict).toBe('accepted');
    expect(loading.text).toContain(`Loading ${cn.number} · Northwind`);
    await expect.poll(() => header.getAttribute('data-consignment')).toBe(cn.number);
    await expect
      .poll(() => header.innerText())
      .toBe(`Loading ${cn.number} · Northwind · 0 of 0 pieces`);

    const first = await scan(page, mine.barcodes[0]!);
    expect(first.verdict).toBe('accepted');
    expect(first.text).toContain(`Dispatched ${mine.barcodes[0]} on ${cn.number}`);
    await expect.poll(() => header.innerText()).toContain('· 1 of 1 pieces');

    const wrong = await scan(page, theirs.barcodes[0]!);
    expect(wrong.verdict).toBe('refused');
    expect(wrong.text).toContain('REFUSED');
    expect(wrong.text).toContain(`Refused: ${theirs.barcodes[0]} is another retailer's order`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'station-consignment-refused-1024x768');

    // Scanning the number again gives the server's count: 1 loaded, 3 of the order to load.
    await scan(page, cn.number);
    await expect.poll(() => header.innerText()).toContain('· 1 of 4 pieces');
    await scan(page, mine.barcodes[1]!);
    await expect.poll(() => header.innerText()).toContain('· 2 of 4 pieces');
    await screenshot(page, 'station-consignment-loading-1024x768');

    const history = (await w.api('GET', `/v1/orders/${theirs.id}`)).scans as {
      accepted: boolean;
      reason: string | null;
      consignment_id: string | null;
    }[];
    expect(history.at(-1)).toMatchObject({
      accepted: false,
      reason: 'wrong_retailer',
      consignment_id: cn.id,
    });
    expect(station.problems).toEqual({ errors: [], cspViolations: [] });
    await station.close();
  });
});
