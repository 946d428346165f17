// A dispatch bay loading a consignment in Chromium against a real factoryd: scanning the
// consignment's number, the header's "Loading CN … · retailer · n of m pieces", a piece of another
// retailer refused with the reason, and the refusal in the order's history; two bays loading one
// consignment each show its exact count and the units still incomplete.
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
    // After the verdict, the server's count: 1 loaded, 3 of the order still to load.
    await expect.poll(() => header.innerText()).toContain('· 1 of 4 pieces');

    const wrong = await scan(page, theirs.barcodes[0]!);
    expect(wrong.verdict).toBe('refused');
    expect(wrong.text).toContain('REFUSED');
    expect(wrong.text).toContain(`Refused: ${theirs.barcodes[0]} is another retailer's order`);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'station-consignment-refused-1024x768');

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

  it('two bays loading one consignment each show the exact count and the units still incomplete', async () => {
    const order = await createOrder(w, 'PO-8101', { units: 2, perUnit: 3, retailer: 'Northwind' });
    const retailerId = (await w.api('GET', `/v1/orders/${order.id}`)).retailer_id as string;
    const second = await w.api('POST', '/v1/orders', {
      order_no: 'PO-8102',
      retailer_id: retailerId,
      lines: [{ sku: 'CHAIR', qty: 1, pieces_per_unit: 2 }],
    });
    const more = (second.pieces as { barcode: string }[]).map((p) => p.barcode);
    await produce([...order.barcodes, ...more]);
    const cn = await w.api('POST', '/v1/consignments', { retailer_id: retailerId });

    const one = await pairedStation(w, 'Dock 1', 'dispatch');
    const two = await pairedStation(w, 'Dock 2', 'dispatch');
    await readyToScan(one.page);
    await readyToScan(two.page);
    const lineOf = (station: typeof one) => station.page.locator('[data-consignment]');
    const unitsOf = (station: typeof one) => station.page.locator('.station-incomplete');
    await scan(one.page, cn.number);
    await scan(two.page, cn.number);

    // Unit 1 of PO-8101: two pieces by bay 1, one by bay 2; unit 2 and PO-8102 begun by bay 2.
    const [u1a, u1b, u1c, u2a] = order.barcodes as [string, string, string, string];
    expect((await scan(one.page, u1a)).verdict).toBe('accepted');
    expect((await scan(two.page, u2a)).verdict).toBe('accepted');
    expect((await scan(one.page, u1b)).verdict).toBe('accepted');
    expect((await scan(two.page, more[0]!)).verdict).toBe('accepted');
    // Each page, after its own last scan, counts both bays' loads: 4 of 8.
    await expect
      .poll(() => lineOf(two).innerText())
      .toBe(`Loading ${cn.number} · Northwind · 4 of 8 pieces`);
    await expect
      .poll(() => unitsOf(two).innerText())
      .toBe('Incomplete: PO-8101 unit 1 (2/3) · PO-8101 unit 2 (1/3) · PO-8102 unit 1 (1/2)');
    // Bay 1 last scanned before bay 2's last two: its count was exact then (3 of 8), and its
    // next scan brings it up to date.
    expect((await scan(one.page, u1c)).verdict).toBe('accepted');
    await expect.poll(() => lineOf(one).getAttribute('data-loaded')).toBe('5');
    expect(await lineOf(one).innerText()).toBe(`Loading ${cn.number} · Northwind · 5 of 8 pieces`);
    await expect
      .poll(() => unitsOf(one).innerText())
      .toBe('Incomplete: PO-8101 unit 2 (1/3) · PO-8102 unit 1 (1/2)');
    await one.page.setViewportSize({ width: 800, height: 480 });
    await screenshot(one.page, 'station-consignment-two-bays-800x480');

    // A piece refused at bay 2 (bay 1 loaded it) still brings bay 2's count up to date.
    const again = await scan(two.page, u1c);
    expect(again.verdict).toBe('refused');
    await expect.poll(() => lineOf(two).getAttribute('data-loaded')).toBe('5');
    await expect
      .poll(() => unitsOf(two).innerText())
      .toBe('Incomplete: PO-8101 unit 2 (1/3) · PO-8102 unit 1 (1/2)');
    for (const station of [one, two]) {
      expect(station.problems).toEqual({ errors: [], cspViolations: [] });
      await station.close();
    }
  });
});
