// The staff app in a real Chromium against a real factoryd: an admin and a supervisor walk every
// screen. One server and one browser for the whole file; each test opens its own context (its
// own tab session), so tests never share a sign-in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Receiver } from '../core/webhooks/receiver.js';
import { VIEWPORTS, axeViolations, openPage, screenshot } from '../helpers/browser.js';
import {
  http,
  ok,
  pairStation,
  startWebHarness,
  type Json,
  type WebHarness,
  STAFF_PASSWORD,
  createStaff,
  signInToStaffApp,
} from '../helpers/web.js';

const ADMIN = 'ada@factory.test';
const SUPERVISOR = 'sam@factory.test';

let w: WebHarness;
let retailer: { id: string; code: string; name: string };
let other: { id: string; code: string; name: string };
const stations = {} as Record<'produce' | 'stock' | 'dispatch', { id: string; token: string }>;

/** Pushes an order through the API, as an integration would. */
const pushOrder = (orderNo: string, extra: Record<string, unknown> = {}): Promise<Json> =>
  w.api('POST', '/v1/orders', {
    order_no: orderNo,
    retailer_id: retailer.id,
    lines: [
      {
        sku: 'SOFA-3S',
        colour: 'Grey',
        qty: 1,
        pieces_per_unit: 3,
        piece_names: ['Frame', 'Cushions', 'Legs'],
      },
    ],
    ...extra,
  });

/** A station's scan, as the device would send it. */
const scan = (role: keyof typeof stations, barcode: string, location?: string): Promise<Json> =>
  ok(w.daemon.url, 'POST', '/v1/scans', {
    token: stations[role].token,
    body: { barcode, ...(location ? { location } : {}) },
  });

/** Opens a signed-in page at 1280×800 (or `viewport`). */
async function open(
  email: string,
  path = '/',
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
) {
  const opened = await openPage(w.browser, { viewport });
  await signInToStaffApp(w, opened.page, email, path);
  return opened;
}

const expectAccessible = async (page: Page, screen: string) =>
  expect(await axeViolations(page), screen).toEqual([]);

const orderRow = (page: Page, orderNo: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: orderNo, exact: true }) });

beforeAll(async () => {
  w = await startWebHarness();
  for (const [email, name, role] of [
    [ADMIN, 'Ada Admin', 'admin'],
    [SUPERVISOR, 'Sam Supervisor', 'supervisor'],
  ] as const) {
    await createStaff(w, { email, name, role });
  }
  retailer = await w.api('POST', '/v1/retailers', { name: 'Northwind Home', code: 'NW' });
  other = await w.api('POST', '/v1/retailers', { name: 'Sofa World', code: 'SW' });
  for (const role of ['produce', 'stock', 'dispatch'] as const) {
    stations[role] = await pairStation(w, `${role} line`, role);
  }
  // Enough older orders for a second page (50 a page), in one upload.
  const rows = Array.from({ length: 52 }, (_, i) => `OLD-${i},SW,TABLE,,1,1,,2027-06-01,`);
  const upload = await fetch(w.url('/v1/orders/upload'), {
    method: 'POST',
    headers: { authorization: `Bearer ${w.daemon.apiKey}`, 'content-type': 'text/csv' },
    body: [
      'order_no,retailer_code,sku,colour,qty,pieces_per_unit,production_date,needed_by,piece_names',
      ...rows,
    ].join('\n'),
  });
  expect(upload.status).toBe(200);
});

afterAll(async () => {
  await w?.close();
});

describe('the staff app', () => {
  it('shows an order pushed through the API, and refreshes it when a station scans it', async () => {
    const late = await pushOrder('PO-100', { needed_by: '2026-01-05' });
    const { context, page, problems } = await open(ADMIN);
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    const row = orderRow(page, 'PO-100');
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('Overdue');
    await expect.poll(() => row.textContent()).toContain('Awaiting production');

    // Pushed while the page is open: it appears by itself.
    const pushed = await pushOrder('PO-101', { needed_by: '2027-12-24' });
    await orderRow(page, 'PO-101').waitFor({ timeout: 20_000 });

    // A scan moves it on; the row updates in place, keeping the focus where it was.
    await page.getByRole('link', { name: 'PO-100', exact: true }).focus();
    await scan('produce', late.pieces[0].barcode);
    await row.getByRole('img', { name: /^1 of 3 produced/ }).waitFor({ timeout: 20_000 });
    await expect.poll(() => row.textContent()).toContain('In production');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('PO-100');
    const counts = page.getByRole('group', { name: 'Orders per status' });
    await expect
      .poll(() => counts.getByRole('button', { name: /In production/ }).textContent())
      .toMatch(/In production\s*1$/);

    await expectAccessible(page, 'orders');
    await screenshot(page, 'staff-orders');
    expect(pushed.status).toBe('awaiting_production');
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  }, 60_000);

  it('keeps every filter in the URL: filters change the rows, a bookmark restores them, pages go on', async () => {
    const { context, page, problems } = await open(ADMIN);
    await orderRow(page, 'PO-100').waitFor();

    await page.getByLabel('Status', { exact: true }).selectOption('in_production');
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('in_production');
    await expect.poll(() => page.getByRole('row').count()).toBe(2); // the header and PO-100
    await orderRow(page, 'PO-100').waitFor();

    // A bookmark of this view shows the same rows.
    await page.goto(page.url());
    await orderRow(page, 'PO-100').waitFor();
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('in_production');

    await page.getByLabel('Status', { exact: true }).selectOption('');
    await page.getByLabel('Retailer').selectOption(other.id);
    await expect.poll(() => new URL(page.url()).searchParams.get('retailer_id')).toBe(other.id);
    await expect.poll(() => orderRow(page, 'PO-100').count()).toBe(0);
    await orderRow(page, 'OLD-51').waitFor();

    await page.getByLabel('Retailer').selectOption('');
    await page.getByLabel('Needed before').fill('2026-12-01');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('needed_by_before'))
      .toBe('2026-12-01');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await orderRow(page, 'PO-100').waitFor();

    await page.getByLabel('Needed before').fill('');
    await page.getByLabel('Stuck').selectOption('true');
    await expect.poll(() => new URL(page.url()).searchParams.get('stuck')).toBe('true');
    await page.getByText('No orders match these filters').waitFor();
    await expectAccessible(page, 'orders, nothing matching');
    await page.getByRole('button', { name: 'clear the filters' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');

    // `/` jumps to the order number; Enter searches.
    await page.getByRole('heading', { name: 'Orders' }).click();
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe(
      'order_no',
    );
    await page.keyboard.type('PO-101');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).searchParams.get('order_no')).toBe('PO-101');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);

    const since = new Date(Date.now() - 3_600_000);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page
      .getByLabel('Updated since')
      .fill(
        `${since.getFullYear()}-${String(since.getMonth() + 1).padStart(2, '0')}-${String(since.getDate()).padStart(2, '0')}T${String(since.getHours()).padStart(2, '0')}:${String(since.getMinutes()).padStart(2, '0')}`,
      );
    await expect.poll(() => new URL(page.url()).searchParams.get('updated_since')).toMatch(/Z$/);

    // Keyset pages: 54 orders, 50 a page.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.getByRole('row').count()).toBe(51);
    const pager = page.getByRole('navigation', { name: 'Order pages' });
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('after')).toMatch(/^ord_/);
    await expect.poll(() => page.getByRole('row').count()).toBe(5);
    await pager.getByText('Page 2').waitFor();
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => page.getByRole('row').count()).toBe(51);
    expect(new URL(page.url()).searchParams.get('after')).toBeNull();
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('shows an order with its pieces and a refused scan; labels open as a PDF; a void shows the replacement; a cancel refused says why', async () => {
    const order = await pushOrder('PO-200', {
      lines: [
        {
          sku: 'SOFA-3S',
          colour: 'Grey',
          qty: 2,
          pieces_per_unit: 3,
          piece_names: ['Frame', 'Cushions', 'Legs'],
        },
        { sku: 'STOOL', colour: 'Oak', qty: 1, pieces_per_unit: 1 },
      ],
    });
    const [frame, cushions] = order.pieces;
    await scan('produce', frame.barcode);
    await scan('produce', cushions.barcode);
    const refused = await scan('produce', frame.barcode);
    expect(refused.accepted).toBe(false);
    await scan('stock', frame.barcode, 'B-12');

    const { context, page, problems } = await open(ADMIN, `/orders/${order.id}`);
    // The page's CSP lets nothing fetch a blob: the test keeps the blobs the page hands out.
    await page.addInitScript(() => {
      const blobs = new Map<string, Blob>();
      (window as unknown as { blobs: typeof blobs }).blobs = blobs;
      const create = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob: Blob) => {
        const url = create(blob);
        blobs.set(url, blob);
        return url;
      };
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Order PO-200' }).waitFor();
    await page.getByRole('table', { name: 'Line 1: SOFA-3S Grey' }).waitFor();
    await page.getByRole('table', { name: 'Line 2: STOOL Oak' }).waitFor();
    await page
      .getByRole('button', { name: `Unit 1 · Frame: ${frame.barcode} In stock · bay B-12` })
      .waitFor();
    await page
      .getByRole('button', { name: `Unit 1 · Cushions: ${cushions.barcode} Produced` })
      .waitFor();
    const history = page.getByRole('list').filter({ hasText: 'Refused' });
    await history.getByText(`Refused produce scan of ${frame.barcode}: already produced`).waitFor();
    await expectAccessible(page, 'order detail');
    await screenshot(page, 'staff-order-detail');

    // Labels: the PDF opens in a new tab.
    await page.getByRole('button', { name: 'Print labels' }).click();
    const dialog = page.getByRole('dialog', { name: 'Print labels for PO-200' });
    await expectAccessible(page, 'labels dialog');
    const [tab, pdf] = await Promise.all([
      context.waitForEvent('page'),
      page.waitForResponse((r) => new URL(r.url()).pathname === `/v1/orders/${order.id}/labels`),
      dialog.getByRole('button', { name: 'Open PDF' }).click(),
    ]);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    // The tab opened at the click is shown the file, which the page holds as a blob.
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    const head = await page.evaluate(async (url) => {
      const blob = (window as unknown as { blobs: Map<string, Blob> }).blobs.get(url)!;
      const bytes = new Uint8Array(await blob.slice(0, 5).arrayBuffer());
      return `${blob.type} ${String.fromCharCode(...bytes)}`;
    }, tab.url());
    expect(head).toBe('application/pdf %PDF-');
    await tab.close();
    await dialog.waitFor({ state: 'detached' });

    // ZPL, for a label printer, downloads: the never-printed ones at 300 dpi.
    await page.getByRole('button', { name: 'Print labels' }).click();
    await dialog.getByLabel('ZPL — downloads, for a Zebra label printer').check();
    await dialog.getByLabel('300 dpi').check();
    await dialog.getByLabel('All 7 pieces').check();
    const [zpl] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download ZPL' }).click(),
    ]);
    expect(zpl.suggestedFilename()).toBe('labels-PO-200-300dpi.zpl');
    const zplText = readFileSync((await zpl.path())!, 'latin1');
    expect(zplText.match(/\^XA/g)).toHaveLength(7);
    const printed = await w.api('GET', `/v1/orders/${order.id}`);
    expect(printed.pieces.every((p: Json) => p.label_printed_at !== null)).toBe(true);

    // Void a label: the replacement is shown, and the piece is marked.
    await page
      .getByRole('button', { name: `Unit 1 · Cushions: ${cushions.barcode} Produced` })
      .click();
    // Its title follows the piece's barcode, which the void changes.
    const piece = page.getByRole('dialog', { name: /^Piece / });
    await piece.getByRole('button', { name: 'Void label…' }).click();
    await piece.getByLabel('Reason (optional)').fill('Label torn');
    await piece.getByRole('button', { name: 'Void this label' }).click();
    const voided = piece.getByRole('status').filter({ hasText: 'new barcode is' });
    await voided.waitFor();
    const after = await w.api('GET', `/v1/orders/${order.id}`);
    const replacement = after.pieces.find((p: Json) => p.id === cushions.id).barcode;
    expect(replacement).not.toBe(cushions.barcode);
    expect(await voided.textContent()).toContain(`new barcode is ${replacement}`);
    await expectAccessible(page, 'void done');
    await page.keyboard.press('Escape');
    await piece.waitFor({ state: 'detached' });
    await page
      .getByRole('button', {
        name: `Unit 1 · Cushions: ${replacement} Produced Relabelled, was ${cushions.barcode}`,
      })
      .waitFor();
    await screenshot(page, 'staff-order-detail-full', { fullPage: true });

    // Cancel: refused once a piece is dispatched, with the server's sentence.
    await scan('dispatch', frame.barcode);
    await page.getByRole('button', { name: 'Cancel order…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel order PO-200?' });
    await confirm.getByRole('button', { name: 'Cancel the order' }).click();
    await confirm
      .getByRole('alert')
      .filter({ hasText: 'cannot be cancelled: pieces have been dispatched' })
      .waitFor();
    await confirm.getByRole('button', { name: 'Close', exact: true }).last().click();
    expect((await w.api('GET', `/v1/orders/${order.id}`)).status).not.toBe('cancelled');

    // Part of it has left: stuck at once, and the page says why (not "in stock for days").
    const header = page.locator('.status-cell').first();
    await expect.poll(() => header.textContent(), { timeout: 20_000 }).toContain('Part dispatched');
    expect(await header.textContent()).toContain('Stuck: Part dispatched');
    await page.getByText(/\d{2}:\d{2} by key “.+”/).waitFor();
    await screenshot(page, 'staff-order-stuck-reason');

    // An order nothing has left yet is cancelled after a confirmation.
    const spare = await pushOrder('PO-201');
    await page.goto(w.url(`/orders/${spare.id}`));
    await page.getByRole('button', { name: 'Cancel order…' }).click();
    const sure = page.getByRole('dialog', { name: 'Cancel order PO-201?' });
    await sure.getByRole('button', { name: 'Cancel the order' }).click();
    await sure.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await w.api('GET', `/v1/orders/${spare.id}`)).status)
      .toBe('cancelled');
    await page.getByText('Cancelled', { exact: true }).first().waitFor();

    // An order in stock, produced nine days ago (the server's clock is real; its database is
    // not sacred): stuck for the other reason, which the board words differently.
    const idle = await pushOrder('PO-202', {
      lines: [{ sku: 'STOOL', colour: 'Oak', qty: 1, pieces_per_unit: 1 }],
    });
    await scan('produce', idle.pieces[0].barcode);
    await scan('stock', idle.pieces[0].barcode, 'B-3');
    const db = new Database(join(w.daemon.dataDir, 'factoryd.db'));
    db.prepare('update orders set produced_at = ? where id = ?').run(
      new Date(Date.now() - 9.5 * 86_400_000).toISOString(),
      idle.id,
    );
    db.close();

    // The board: each row says why it is stuck; the Stuck tile narrows by reason.
    await page.goto(w.url('/'));
    await expect
      .poll(() => orderRow(page, 'PO-202').textContent())
      .toContain('Produced 9 days ago, not dispatched');
    await screenshot(page, 'staff-orders-stuck-reasons');
    const counts = page.getByRole('group', { name: 'Orders per status' });
    await counts.getByRole('button', { name: /⚠ Stuck/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('stuck')).toBe('true');
    await counts.getByRole('button', { name: /Stuck: part dispatched/ }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('stuck_reason'))
      .toBe('partially_dispatched');
    await expect.poll(() => page.getByLabel('Stuck').inputValue()).toBe('partially_dispatched');
    await expect.poll(() => orderRow(page, 'PO-200').textContent()).toContain('Part dispatched');
    await expectAccessible(page, 'orders, stuck by reason');
    await screenshot(page, 'staff-orders-stuck-reason');
    await page.getByLabel('Stuck').selectOption('waiting_since');
    await page.getByText('No orders match these filters').waitFor();
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  }, 60_000);

  it('creates an order from the form, showing the server’s message next to the field', async () => {
    const { context, page, problems } = await open(ADMIN, '/orders/new');
    await page.getByRole('heading', { name: 'New order' }).waitFor();
    await expectAccessible(page, 'new order');
    await page.getByLabel('Order number').fill('PO-300');
    await page.getByLabel('Retailer').selectOption(retailer.id);
    await page.getByLabel('SKU (line 1)').fill('SOFA-2S');
    await page.getByLabel('Pieces per unit (line 1)').fill('2');
    await page.getByLabel('Piece names (line 1)').fill('Frame');
    await page.getByRole('button', { name: 'Add a line' }).click();
    await page.getByLabel('SKU (line 2)').fill('OTTOMAN');
    await page.getByRole('button', { name: 'Add a line' }).click();
    await page.getByRole('button', { name: 'Remove line 3' }).click();
    expect(await page.getByLabel('SKU (line 3)').count()).toBe(0);
    await page.getByRole('button', { name: 'Create order' }).click();

    // Two pieces per unit but one name: the server says so at the field.
    const names = page.getByLabel('Piece names (line 1)');
    await expect.poll(() => names.getAttribute('aria-invalid')).toBe('true');
    const described = await names.getAttribute('aria-describedby');
    const message = await page.locator(`[id="${described!.split(' ').pop()}"]`).textContent();
    // In the form's own words: the input's label, not the API's `lines.0.piece_names`.
    expect(message).toBe('Piece names (line 1) must name each of the 2 pieces of a unit.');

    // Names are separated by | as in the CSV upload, so a name may hold a comma.
    await names.fill('Frame, oak | Cushions');
    // Every input of a line starts at the same height, even where a label wraps.
    const tops = await page
      .getByRole('group', { name: 'Line 1' })
      .locator('input')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size, `tops ${tops.join(', ')}`).toBe(1);
    await screenshot(page, 'staff-new-order');
    await page.getByRole('button', { name: 'Create order' }).click();
    await page.getByRole('heading', { name: 'Order PO-300' }).waitFor();
    await page.getByRole('table', { name: 'Line 2: OTTOMAN' }).waitFor();
    // Made with the form: the order says who made it, not "(API)".
    await page.getByText(/\d{2}:\d{2} by Ada Admin \(staff\)$/).waitFor();

    // The same number again for the same retailer: 409, next to the order number.
    await page.goto(w.url('/orders/new'));
    await page.getByLabel('Order number').fill('PO-300');
    await page.getByLabel('Retailer').selectOption(retailer.id);
    await page.getByLabel('SKU (line 1)').fill('SOFA-2S');
    await page.getByRole('button', { name: 'Create order' }).click();
    await page.getByText('Retailer NW already has an order numbered PO-300.').waitFor();
    expect(await page.getByLabel('Order number').getAttribute('aria-invalid')).toBe('true');
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('checks a CSV upload first: row errors in a table, then a good file imports', async () => {
    const { context, page, problems } = await open(ADMIN, '/orders/upload');
    const header =
      'order_no,retailer_code,sku,colour,qty,pieces_per_unit,production_date,needed_by,piece_names';
    await page.getByLabel('CSV file').setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [header, 'CSV-1,NW,SOFA,Grey,0,2,,,', 'CSV-2,NOPE,SOFA,Grey,1,1,,,'].join('\n'),
      ),
    });
    await page.getByText('bad.csv cannot be imported').waitFor();
    const problemsTable = page.getByRole('table', { name: 'Problems in the file' });
    await problemsTable.getByRole('row').nth(2).waitFor();
    expect(await problemsTable.getByRole('row').count()).toBe(3);
    expect(await problemsTable.textContent()).toContain('qty');
    expect(await problemsTable.textContent()).toContain('retailer_code');
    await expectAccessible(page, 'upload with errors');
    await screenshot(page, 'staff-upload-errors');
    expect((await w.api('GET', '/v1/orders?order_no=CSV-1&limit=1')).data).toEqual([]);

    await page.getByLabel('CSV file').setInputFiles({
      name: 'good.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          header,
          'CSV-1,NW,SOFA,Grey,2,2,,2027-01-10,Frame|Cushions',
          'CSV-1,NW,STOOL,Oak,1,1,,2027-01-10,',
          'CSV-2,SW,TABLE,,1,1,,,',
        ].join('\n'),
      ),
    });
    await page.getByRole('heading', { name: '2 orders will be created' }).waitFor();
    expect((await w.api('GET', '/v1/orders?order_no=CSV-1&limit=1')).data).toEqual([]);
    await page.getByRole('button', { name: 'Import 2 orders' }).click();
    await page.getByText('Imported 2 orders from good.csv.').waitFor();
    const imported = (await w.api('GET', '/v1/orders?order_no=CSV-1&limit=1')).data;
    expect(imported).toHaveLength(1);
    expect(imported[0]).toMatchObject({ source: 'upload', pieces_total: 5 });
    await page.getByRole('link', { name: 'CSV-1' }).click();
    await page.getByRole('heading', { name: 'Order CSV-1' }).waitFor();
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('pairs a station from the web while a device pairs with the code shown, then manages it', async () => {
    const { context, page, problems } = await open(ADMIN, '/stations');
    await page.getByRole('heading', { name: 'Stations' }).waitFor();
    await expectAccessible(page, 'stations');
    await screenshot(page, 'staff-stations');
    await page.getByRole('button', { name: 'Pair a new station' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pair a new station' });
    await dialog.getByLabel('Station name').fill('Packing line 2');
    await dialog.getByLabel('Role').selectOption('stock');
    await dialog.getByRole('button', { name: 'Get a pairing code' }).click();

    const pairing = page.getByRole('dialog', { name: 'Pair “Packing line 2”' });
    const code = (await pairing.getByRole('definition').textContent())!.trim();
    expect(code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    await pairing.getByRole('img', { name: 'QR code to pair Packing line 2' }).waitFor();
    await pairing.getByText(/Expires in \d+:\d\d/).waitFor();
    // Another station of the same name pairs first: the dialog must not take it for its own.
    const twin = await w.api('POST', '/v1/stations/pairing-codes', {
      name: 'Packing line 2',
      role: 'stock',
    });
    await ok(w.daemon.url, 'POST', '/v1/stations/pair', { body: { code: twin.code } });
    await expectAccessible(page, 'pairing dialog');
    await screenshot(page, 'staff-pairing');
    await pairing.getByText('Waiting for “Packing line 2” to pair…').waitFor();

    // The device types the code it reads on the screen.
    const device = await ok(w.daemon.url, 'POST', '/v1/stations/pair', {
      body: { code: code.toLowerCase() },
    });
    await pairing.getByText('✓ Paired: Packing line 2').waitFor({ timeout: 10_000 });
    await pairing.getByRole('link', { name: 'See the station' }).click();
    await page.getByRole('heading', { name: 'Packing line 2' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/stations/${device.id}`);

    // Its hardware check history, rename, default bay, revoke.
    await w.api('POST', `/v1/stations/${device.id}/hardware-check`, {
      input_mode: 'keyboard',
      suffix: 'enter',
      code128_ok: true,
      qr_ok: true,
      layout_ok: false,
      passed: false,
      notes: 'UK layout',
    });
    await page.reload();
    await page.getByRole('cell', { name: 'UK layout' }).waitFor();
    await page.getByLabel('Name').fill('Packing line 3');
    await page.getByLabel('Default bay').fill('B-7');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Packing line 3' }).waitFor();
    expect(await w.api('GET', `/v1/stations/${device.id}`)).toMatchObject({
      name: 'Packing line 3',
      default_location: 'B-7',
    });
    await expectAccessible(page, 'station');

    await page.getByRole('button', { name: 'Revoke…' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke Packing line 3?' })
      .getByRole('button', { name: 'Revoke the station' })
      .click();
    await page
      .getByText(/revoked/)
      .first()
      .waitFor();
    const refused = await http(w.daemon.url, 'POST', '/v1/scans', {
      token: device.token,
      body: { barcode: 'FD 0000001' },
    });
    expect(refused.status).toBe(401);
    await page.goto(w.url('/stations'));
    const list = page.getByRole('row').filter({ hasText: 'Packing line 3' });
    await list.getByText('Revoked').waitFor();
    await list.getByText('✕ Failed').waitFor();
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('records a return and restocks it at a bay', async () => {
    const order = await pushOrder('PO-400');
    const barcode = order.pieces[0].barcode;
    await scan('produce', barcode);
    await scan('dispatch', barcode);

    const { context, page, problems } = await open(SUPERVISOR, '/returns');
    await page.getByText('No open returns').waitFor();
    await expectAccessible(page, 'returns, empty');
    await page.getByLabel('Piece barcode').fill(barcode);
    await page.getByLabel('Reason (optional)').fill('Damaged in transit');
    await page.getByRole('button', { name: 'Record return' }).click();
    await page.getByText(`Return recorded for ${barcode} (order PO-400).`).waitFor();
    const row = page.getByRole('row').filter({ hasText: barcode });
    await row.getByText('Damaged in transit').waitFor();

    // A piece that was never dispatched cannot come back: the server says why.
    await page.getByLabel('Piece barcode').fill(order.pieces[1].barcode);
    await page.getByRole('button', { name: 'Record return' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /dispatched/ })
      .waitFor();

    await row.getByRole('button', { name: `Restock ${barcode}` }).click();
    const dialog = page.getByRole('dialog', { name: `Restock ${barcode}` });
    await dialog.getByLabel('Bay').fill('R-3');
    await dialog.getByRole('button', { name: 'Restock' }).click();
    await page.getByText('No open returns').waitFor();
    // The banner says what was done, not the earlier "recorded".
    await page
      .getByRole('status')
      .filter({ hasText: `${barcode} restocked at bay R-3: back in stock for order PO-400.` })
      .waitFor();
    expect(await page.getByText('Return recorded for').count()).toBe(0);
    await page.getByRole('button', { name: 'Restocked' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: barcode })
      .getByText('Restocked at bay R-3')
      .waitFor();
    const piece = (await w.api('GET', `/v1/orders/${order.id}`)).pieces[0];
    expect(piece).toMatchObject({ status: 'in_stock', location: 'R-3' });
    await expectAccessible(page, 'returns');

    // Another comes back beyond repair: written off, asking first.
    const broken = order.pieces[2].barcode;
    await scan('produce', broken);
    await scan('dispatch', broken);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page.getByLabel('Piece barcode').fill(broken);
    await page.getByRole('button', { name: 'Record return' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: broken })
      .getByRole('button', { name: `Write off ${broken}` })
      .click();
    await page
      .getByRole('dialog', { name: `Write off ${broken}?` })
      .getByRole('button', { name: 'Write it off' })
      .click();
    await page.getByText('No open returns').waitFor();
    await page.getByText(`${broken} written off; it no longer counts for order PO-400.`).waitFor();
    await page.getByRole('button', { name: 'Written off' }).click();
    await page.getByRole('row').filter({ hasText: broken }).getByText('Written off').waitFor();
    const gone = (await w.api('GET', `/v1/orders/${order.id}`)).pieces[2];
    expect(gone.status).toBe('written_off');
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('creates an API key shown once, with a copy button, and revokes it', async () => {
    const { context, page, problems } = await open(ADMIN, '/integrations/api-keys');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: w.daemon.url });
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByLabel('Name').fill('ERP integration');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'API key “ERP integration”' });
    const key = await shown.getByLabel('The new API key').inputValue();
    expect(key).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
    await shown.getByText('This is the only time it is shown').waitFor();
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await expectAccessible(page, 'API key shown once');
    await screenshot(page, 'staff-api-key-once');
    expect((await http(w.daemon.url, 'GET', '/v1/company', { token: key })).status).toBe(200);

    await shown.getByRole('button', { name: 'I have copied it' }).click();
    const row = page.getByRole('row').filter({ hasText: 'ERP integration' });
    await row.getByText(`sk_live_…${key.slice(-4)}`).waitFor();
    expect(await page.content()).not.toContain(key);
    await row.getByRole('button', { name: 'Revoke ERP integration' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke “ERP integration”?' })
      .getByRole('button', { name: 'Revoke the key' })
      .click();
    await row.getByText(/^Revoked/).waitFor();
    expect((await http(w.daemon.url, 'GET', '/v1/company', { token: key })).status).toBe(401);
    await expectAccessible(page, 'API keys');
    await screenshot(page, 'staff-api-keys');
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('adds a webhook endpoint (its secret once) and shows its deliveries; one is retried', async () => {
    const receiver = await new Receiver().listen();
    try {
      const { context, page, problems } = await open(ADMIN, '/integrations/webhooks');
      await page.getByText('No webhook endpoints').waitFor();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await dialog.getByLabel('URL').fill('ftp://nowhere.test/hook');
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await expect.poll(() => dialog.getByLabel('URL').getAttribute('aria-invalid')).toBe('true');
      await dialog.getByLabel('URL').fill(`${receiver.url}/hook`);
      await dialog.getByLabel('Description (optional)').fill('ERP');
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      const done = page.getByRole('dialog', { name: 'Endpoint added' });
      const secret = await done.getByLabel("The endpoint's signing secret").inputValue();
      await screenshot(page, 'staff-webhook-secret-once');
      expect(secret).toMatch(/^whsec_/);
      // A signing secret is kept (to sign with), unlike an API key: the warning says so.
      await done.getByText('factoryd keeps it to sign with, but never shows it again.').waitFor();
      expect(await done.getByText(/only a hash/).count()).toBe(0);
      receiver.secretFor('/hook', secret);
      await done.getByRole('button', { name: 'I have copied it' }).click();
      await page
        .getByRole('row')
        .filter({ hasText: `${receiver.url}/hook` })
        .waitFor();
      await expectAccessible(page, 'webhooks');
      await screenshot(page, 'staff-webhooks');

      // A test event: to this endpoint only, signed, through the normal delivery path.
      await page.getByRole('button', { name: `Send test event to ${receiver.url}/hook` }).click();
      await page.getByRole('status').filter({ hasText: 'A test event is on its way' }).waitFor();
      await receiver.waitFor((r) => r.acknowledged.some((x) => x.json.type === 'webhook.test'));
      const test = receiver.received.find((x) => x.json.type === 'webhook.test')!;
      expect(test.verified).toBe(true);
      await page.getByRole('link', { name: 'See its delivery' }).click();
      const testRow = page.getByRole('row').filter({ hasText: 'webhook.test' });
      await testRow.getByText('Succeeded').waitFor({ timeout: 15_000 });
      await testRow.getByRole('button', { name: /^webhook.test: open the delivery of / }).click();
      const opened = page.getByRole('dialog', { name: 'Delivery of webhook.test' });
      await opened.getByText(/^HTTP 200 in \d+ ms$/).waitFor();
      const payload = JSON.parse((await opened.getByLabel('Payload').textContent())!);
      expect(payload).toEqual(test.json);
      await expectAccessible(page, 'delivery opened');
      await screenshot(page, 'staff-delivery-opened');
      await opened.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('link', { name: 'Webhooks' }).click();

      // An event: its delivery is sent, signed, and shown.
      await pushOrder('PO-500');
      await receiver.waitFor((r) => r.acknowledged.some((x) => x.json.type === 'order.created'));
      expect(receiver.received.every((r) => r.verified)).toBe(true);
      await page.getByRole('link', { name: 'Deliveries' }).first().click();
      const delivery = page.getByRole('row').filter({ hasText: 'order.created' });
      await delivery.getByText('Succeeded').waitFor({ timeout: 15_000 });
      await delivery.getByText(/^HTTP 200/).waitFor();
      await expectAccessible(page, 'deliveries');
      await screenshot(page, 'staff-deliveries');
      await delivery.getByRole('button', { name: /^Retry delivery of order.created/ }).click();
      await receiver.waitFor(
        (r) => r.acknowledged.filter((x) => x.json.type === 'order.created').length === 2,
      );
      await delivery.getByRole('cell', { name: '2', exact: true }).waitFor({ timeout: 15_000 });

      // Disable, then delete, asking first.
      await page.getByRole('link', { name: 'Webhooks' }).click();
      const row = page.getByRole('row').filter({ hasText: `${receiver.url}/hook` });
      // Edit: only some events from now on.
      await row.getByRole('button', { name: `Edit ${receiver.url}/hook` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit endpoint' });
      await edit.getByLabel('All events, including ones added later').uncheck();
      await edit.getByLabel('order.cancelled').check();
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'detached' });
      await row.getByRole('cell', { name: 'order.cancelled', exact: true }).waitFor();
      const [saved] = (await w.api('GET', '/v1/webhooks')).data;
      expect(saved.events).toEqual(['order.cancelled']);

      await row.getByRole('button', { name: 'Disable' }).click();
      await row.getByText('Disabled').waitFor();
      await row.getByRole('button', { name: `Delete ${receiver.url}/hook` }).click();
      await page
        .getByRole('dialog', { name: 'Delete this endpoint?' })
        .getByRole('button', { name: 'Delete endpoint' })
        .click();
      await page.getByText('No webhook endpoints').waitFor();
      expect(problems).toEqual({ errors: [], cspViolations: [] });
      await context.close();
    } finally {
      await receiver.close();
    }
  });

  it('manages retailers and their users (the last owner stays), staff, settings, company and plans', async () => {
    const { context, page, problems } = await open(ADMIN, '/retailers');
    await page.getByRole('link', { name: 'Northwind Home' }).click();
    await page.getByRole('heading', { name: 'Northwind Home' }).waitFor();
    await page.getByText('No portal users yet').waitFor();
    await page.getByRole('button', { name: 'Add a user' }).click();
    const add = page.getByRole('dialog', { name: 'Add a user to Northwind Home' });
    await add.getByLabel('Name').fill('Olive Owner');
    await add.getByLabel('Email').fill('olive@northwind.test');
    // The first user is offered as an owner, as the hint says.
    expect(await add.getByLabel('Role').inputValue()).toBe('owner');
    await add.getByText('The first user should be an owner').waitFor();
    await add.getByRole('button', { name: 'Add user' }).click();
    await page.getByRole('row').filter({ hasText: 'Olive Owner' }).waitFor();
    await page.getByRole('button', { name: 'Add a user' }).click();
    expect(await add.getByLabel('Role').inputValue()).toBe('buyer');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await page.getByLabel('Role of Olive Owner').selectOption('buyer');
    await page
      .getByText('This is the last owner of the retailer: make another user owner first.')
      .waitFor();
    await expect.poll(() => page.getByLabel('Role of Olive Owner').inputValue()).toBe('owner');
    await expectAccessible(page, 'retailer');

    await page.getByRole('link', { name: 'Factory' }).click();
    await page.getByLabel('Time zone').fill('Mars/Olympus');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => page.getByLabel('Time zone').getAttribute('aria-invalid')).toBe('true');
    // The server's sentence names the field as the form does.
    await page.getByText('Time zone must be an IANA time zone such as Europe/London.').waitFor();
    await page.getByLabel('Time zone').fill('Europe/London');
    await page.getByLabel('Stuck after (days)').fill('5');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    expect((await w.api('GET', '/v1/settings')).stuck_after_days).toBe(5);
    // The label size is shown as fixed, with the reason, not as a box to type in.
    const size = page.getByLabel('Label size');
    expect(await size.getAttribute('readonly')).not.toBeNull();
    await page.getByText('Fixed, not a setting').waitFor();
    await expectAccessible(page, 'settings');
    await screenshot(page, 'staff-settings', { fullPage: true });

    await page.getByRole('link', { name: 'Company' }).click();
    await page.getByLabel('Legal name').fill('Acme Furniture Ltd');
    // Nobody has given the owner's name yet: the page does not make one up.
    expect(await page.getByLabel('Your name').inputValue()).toBe('');
    await page.getByLabel('Your name').fill('Olive Owner');
    await page.getByLabel('Postcode').fill('LS1 4AB');
    await page.getByRole('button', { name: 'Save company details' }).click();
    await page.getByText('Company details saved.').waitFor();
    expect((await w.api('GET', '/v1/company')).address.postcode).toBe('LS1 4AB');
    await expectAccessible(page, 'company');

    await page.getByRole('link', { name: 'Plans' }).click();
    const plans = (await w.api('GET', '/v1/plans')).data;
    const first = plans[0];
    const pounds = `£${(first.monthly_price_pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`;
    await page.getByRole('article', { name: first.name }).getByText(pounds).waitFor();
    await page.getByText('excluding VAT').first().waitFor();
    await page.getByText('This is the price list, not a plan this installation is on.').waitFor();
    await expectAccessible(page, 'plans');
    await screenshot(page, 'staff-plans');

    await page.getByRole('link', { name: 'Staff users' }).click();
    await page.getByRole('button', { name: 'Add a staff user' }).click();
    const staff = page.getByRole('dialog', { name: 'Add a staff user' });
    await staff.getByLabel('Name').fill('Pat Night');
    await staff.getByLabel('Email').fill('pat@factory.test');
    await staff.getByLabel('Password').fill('short');
    await staff.getByRole('button', { name: 'Add staff user' }).click();
    await expect.poll(() => staff.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    await staff.getByLabel('Password').fill('a much longer password');
    await staff.getByRole('button', { name: 'Add staff user' }).click();
    await page.getByRole('row').filter({ hasText: 'Pat Night' }).waitFor();
    await expectAccessible(page, 'staff users');
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('sends a portal user a set-password link; the owner then manages passwords in the portal', async () => {
    const users = `/v1/retailers/${other.id}/users`;
    const owner = await w.api('POST', users, {
      email: 'omar@sofaworld.test',
      name: 'Omar Owner',
      role: 'owner',
    });
    const buyer = await w.api('POST', users, {
      email: 'bo@sofaworld.test',
      name: 'Bo Buyer',
      role: 'buyer',
      password: 'the first password',
    });
    const { context, page, problems } = await open(ADMIN, `/retailers/${other.id}`);
    await page
      .getByRole('row')
      .filter({ hasText: 'Omar Owner' })
      .getByText('No password set')
      .waitFor();
    await page.getByRole('button', { name: 'Password for Omar Owner' }).click();
    const dialog = page.getByRole('dialog', { name: 'Password for Omar Owner' });
    await dialog.getByRole('button', { name: 'Make link' }).click();
    const url = await dialog.getByLabel('The set-password link').inputValue();
    expect(url).toMatch(new RegExp(`^${w.url('/portal/set-password')}#token=rpw_[0-9A-Za-z]{32}$`));
    await dialog.getByText('factoryd keeps only a hash of it.').waitFor();
    await expectAccessible(page, 'set-password link shown once');
    await screenshot(page, 'staff-password-link');
    await dialog.getByRole('button', { name: 'I have copied it' }).click();

    // Omar opens the link, signed out, and chooses a password; then signs in to the portal.
    const portal = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    await portal.page.goto(url);
    await portal.page.getByRole('heading', { name: 'Choose your portal password' }).waitFor();
    await portal.page.getByLabel('New password', { exact: true }).fill('omar portal password');
    await portal.page.getByLabel('New password again').fill('omar portal password');
    await expectAccessible(portal.page, 'set password');
    await portal.page.getByRole('button', { name: 'Set password' }).click();
    await portal.page.getByText('Your password is set. Sign in with omar@sofaworld.test').waitFor();
    expect(portal.page.url()).toBe(w.url('/portal/set-password'));
    await screenshot(portal.page, 'portal-password-set');
    // The link worked once.
    const again = await http(w.daemon.url, 'POST', '/v1/portal/auth/set-password', {
      token: null,
      body: { token: url.split('#token=')[1], password: 'another password 1' },
    });
    expect(again.status).toBe(400);

    await portal.page.getByRole('link', { name: 'Sign in' }).click();
    await portal.page.getByLabel('Email').fill('omar@sofaworld.test');
    await portal.page.getByLabel('Password').fill('omar portal password');
    await portal.page.getByRole('button', { name: 'Sign in' }).click();
    await portal.page.getByRole('link', { name: 'Users' }).click();
    const table = portal.page.getByRole('table', { name: 'Users' });
    await table.getByRole('row').filter({ hasText: 'Bo Buyer' }).waitFor();
    await expectAccessible(portal.page, 'portal users');
    await screenshot(portal.page, 'portal-users');

    // The owner makes Bo a link too; Bo's old password and session end when Bo uses it.
    const bo = await ok(w.daemon.url, 'POST', '/v1/portal/auth/login', {
      token: null,
      body: { email: 'bo@sofaworld.test', password: 'the first password' },
    });
    await portal.page.getByRole('button', { name: 'Password for Bo Buyer' }).click();
    const boDialog = portal.page.getByRole('dialog', { name: 'Password for Bo Buyer' });
    await boDialog.getByRole('button', { name: 'Make link' }).click();
    const boUrl = await boDialog.getByLabel('The set-password link').inputValue();
    await screenshot(portal.page, 'portal-password-link');
    await boDialog.getByRole('button', { name: 'I have copied it' }).click();
    const boPage = await openPage(w.browser, { viewport: VIEWPORTS.phone });
    await boPage.page.goto(boUrl);
    await boPage.page.getByLabel('New password', { exact: true }).fill('bo second password');
    await boPage.page.getByLabel('New password again').fill('bo second password');
    await boPage.page.getByRole('button', { name: 'Set password' }).click();
    await boPage.page.getByText('Your password is set.').waitFor();
    const oldSession = await http(w.daemon.url, 'GET', '/v1/portal/auth/me', { token: bo.token });
    expect(oldSession.status).toBe(401);
    expect(
      (
        await http(w.daemon.url, 'POST', '/v1/portal/auth/login', {
          token: null,
          body: { email: 'bo@sofaworld.test', password: 'bo second password' },
        })
      ).status,
    ).toBe(200);

    expect(buyer.has_password && !owner.has_password).toBe(true);
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    expect(portal.problems).toEqual({ errors: [], cspViolations: [] });
    await Promise.all([context.close(), portal.context.close(), boPage.context.close()]);
  });

  it('offers a supervisor only what a supervisor may do', async () => {
    const order = await pushOrder('PO-600');
    const { context, page, problems } = await open(SUPERVISOR);
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Stations' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Integrations' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'New order' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Upload CSV' }).count()).toBe(0);
    await expectAccessible(page, 'orders (supervisor)');

    // Not offered key creation, even by address.
    await page.goto(w.url('/integrations/api-keys'));
    await page.getByRole('heading', { name: 'Not available to you' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create API key' }).count()).toBe(0);
    await page.goto(w.url('/orders/new'));
    await page.getByRole('heading', { name: 'Not available to you' }).waitFor();

    // An order: print and void yes, cancel no.
    await page.goto(w.url(`/orders/${order.id}`));
    await page.getByRole('button', { name: 'Print labels' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel order…' }).count()).toBe(0);
    await page.getByRole('button', { name: /^Unit 1 · Frame/ }).click();
    await page.getByRole('button', { name: 'Void label…' }).waitFor();
    await page.keyboard.press('Escape');

    // Settings readable, not editable; company and staff not offered.
    await page.goto(w.url('/factory/settings'));
    await page.getByText('Only an admin can change settings').waitFor();
    expect(await page.getByLabel('Time zone').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
    const tabs = page.getByRole('navigation', { name: 'Factory pages' });
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['Settings', 'Plans']);
    await expectAccessible(page, 'settings (supervisor)');

    // Stations: pairing yes, revoking no.
    await page.goto(w.url(`/stations/${stations.produce.id}`));
    await page.getByRole('heading', { name: 'produce line' }).waitFor();
    expect(await page.getByRole('button', { name: 'Revoke…' }).count()).toBe(0);
    expect(await page.getByLabel('Default bay').count()).toBe(0);
    await page.goto(w.url('/stations'));
    await page.getByRole('button', { name: 'Pair a new station' }).waitFor();

    // A retailer's users are an admin's business.
    await page.goto(w.url(`/retailers/${retailer.id}`));
    await page.getByText("Only an admin can see and manage a retailer's portal users.").waitFor();
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('returns to sign-in on a 401, then to the page that was open', async () => {
    const { context, page } = await open(SUPERVISOR, '/returns');
    await page.getByRole('heading', { name: 'Returns' }).waitFor();
    // The session ends elsewhere (an admin sets a new password, say): the next request is 401.
    const session = await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('factoryd.staff')!),
    );
    await ok(w.daemon.url, 'POST', '/v1/auth/logout', { token: session.token });
    await page.getByRole('button', { name: 'Restocked' }).click();
    await page.getByText('Your session has ended. Sign in again.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/returns');
    await page.getByLabel('Email').fill(SUPERVISOR);
    await page.getByLabel('Password').fill(STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Returns' }).waitFor();
    await context.close();
  });

  it('is usable by keyboard, and on a tablet', async () => {
    const { context, page } = await open(ADMIN, '/stations', VIEWPORTS.tablet);
    await page.getByRole('heading', { name: 'Stations' }).waitFor();
    // Esc closes a dialog and gives the focus back to what opened it.
    const opener = page.getByRole('button', { name: 'Pair a new station' });
    await opener.click();
    await page.getByRole('dialog', { name: 'Pair a new station' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Pair a new station',
    );
    // Focus is visible.
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement!).outlineStyle,
    );
    expect(outline).not.toBe('none');
    // Nothing sticks out sideways at 1024 × 768: the page itself never scrolls horizontally.
    for (const path of [
      '/',
      '/stations',
      '/returns',
      '/factory/company',
      '/integrations/deliveries',
    ]) {
      await page.goto(w.url(path));
      await page.getByRole('heading').first().waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await context.close();
  });

  it('makes the first admin of a new install from the API key, in the browser', async () => {
    const { context, page, problems } = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    await page.goto(w.url('/'));
    await page.getByRole('link', { name: 'Create the first admin' }).click();
    await page.getByRole('heading', { name: 'Create the first admin' }).waitFor();
    await expectAccessible(page, 'setup');
    await page.getByLabel('API key').fill('sk_live_not_a_real_key_at_all_000');
    await page.getByLabel('Factory name').fill('Acme Upholstery');
    await page.getByLabel('Your name').fill('Ian IT');
    await page.getByLabel('Email').fill('ian@factory.test');
    await page.getByLabel('Password').fill('first admin password');
    await screenshot(page, 'staff-setup');
    await page.getByRole('button', { name: 'Create admin and sign in' }).click();
    await page.getByText('That API key is not valid.').waitFor();
    await page.getByLabel('API key').fill(w.daemon.apiKey);
    await page.getByRole('button', { name: 'Create admin and sign in' }).click();
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await page.getByText('Ian IT (admin)').waitFor();
    // The factory is named, as the portal and the staff app show it.
    expect((await w.api('GET', '/v1/company')).company).toBe('Acme Upholstery');
    // The key was used once and kept nowhere in the browser.
    const stored = await page.evaluate(() =>
      JSON.stringify({ ...sessionStorage, ...localStorage }),
    );
    expect(stored).not.toContain(w.daemon.apiKey);
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });
});
