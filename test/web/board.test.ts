// /board (DESIGN §16) in a real Chromium against a real factoryd: its numbers follow scans made
// through the API, read at TV sizes.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, screenshot } from '../helpers/browser.js';
import {
  STAFF_PASSWORD,
  createRetailerWithOrder,
  createStaff,
  ok,
  pairStation,
  webHarnessForFile,
  type Json,
} from '../helpers/web.js';

const w = webHarnessForFile();

const pair = async (name: string, role: string) => (await pairStation(w, name, role)).token;

const metric = (page: Page, name: string) => page.locator(`[data-metric="${name}"]`);

describe('/board', () => {
  it('shows today’s figures, per-station throughput, WIP and stuck orders, following scans', async () => {
    await createStaff(w, { email: 'tv@factory.test', name: 'Floor TV', role: 'supervisor' });
    const { order } = await createRetailerWithOrder(
      w,
      { name: 'Northwind', code: 'NW' },
      { order_no: 'B-1', lines: [{ sku: 'SOFA', qty: 4, pieces_per_unit: 2 }] },
    );
    const barcodes = (order.pieces as { barcode: string }[]).map((p) => p.barcode);
    const lineA = await pair('Line A', 'produce');
    const bay = await pair('Bay 1', 'stock');
    const dock = await pair('Dock', 'dispatch');
    const scan = (token: string, barcode: string, location?: string) =>
      ok(w.daemon.url, 'POST', '/v1/scans', {
        token,
        body: { barcode, ...(location ? { location } : {}) },
      });
    for (const b of barcodes.slice(0, 3)) await scan(lineA, b);

    const { page, problems, context } = await openPage(w.browser, {
      viewport: { width: 1920, height: 1080 },
    });
    await page.goto(w.url('/board'));
    await page.getByLabel('Email').fill('tv@factory.test');
    await page.getByLabel('Password').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => metric(page, 'produced_today').textContent(), { timeout: 5_000 })
      .toBe('3');
    expect(await metric(page, 'stocked_today').textContent()).toBe('0');
    expect(await metric(page, 'dispatched_today').textContent()).toBe('0');

    // Scans made now show up without a reload.
    await scan(lineA, barcodes[3]!);
    await scan(bay, barcodes[0]!, 'B1');
    await scan(dock, barcodes[1]!);
    await expect
      .poll(() => metric(page, 'produced_today').textContent(), { timeout: 5_000 })
      .toBe('4');
    await expect
      .poll(() => metric(page, 'stocked_today').textContent(), { timeout: 5_000 })
      .toBe('1');
    await expect
      .poll(() => metric(page, 'dispatched_today').textContent(), { timeout: 5_000 })
      .toBe('1');
    // Part dispatched: the order is stuck, with its reason.
    await expect.poll(() => metric(page, 'stuck').textContent(), { timeout: 5_000 }).toBe('1');
    await page.getByText('Part dispatched').waitFor();
    const lineRow = page.locator('[data-station]').filter({ hasText: 'Line A' });
    await expect.poll(() => lineRow.textContent()).toContain('4');
    await screenshot(page, 'board-1920x1080');
    await page.setViewportSize({ width: 1280, height: 720 });
    await screenshot(page, 'board-1280x720');
    expect(problems.errors).toEqual([]);
    expect(problems.cspViolations).toEqual([]);
    await context.close();
  });

  it('pairs a TV as a board from its pair_url: it follows scans with no staff sign-in', async () => {
    const { order } = await createRetailerWithOrder(
      w,
      { name: 'Southwind', code: 'SW' },
      { order_no: 'B-2', lines: [{ sku: 'BED', qty: 2, pieces_per_unit: 1 }] },
    );
    const barcodes = (order.pieces as { barcode: string }[]).map((p) => p.barcode);
    const line = await pair('Line B', 'produce');
    const issued = await w.api('POST', '/v1/pairing-codes', { name: 'Hall TV', role: 'board' });
    const pairUrl = new URL(issued.pair_url as string);
    expect(pairUrl.pathname).toBe('/board');

    const { page, problems, context } = await openPage(w.browser, {
      viewport: { width: 1920, height: 1080 },
    });
    await page.goto(w.url(`/board${pairUrl.hash}`));
    // The tile shows "–" until its first figure arrives.
    await expect.poll(() => metric(page, 'produced_today').textContent()).toMatch(/^\d+$/);
    expect(new URL(page.url()).hash).toBe('');
    const before = Number(await metric(page, 'produced_today').textContent());
    await ok(w.daemon.url, 'POST', '/v1/scans', { token: line, body: { barcode: barcodes[0] } });
    await expect
      .poll(() => metric(page, 'produced_today').textContent(), { timeout: 5_000 })
      .toBe(String(before + 1));
    // Still paired after a reload (kept on the TV), and listed as a board among the stations.
    await page.reload();
    await metric(page, 'produced_today').waitFor();
    const stations = await w.api('GET', '/v1/stations');
    expect(stations.data.filter((s: Json) => s.role === 'board').map((s: Json) => s.name)).toEqual([
      'Hall TV',
    ]);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('refuses a station’s code on the board’s pairing form, saying why', async () => {
    const issued = await w.api('POST', '/v1/pairing-codes', { name: 'Line C', role: 'produce' });
    const { page, context } = await openPage(w.browser, {
      viewport: { width: 1280, height: 720 },
    });
    await page.goto(w.url('/board'));
    await page.getByRole('link', { name: 'Pair this screen as a board' }).click();
    await page.getByLabel('Pairing code').fill(issued.code as string);
    await page.getByRole('button', { name: 'Pair as a board' }).click();
    await page.getByText('not a board').waitFor();
    await context.close();
  });
});
