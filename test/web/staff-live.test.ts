// The staff app on the event stream (DESIGN §16), in a real Chromium against a real factoryd:
// the orders board follows a scan without asking for the orders list again, and says when the
// stream is down.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, openPage, screenshot } from '../helpers/browser.js';
import {
  createRetailerWithOrder,
  createStaff,
  ok,
  pairStation,
  signInToStaffApp,
  webHarnessForFile,
  type Json,
} from '../helpers/web.js';

const w = webHarnessForFile();

async function setUp(): Promise<{ order: Json; station: string }> {
  await createStaff(w, { email: 'ada@factory.test', name: 'Ada Admin', role: 'admin' });
  const { order } = await createRetailerWithOrder(
    w,
    { name: 'Northwind', code: 'NW' },
    { order_no: 'LIVE-1', lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: 3 }] },
  );
  const paired = await pairStation(w, 'Line 1', 'produce');
  return { order, station: paired.token };
}

const signIn = (page: Page) => signInToStaffApp(w, page, 'ada@factory.test');

describe('the staff app on the event stream', () => {
  it('the orders board changes within 2 s of a scan, with no request for the orders list', async () => {
    const { order, station } = await setUp();
    const { page, problems, context } = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    let streams = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v1/events/stream') streams += 1;
    });
    await signIn(page);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'LIVE-1', exact: true }) });
    await row.getByText('Awaiting production').waitFor();
    // The page has asked for the stream (and the server has had a moment to answer it).
    await expect.poll(() => streams).toBeGreaterThan(0);
    await page.waitForTimeout(300);

    const listRequests: string[] = [];
    const watch = (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname === '/v1/orders') listRequests.push(request.url());
    };
    page.on('request', watch);
    const scannedAt = Date.now();
    await ok(w.daemon.url, 'POST', '/v1/scans', {
      token: station,
      body: { barcode: order.pieces[0].barcode },
    });
    await row.getByText('In production').waitFor({ timeout: 2_000 });
    const took = Date.now() - scannedAt;
    page.off('request', watch);
    expect(took).toBeLessThan(2_000);
    expect(listRequests).toEqual([]);
    // The counts follow (fetched again: they are not in the event).
    await page
      .getByRole('group', { name: 'Orders per status' })
      .getByRole('button', { name: /In production\s*1/ })
      .waitFor();
    await screenshot(page, 'staff-live-board');

    // The server goes away: the banner says so; back, it goes and the board is current.
    await w.stopServer();
    await page.getByRole('status').filter({ hasText: 'Live updates interrupted' }).waitFor();
    await screenshot(page, 'staff-live-banner');
    await w.startServer();
    await page
      .getByRole('status')
      .filter({ hasText: 'Live updates interrupted' })
      .waitFor({ state: 'detached', timeout: 20_000 });
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('the Reports screen charts the last day’s scans (uPlot, bundled) and the cycle times', async () => {
    const { page, problems, context } = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    await signIn(page);
    await page.getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByRole('img', { name: 'Scans per hour by kind' }).locator('canvas').waitFor();
    // One piece produced, none moved on yet: the cycle times say so.
    await page.getByText('No piece has moved on in the last 30 days').waitFor();
    await screenshot(page, 'staff-reports');
    expect(problems.errors).toEqual([]);
    expect(problems.cspViolations).toEqual([]);
    await context.close();
  });

  it('the Reports screen in Polish, at 1920×1080', async () => {
    const { page, problems, context } = await openPage(w.browser, {
      viewport: { width: 1920, height: 1080 },
    });
    await signIn(page);
    await page.evaluate(() => localStorage.setItem('factoryd.language', 'pl'));
    await page.goto(w.url('/reports'));
    await page.getByRole('heading', { name: 'Raporty' }).waitFor();
    await page
      .getByRole('img', { name: 'Skany na godzinę według rodzaju' })
      .locator('canvas')
      .waitFor();
    await page.getByText('Skany na godzinę, ostatnie 24 godziny').waitFor();
    await screenshot(page, 'staff-reports-pl-1920x1080');
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
