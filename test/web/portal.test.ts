// The retailer portal in a real Chromium against a real factoryd: a retailer's user sees their
// own orders only, filters and pages them (kept in the URL), opens one, exports the list as CSV,
// meets "not found" for another retailer's order, and is signed out once disabled or removed.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, axeViolations, openPage, screenshot } from '../helpers/browser.js';
import { ok, startWebHarness, type Json, type WebHarness } from '../helpers/web.js';

const PASSWORD = 'portal password 42';
let w: WebHarness;
const users: Record<'rita' | 'vic' | 'rem', string> = { rita: '', vic: '', rem: '' };
let northwind: string;
let sofaOrder: Json;
let theirs: Json;

/** The Northwind orders the list shows, newest first. */
const northwindNumbers: string[] = [];

async function pair(role: 'produce' | 'stock' | 'dispatch'): Promise<string> {
  const { code } = await w.api('POST', '/v1/stations/pairing-codes', {
    name: `Line 4 ${role}`,
    role,
  });
  return (await ok(w.daemon.url, 'POST', '/v1/stations/pair', { body: { code } })).token;
}

async function scan(token: string, barcode: string, location?: string): Promise<void> {
  const answer = await ok(w.daemon.url, 'POST', '/v1/scans', {
    token,
    body: { barcode, ...(location ? { location } : {}) },
  });
  expect(answer.accepted, answer.message).toBe(true);
}

async function addUser(retailer: string, email: string, name: string, role: string) {
  const user = await w.api('POST', `/v1/retailers/${retailer}/users`, {
    email,
    name,
    role,
    password: PASSWORD,
  });
  return user.id as string;
}

beforeAll(async () => {
  w = await startWebHarness();
  await w.api('PATCH', '/v1/company', {
    company: 'Acme Upholstery',
    name: 'Acme Upholstery',
    legal_name: 'Acme Upholstery Ltd',
  });
  northwind = (await w.api('POST', '/v1/retailers', { name: 'Northwind Home', code: 'NW' })).id;
  const southbank = (await w.api('POST', '/v1/retailers', { name: 'Southbank Living', code: 'SB' }))
    .id;

  // 27 small Northwind orders in one upload (more than a page), and Southbank's own.
  const rows = ['order_no,retailer_code,sku,colour,qty,pieces_per_unit,needed_by'];
  for (let i = 1; i <= 27; i++) {
    rows.push(
      `PO-${1000 + i},NW,CHAIR-OAK,,${1 + (i % 4)},1,2026-12-${String(i).padStart(2, '0')}`,
    );
  }
  rows.push('SB-3001,SB,TABLE,Walnut,1,2,2026-12-20', 'SB-3002,SB,LAMP,,2,1,');
  const res = await fetch(new URL('/v1/orders/upload', w.daemon.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${w.daemon.apiKey}`, 'content-type': 'text/csv' },
    body: rows.join('\n'),
  });
  expect(res.status, await res.clone().text()).toBe(200);

  sofaOrder = await w.api('POST', '/v1/orders', {
    order_no: 'PO-2040',
    retailer_id: northwind,
    production_date: '2026-11-30',
    needed_by: '2026-12-15',
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
  theirs = (await w.api('GET', '/v1/orders?order_no=SB-3001')).data[0];

  // The floor at work: the sofas are made, three pieces are in stock at a bay, two dispatched;
  // one small order has left the factory.
  const [produce, stock, dispatch] = [
    await pair('produce'),
    await pair('stock'),
    await pair('dispatch'),
  ];
  const sofa = (sofaOrder.pieces as { barcode: string }[]).slice(0, 6).map((p) => p.barcode);
  for (const barcode of sofa) await scan(produce, barcode);
  for (const barcode of sofa.slice(0, 3)) await scan(stock, barcode, 'BAY-A3');
  for (const barcode of sofa.slice(3, 5)) await scan(dispatch, barcode);
  const small = (await w.api('GET', '/v1/orders?order_no=PO-1027')).data[0];
  const smallPieces = (await w.api('GET', `/v1/orders/${small.id}`)).pieces as Json[];
  for (const piece of smallPieces) {
    await scan(produce, piece.barcode);
    await scan(dispatch, piece.barcode);
  }

  const list = await ok(w.daemon.url, 'GET', '/v1/orders?limit=100', { token: w.daemon.apiKey });
  for (const o of list.data) if (o.retailer_id === northwind) northwindNumbers.push(o.order_no);

  await addUser(northwind, 'olga@northwind.test', 'Olga Owner', 'owner');
  users.rita = await addUser(northwind, 'rita@northwind.test', 'Rita Buyer', 'buyer');
  users.vic = await addUser(northwind, 'vic@northwind.test', 'Vic Viewer', 'viewer');
  users.rem = await addUser(northwind, 'rem@northwind.test', 'Rem Accounts', 'accounts');
  await addUser(southbank, 'sam@southbank.test', 'Sam South', 'owner');
});

afterAll(async () => {
  await w?.close();
});

async function signIn(page: Page, email: string, path = '/portal'): Promise<void> {
  await page.goto(w.url(path));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** The order numbers in the list as shown. */
const shownNumbers = (page: Page) =>
  page.getByRole('table').getByRole('rowheader').getByRole('link').allTextContents();

describe('the retailer portal', () => {
  it('signs a buyer in and lists only their retailer’s orders, filtered and paged in the URL', async () => {
    const { context, page, problems } = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    await page.goto(w.url('/portal'));
    await page.getByRole('heading', { name: 'Retailer portal sign-in' }).waitFor();
    await signIn(page, 'rita@northwind.test');

    const header = page.getByRole('banner');
    await expect.poll(() => header.textContent()).toContain('Acme Upholstery');
    expect(await header.textContent()).toContain('Rita Buyer, Northwind Home');
    await page.getByRole('heading', { name: 'My orders' }).waitFor();
    await page.getByRole('link', { name: 'PO-2040' }).waitFor();

    // Newest first, 25 to a page; nothing of Southbank's anywhere.
    expect(northwindNumbers).toHaveLength(28);
    expect(await shownNumbers(page)).toEqual(northwindNumbers.slice(0, 25));
    expect(await page.locator('main').textContent()).not.toContain('SB-');
    const sofaRow = page.getByRole('row').filter({ hasText: 'PO-2040' });
    expect(await sofaRow.textContent()).toContain('Partly dispatched');
    expect(await sofaRow.getByRole('progressbar', { name: 'Made 6 of 7' }).count()).toBe(1);
    expect(await sofaRow.getByRole('progressbar', { name: 'Dispatched 2 of 7' }).count()).toBe(1);
    const shipped = page.getByRole('row').filter({ hasText: 'PO-1027' });
    expect(await shipped.getByRole('cell').first().textContent()).toBe('Dispatched');
    expect(await shipped.getByRole('cell').last().textContent()).toMatch(/^\d{1,2} \w{3} \d{4}$/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'portal-orders-desktop');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2').waitFor();
    expect(page.url()).toContain('after=');
    await expect.poll(() => shownNumbers(page)).toEqual(northwindNumbers.slice(25));
    await page.reload();
    await expect.poll(() => shownNumbers(page)).toEqual(northwindNumbers.slice(25));
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => shownNumbers(page)).toEqual(northwindNumbers.slice(0, 25));

    await page.getByLabel('Status').selectOption({ label: 'Partly dispatched' });
    await expect.poll(() => shownNumbers(page)).toEqual(['PO-2040']);
    expect(new URL(page.url()).search).toBe('?status=partially_dispatched');
    await page.getByLabel('Status').selectOption({ label: 'All orders' });
    await page.getByLabel('Order number').fill('po-100');
    await page.getByLabel('Order number').press('Enter');
    const nine = Array.from({ length: 9 }, (_, i) => `PO-${1009 - i}`);
    await expect.poll(() => shownNumbers(page)).toEqual(nine);
    expect(new URL(page.url()).searchParams.get('q')).toBe('po-100');
    // The URL is the list: a reload, or the link sent to a colleague, shows the same.
    await page.reload();
    await expect.poll(() => shownNumbers(page)).toEqual(nine);
    expect(await page.getByLabel('Order number').inputValue()).toBe('po-100');
    await page.getByLabel('Order number').fill('SB-3001');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No orders match').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('opens an order: lines, progress, dates and pieces, and none of the floor’s internals', async () => {
    const { context, page, problems } = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    await signIn(page, 'rita@northwind.test', '/portal?status=partially_dispatched');
    await page.getByRole('link', { name: 'PO-2040' }).click();
    await page.getByRole('heading', { name: 'Order PO-2040' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/portal/orders/${sofaOrder.id}`);

    const main = page.locator('main');
    expect(await main.getByText('Partly dispatched').first().isVisible()).toBe(true);
    const progress = page.getByRole('region', { name: 'Progress' });
    for (const name of ['Made 6 of 7', 'Ready to dispatch 3 of 7', 'Dispatched 2 of 7']) {
      expect(await progress.getByRole('progressbar', { name }).count(), name).toBe(1);
    }
    const states = await progress.getByRole('group', { name: 'Pieces by state' }).textContent();
    expect(states).toBe('1 Not made yet1 Made3 Ready to dispatch2 Dispatched');

    const dates = page.getByRole('region', { name: 'Dates' });
    expect(await dates.textContent()).toMatch(/Needed by15 Dec 2026/);
    expect(await dates.textContent()).toMatch(/All dispatchedNot yet/);

    const lines = page.getByRole('list', { name: 'Lines' }).getByRole('listitem');
    expect(await lines.count()).toBe(2);
    const sofa = lines.filter({ hasText: 'SOFA-3S Grey' });
    expect(await sofa.textContent()).toContain('× 2, 3 pieces each');
    expect(await sofa.getByRole('progressbar', { name: 'Dispatched 2 of 6' }).count()).toBe(1);
    expect(
      await sofa.getByRole('group', { name: 'Pieces of SOFA-3S Grey by state' }).textContent(),
    ).toBe('1 Made3 Ready to dispatch2 Dispatched');
    const stool = lines.filter({ hasText: 'STOOL Oak' });
    expect(await stool.textContent()).toContain('Order received');
    expect(await stool.textContent()).toContain('1 Not made yet');

    await sofa.getByText('Show the 6 pieces').click();
    const pieces = sofa.getByRole('table', { name: 'Pieces of SOFA-3S Grey' });
    await pieces.waitFor();
    expect(await pieces.getByRole('row').count()).toBe(7);
    expect(await pieces.textContent()).toContain('Cushions');
    // Station names, bays and scans stay in the factory.
    const text = (await main.textContent()) ?? '';
    expect(text).not.toContain('Line 4');
    expect(text).not.toContain('BAY-A3');
    expect(text.toLowerCase()).not.toContain('stuck');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'portal-order-desktop');

    await page.getByRole('link', { name: '← My orders' }).click();
    await expect.poll(() => shownNumbers(page)).toEqual(['PO-2040']);
    expect(new URL(page.url()).search).toBe('?status=partially_dispatched');
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('exports the list, as filtered, as a CSV a spreadsheet reads', async () => {
    const { context, page, problems } = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    await signIn(page, 'rita@northwind.test');
    await page.getByRole('link', { name: 'PO-2040' }).waitFor();

    const download = async () => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      const text = await readFile((await file.path())!, 'utf8');
      return {
        name: file.suggestedFilename(),
        rows: parse(text, { bom: true, columns: true }) as Record<string, string>[],
      };
    };

    const all = await download();
    expect(all.name).toMatch(/^orders-NW-\d{4}-\d{2}-\d{2}\.csv$/);
    // Every order across both pages of the screen, Northwind's only, newest first.
    expect(all.rows.map((r) => r['Order number'])).toEqual(northwindNumbers);
    const sofa = all.rows.find((r) => r['Order number'] === 'PO-2040')!;
    expect(sofa).toMatchObject({
      Status: 'Partly dispatched',
      Items: 'SOFA-3S Grey, STOOL Oak',
      Pieces: '7',
      'Pieces made': '6',
      'Pieces ready to dispatch': '3',
      'Pieces dispatched': '2',
      'Needed by': '2026-12-15',
      'Dispatched on': '',
      'Order id': sofaOrder.id,
    });
    const shipped = all.rows.find((r) => r['Order number'] === 'PO-1027')!;
    expect(shipped.Status).toBe('Dispatched');
    expect(shipped['Dispatched on']).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The same words as the screen.
    const row = page.getByRole('row').filter({ hasText: 'PO-1027' });
    expect(await row.textContent()).toContain(shipped.Status);

    await page.getByLabel('Status').selectOption({ label: 'Dispatched' });
    await expect.poll(() => shownNumbers(page)).toEqual(['PO-1027']);
    const filtered = await download();
    expect(filtered.rows.map((r) => r['Order number'])).toEqual(['PO-1027']);
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('answers another retailer’s order id as it answers an order that does not exist', async () => {
    const { context, page, problems } = await openPage(w.browser);
    await signIn(page, 'rita@northwind.test');
    await page.goto(w.url(`/portal/orders/${theirs.id}`));
    await page.getByRole('heading', { name: 'Order not found' }).waitFor();
    const foreign = await page.locator('main').textContent();
    expect(foreign).not.toContain('SB-3001');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(w.url('/portal/orders/ord_01KE6JQ3000000000000000000'));
    await page.getByRole('heading', { name: 'Order not found' }).waitFor();
    expect(await page.locator('main').textContent()).toBe(foreign);
    // The signed-in session is untouched by a 404.
    expect(await page.evaluate(() => sessionStorage.getItem('factoryd.portal'))).not.toBeNull();
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('fits a phone: the list and an order', async () => {
    const { context, page, problems } = await openPage(w.browser, {
      viewport: VIEWPORTS.phone,
      isMobile: true,
      hasTouch: true,
    });
    await signIn(page, 'rita@northwind.test');
    await page.getByRole('link', { name: 'PO-2040' }).waitFor();
    // Nothing sideways: the page is as wide as the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'portal-orders-phone');

    await page.getByRole('link', { name: 'PO-2040' }).click();
    await page.getByRole('heading', { name: 'Order PO-2040' }).waitFor();
    await screenshot(page, 'portal-order-phone');
    await page.getByText('Show the 6 pieces').click();
    await page.getByRole('table', { name: 'Pieces of SOFA-3S Grey' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      VIEWPORTS.phone.width,
    );
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'portal-order-pieces-phone');
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('signs a disabled or removed user out on their next request', async () => {
    for (const [who, email, end] of [
      [
        'vic',
        'vic@northwind.test',
        () =>
          w.api('PATCH', `/v1/retailers/${northwind}/users/${users.vic}`, {
            role: 'viewer',
            disabled: true,
          }),
      ],
      [
        'rem',
        'rem@northwind.test',
        () => w.api('DELETE', `/v1/retailers/${northwind}/users/${users.rem}`),
      ],
    ] as const) {
      const { context, page, problems } = await openPage(w.browser);
      await signIn(page, email);
      await page.getByRole('link', { name: 'PO-2040' }).waitFor();
      await end();
      // The next request: opening an order.
      await page.getByRole('link', { name: 'PO-2040' }).click();
      await page.getByText('Your session has ended. Sign in again.').waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('factoryd.portal')), who).toBeNull();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /password/i })
        .waitFor();
      expect(problems.cspViolations).toEqual([]);
      await context.close();
    }

    // Sign-out ends the session on the server too.
    const { context, page } = await openPage(w.browser);
    await signIn(page, 'rita@northwind.test');
    const token = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('factoryd.portal')!).token as string,
    );
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Retailer portal sign-in' }).waitFor();
    const after = await fetch(new URL('/v1/portal/orders', w.daemon.url), {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(401);
    await context.close();
  });
});
