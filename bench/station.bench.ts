// The station page in headless Chromium against a local factoryd (DESIGN §10: ready to scan
// ≤ 1 s on first load over the LAN; its JavaScript ≤ 150 KB compressed):
// - first-load bytes of /station (compressed, as sent), JavaScript and everything;
// - time from navigation to ready-to-scan on a paired device with an empty cache, against the
//   same browser loading a bare page from the same server (the floor under any page);
// - scan-to-verdict, from the scanner's Enter to the verdict on screen, p50/p95 over 200 scans,
//   against the same page posting the same scans with fetch and no screen (the API's own round
//   trip from that browser).
// Run: npm run build && npx tsx bench/station.bench.ts
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../test/helpers/browser.js';
import { REPO_ROOT, startDaemon } from '../test/helpers/daemon.js';
import { ok } from '../test/helpers/web.js';

const COLD_LOADS = 10;
const SCANS = 200;

if (!existsSync(join(REPO_ROOT, 'dist', 'web', 'index.html'))) {
  console.error('station bench: build first (npm run build)');
  process.exit(2);
}

const daemon = await startDaemon();
const browser = await launchBrowser();
const api = <T>(method: string, path: string, body?: unknown) =>
  ok<T>(daemon.url, method, path, {
    token: daemon.apiKey,
    ...(body === undefined ? {} : { body }),
  });

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** A paired station, as the device keeps it (localStorage), without going through the form. */
async function pairStation(name: string) {
  const { code } = await api<{ code: string }>('POST', '/v1/stations/pairing-codes', {
    name,
    role: 'produce',
  });
  const station = await ok<{ id: string; name: string; role: string; token: string }>(
    daemon.url,
    'POST',
    '/v1/stations/pair',
    { body: { code } },
  );
  return { ...station, paired_at: new Date().toISOString() };
}

async function orderOf(
  pieces: number,
  orderNo: string,
): Promise<{ id: string; barcodes: string[] }> {
  const retailer = await api<{ id: string }>('POST', '/v1/retailers', {
    name: `Bench ${orderNo}`,
    code: orderNo.replace(/\W/g, ''),
  });
  const order = await api<{ id: string; pieces: { barcode: string }[] }>('POST', '/v1/orders', {
    order_no: orderNo,
    retailer_id: retailer.id,
    lines: [{ sku: 'BENCH', qty: pieces, pieces_per_unit: 1 }],
  });
  return { id: order.id, barcodes: order.pieces.map((p) => p.barcode) };
}

/** A page on a fresh device (empty cache and storage) already paired as `station`. */
async function deviceFor(b: Browser, station: object): Promise<Page> {
  const context = await b.newContext({ viewport: { width: 1024, height: 768 } });
  await context.addInitScript((value) => {
    localStorage.setItem('factoryd.station', value);
    // When the page first says it is ready to scan, since navigation began.
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-ready="true"]')) {
        (window as unknown as { readyAt: number }).readyAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
  }, JSON.stringify(station));
  return context.newPage();
}

// 1. First-load bytes and time to ready-to-scan, cold.
const station = await pairStation('Bench load');
const ready: number[] = [];
/** When the last script of the first load had arrived: the rest of "ready" is running them. */
const scripts: number[] = [];
const bare: number[] = [];
let jsBytes = 0;
let allBytes = 0;
const jsFiles: string[] = [];
for (let i = 0; i < COLD_LOADS; i++) {
  const page = await deviceFor(browser, station);
  const sizes: Array<Promise<void>> = [];
  let js = 0;
  let all = 0;
  const files: string[] = [];
  page.on('requestfinished', (request) => {
    sizes.push(
      request.sizes().then(({ responseBodySize, responseHeadersSize }) => {
        all += responseBodySize + responseHeadersSize;
        if (request.url().endsWith('.js')) {
          js += responseBodySize;
          files.push(new URL(request.url()).pathname);
        }
      }),
    );
  });
  await page.goto(`${daemon.url}/station`);
  await page.waitForFunction(() => 'readyAt' in window);
  ready.push(await page.evaluate(() => (window as unknown as { readyAt: number }).readyAt));
  scripts.push(
    await page.evaluate(() =>
      Math.max(
        ...performance
          .getEntriesByType('resource')
          .filter((r) => r.name.endsWith('.js'))
          .map((r) => (r as PerformanceResourceTiming).responseEnd),
      ),
    ),
  );
  await page.waitForLoadState('networkidle');
  await Promise.all(sizes);
  if (i === 0) {
    jsBytes = js;
    allBytes = all;
    jsFiles.push(...files);
  }
  await page.context().close();

  // The floor: a bare document from the same server, loaded the same way.
  const floor = await (await browser.newContext()).newPage();
  await floor.goto(`${daemon.url}/healthz`);
  bare.push(await floor.evaluate(() => performance.getEntriesByType('navigation')[0]!.duration));
  await floor.context().close();
}

// 2. Scan-to-verdict over 200 scans, and the API round trip from the same page as the baseline.
const { id: orderId, barcodes } = await orderOf(SCANS, 'BENCH-UI');
const { barcodes: direct } = await orderOf(SCANS, 'BENCH-API');
const scanner = await pairStation('Bench scans');
const page = await deviceFor(browser, scanner);
await page.goto(`${daemon.url}/station`);
await page.waitForFunction(() => 'readyAt' in window);
await page.evaluate(() => {
  const w = window as unknown as { enterAt: number; latencies: number[] };
  w.latencies = [];
  document.addEventListener(
    'keydown',
    (e) => {
      if (e.key === 'Enter') w.enterAt = performance.now();
    },
    true,
  );
  new MutationObserver(() => {
    const region = document.querySelector('[role="status"]');
    if (region?.getAttribute('data-verdict') && w.enterAt) {
      w.latencies.push(performance.now() - w.enterAt);
      w.enterAt = 0;
    }
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-verdict'] });
});
for (const barcode of barcodes) {
  await page.keyboard.type(barcode);
  await page.keyboard.press('Enter');
  await page.locator(`[role="status"][data-barcode="${barcode}"][data-verdict]`).waitFor();
}
const verdicts = await page.evaluate(
  () => (window as unknown as { latencies: number[] }).latencies,
);
const roundTrips = await page.evaluate(
  async ({ token, barcodes }) => {
    const out: number[] = [];
    for (const barcode of barcodes) {
      const start = performance.now();
      const res = await fetch('/v1/scans', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ barcode, client_scan_id: `bench-${barcode}` }),
      });
      await res.json();
      out.push(performance.now() - start);
    }
    return out;
  },
  { token: scanner.token, barcodes: direct },
);
const recorded = (await api<{ scans: unknown[] }>('GET', `/v1/orders/${orderId}`)).scans.length;

await browser.close();
await daemon.stop();

const ms = (n: number) => `${n.toFixed(0)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`Station page benchmark — Chromium, factoryd on 127.0.0.1, Node ${process.version}`);
console.table([
  {
    what: '/station first load: JavaScript (compressed, as sent)',
    value: kb(jsBytes),
    target: '≤ 150 KB',
    verdict: jsBytes <= 150_000 ? 'ok' : 'LARGE',
  },
  { what: '/station first load: everything (HTML, CSS, JS, headers)', value: kb(allBytes) },
  {
    what: `ready to scan, empty cache: median of ${COLD_LOADS}`,
    value: ms(quantile(ready, 0.5)),
    target: '≤ 1000 ms',
    verdict: quantile(ready, 0.5) <= 1000 ? 'ok' : 'SLOW',
  },
  { what: `ready to scan, empty cache: slowest of ${COLD_LOADS}`, value: ms(Math.max(...ready)) },
  { what: 'of which: all scripts arrived, median', value: ms(quantile(scripts, 0.5)) },
  { what: 'baseline: a bare page from the same server, median', value: ms(quantile(bare, 0.5)) },
  {
    what: `scan to verdict on screen, p50 (${verdicts.length} scans)`,
    value: ms(quantile(verdicts, 0.5)),
    'vs baseline': `${(quantile(verdicts, 0.5) / quantile(roundTrips, 0.5)).toFixed(2)}×`,
  },
  {
    what: `scan to verdict on screen, p95`,
    value: ms(quantile(verdicts, 0.95)),
    'vs baseline': `${(quantile(verdicts, 0.95) / quantile(roundTrips, 0.95)).toFixed(2)}×`,
  },
  {
    what: 'baseline: POST /v1/scans by fetch from the page, p50',
    value: ms(quantile(roundTrips, 0.5)),
  },
  {
    what: 'baseline: POST /v1/scans by fetch from the page, p95',
    value: ms(quantile(roundTrips, 0.95)),
  },
]);
console.log(`JavaScript of the first load: ${jsFiles.join(', ')}`);
if (recorded !== SCANS || verdicts.length !== SCANS) {
  console.error(
    `expected ${SCANS} scans recorded and timed, got ${recorded} and ${verdicts.length}`,
  );
  process.exitCode = 1;
}
if (jsBytes > 150_000 || quantile(ready, 0.5) > 1000) process.exitCode = 1;
