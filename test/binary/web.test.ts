// The web app the single executable carries: served from its own unpacked copy, in Chromium.
import { describe, expect, it } from 'vitest';
import { EXECUTABLE } from '../helpers/daemon.js';
import {
  createOrder,
  openStation,
  pairByTyping,
  pairingCode,
  readyToScan,
  scan,
} from '../helpers/station.js';
import { webHarnessForFile } from '../helpers/web.js';

const w = webHarnessForFile();

describe('the web app in the single executable', () => {
  it('loads /station, pairs with a typed code and records a scan', async () => {
    expect(EXECUTABLE).toBe('binary');
    const order = await createOrder(w, 'PO-9001', { units: 1, perUnit: 1 });
    const { page, problems, close } = await openStation(w.browser, w.url('/station'));
    await pairByTyping(page, await pairingCode(w, 'Line 9', 'produce'));
    await page.getByRole('heading', { name: 'Line 9' }).waitFor();
    await readyToScan(page);
    const verdict = await scan(page, order.barcodes[0]!);
    expect(verdict.verdict).toBe('accepted');
    expect((await w.api('GET', `/v1/orders/${order.id}`)).scans).toHaveLength(1);
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await close();
  });

  it('serves its files precompressed and cached as the bundles do', async () => {
    const html = await fetch(w.url('/station')).then((r) => r.text());
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const res = await fetch(w.url(script!), { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    const worker = await fetch(w.url('/sw.js'));
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });
});
