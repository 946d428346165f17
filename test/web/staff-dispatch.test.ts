// The staff app's Dispatch section in Chromium against a real factoryd: open a consignment,
// watch its progress move as a dispatch station loads it, be refused a close that would leave a
// unit behind (the unit named), close it anyway with a reason; then the retailer sees its
// delivery note in the portal.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEWPORTS, axeViolations, openPage, screenshot } from '../helpers/browser.js';
import {
  ok,
  pairStation,
  startWebHarness,
  type Json,
  type WebHarness,
  createStaff,
  signInToStaffApp,
} from '../helpers/web.js';

/** The retailer user's. */
const PORTAL_PASSWORD = 'correct horse 42';
const ADMIN = 'ada@factory.test';

let w: WebHarness;
let retailer: { id: string; code: string; name: string };
const tokens = {} as Record<'produce' | 'dispatch', string>;

const scan = (role: keyof typeof tokens, barcode: string): Promise<Json> =>
  ok(w.daemon.url, 'POST', '/v1/scans', { token: tokens[role], body: { barcode } });

const signIn = (page: Page, path: string) => signInToStaffApp(w, page, ADMIN, path);

beforeAll(async () => {
  w = await startWebHarness();
  await createStaff(w, { email: ADMIN, name: 'Ada Admin', role: 'admin' });
  retailer = await w.api('POST', '/v1/retailers', { name: 'Northwind Home', code: 'NW' });
  for (const role of ['produce', 'dispatch'] as const) {
    tokens[role] = (await pairStation(w, `${role} line`, role)).token;
  }
});

afterAll(async () => {
  await w?.close();
});

describe('Dispatch in the staff app', () => {
  it('opens a consignment, shows loading progress, refuses a close with a unit incomplete, closes with a reason', async () => {
    const order = await w.api('POST', '/v1/orders', {
      order_no: 'PO-900',
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
    });
    const barcodes = (order.pieces as { barcode: string }[]).map((p) => p.barcode);
    for (const b of barcodes) await scan('produce', b);

    const { page, problems, context } = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    await signIn(page, '/dispatch');
    await page.getByRole('heading', { name: 'Dispatch' }).waitFor();
    await page.getByLabel('Retailer').selectOption({ label: 'Northwind Home (NW)' });
    await page.getByLabel('Reference').fill('WK48');
    await page.getByRole('button', { name: 'Open consignment' }).click();
    await page.getByRole('heading', { name: 'Consignment CN 000001' }).waitFor();
    const progress = page.locator('dd[data-progress]');
    expect(await progress.innerText()).toBe('0 of 0 pieces');

    // Nothing polls: with nothing happening the page asks for no consignment (the stream says
    // when to), so the progress below moves by the scans' events.
    await page.waitForTimeout(1_500); // the consignment's own `consignment.created` settles
    const asked: string[] = [];
    const watch = (request: { url(): string }) => {
      if (new URL(request.url()).pathname.startsWith('/v1/consignments')) asked.push(request.url());
    };
    page.on('request', watch);
    await page.waitForTimeout(4_000);
    page.off('request', watch);
    expect(asked).toEqual([]);

    // A bay loads two of the sofa's three pieces: the page follows without a reload.
    await scan('dispatch', 'CN 000001');
    await scan('dispatch', barcodes[0]!);
    await scan('dispatch', barcodes[1]!);
    await expect.poll(() => progress.innerText(), { timeout: 10_000 }).toBe('2 of 3 pieces');
    await page.getByRole('region', { name: 'Incomplete units' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'staff-dispatch-consignment-1280x800');

    await page.getByRole('button', { name: 'Close…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close CN 000001?' });
    await dialog.getByRole('button', { name: 'Close consignment' }).click();
    const refusal = dialog.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('Order PO-900 unit 1: 2 of 3 pieces loaded.');
    await screenshot(page, 'staff-dispatch-close-refused-1280x800');
    await dialog.getByLabel('Reason to close anyway').fill('Legs follow on Friday');
    await dialog.getByRole('button', { name: 'Close anyway' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.page-header').innerText()).toContain('Closed');
    expect(await page.getByText('forced: Legs follow on Friday').count()).toBe(1);

    const list = await w.api('GET', '/v1/consignments?status=closed');
    expect(list.data[0]).toMatchObject({
      number: 'CN 000001',
      close_reason: 'Legs follow on Friday',
    });

    await page.getByRole('link', { name: 'Dispatch' }).first().click();
    await page.getByRole('button', { name: 'Closed' }).click();
    await page.getByRole('link', { name: 'CN 000001' }).waitFor();
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('the retailer sees its consignments in the portal and downloads the delivery note', async () => {
    await w.api('POST', `/v1/retailers/${retailer.id}/users`, {
      email: 'bea@northwind.test',
      name: 'Bea Buyer',
      role: 'buyer',
      password: PORTAL_PASSWORD,
    });
    const { page, problems, context } = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    await page.goto(w.url('/portal'));
    await page.getByLabel('Email').fill('bea@northwind.test');
    await page.getByLabel('Password').fill(PORTAL_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByRole('link', { name: 'Deliveries' }).click();
    await page.getByRole('heading', { name: 'Deliveries' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'CN 000001' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Sent');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'portal-deliveries-1280x800');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Delivery note CN 000001' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('delivery-note-CN-000001.pdf');
    const path = await download.path();
    const { pdfText } = await import('../labels/decode.js');
    const { readFileSync } = await import('node:fs');
    const text = pdfText(readFileSync(path));
    expect(text).toContain('Order PO-900');
    expect(text).toContain('Closed with a unit incomplete: Legs follow on Friday');
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('a retailer gets its delivery address in the Retailers screen', async () => {
    const { page, problems, context } = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    await signIn(page, '/retailers');
    await page.getByRole('heading', { name: 'Retailers' }).waitFor();
    await page.getByRole('button', { name: 'New retailer' }).click();
    const dialog = page.getByRole('dialog', { name: 'New retailer' });
    await dialog.getByLabel('Name', { exact: true }).fill('Baltic Home');
    await dialog.getByLabel('Code', { exact: true }).fill('BH');
    await dialog.getByLabel('Address line 1').fill('ul. Portowa 4');
    await dialog.getByLabel('Town').fill('Gdańsk');
    await dialog.getByLabel('Postcode').fill('80-001');
    await dialog.getByLabel('Country').fill('pl');
    await dialog.getByRole('button', { name: 'Add retailer' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Baltic Home' });
    await row.getByRole('cell', { name: 'Gdańsk, PL' }).waitFor();

    await row.getByRole('link', { name: 'Baltic Home' }).click();
    const form = page.getByRole('form', { name: 'Retailer details' });
    await form.getByLabel('Address line 2').fill('Brama 2');
    await form.getByLabel('Country').fill('XX');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.getByLabel('Country').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Country').fill('PL');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Saved.').waitFor();
    const saved = await w.api('GET', '/v1/retailers/BH');
    expect(saved.address).toEqual({
      line1: 'ul. Portowa 4',
      line2: 'Brama 2',
      town: 'Gdańsk',
      postcode: '80-001',
      country: 'PL',
    });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'staff-retailer-address', { fullPage: true });
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('reads in Polish and Romanian with no word clipped, at 1280×800 and 800×480', async () => {
    const order = await w.api('POST', '/v1/orders', {
      order_no: 'PO-950',
      retailer_id: retailer.id,
      lines: [{ sku: 'SOFA-2S', colour: 'Blue', qty: 2, pieces_per_unit: 3 }],
    });
    const barcodes = (order.pieces as { barcode: string }[]).map((p) => p.barcode);
    for (const b of barcodes) await scan('produce', b);
    const cn = await w.api('POST', '/v1/consignments', {
      retailer_id: retailer.id,
      reference: 'WK49',
      carrier: 'Swift Haulage',
    });
    await scan('dispatch', cn.number);
    for (const b of barcodes.slice(0, 4)) await scan('dispatch', b);

    const words = {
      pl: {
        title: 'Wysyłka',
        consignment: `Wysyłka ${cn.number}`,
        units: 'Niekompletne jednostki',
      },
      ro: {
        title: 'Expediere',
        consignment: `Expediția ${cn.number}`,
        units: 'Unități incomplete',
      },
    } as const;
    for (const lang of ['pl', 'ro'] as const) {
      const { page, problems, context } = await openPage(w.browser, {
        viewport: VIEWPORTS.desktop,
      });
      await signIn(page, '/dispatch');
      await page.getByLabel('Language').selectOption(lang);
      for (const [size, viewport] of [
        ['1280x800', VIEWPORTS.desktop],
        ['800x480', VIEWPORTS.panel],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(w.url('/dispatch'));
        await page.getByRole('heading', { name: words[lang].title, level: 1 }).waitFor();
        await page.getByRole('link', { name: cn.number }).waitFor();
        await screenshot(page, `staff-dispatch-${lang}-${size}`, { fullPage: true });
        expect(await clipped(page), `${lang} ${size} list`).toEqual([]);
        await page.getByRole('link', { name: cn.number }).click();
        await page.getByRole('heading', { name: words[lang].consignment }).waitFor();
        await page.getByRole('region', { name: words[lang].units }).waitFor();
        await screenshot(page, `staff-dispatch-consignment-${lang}-${size}`, { fullPage: true });
        expect(await clipped(page), `${lang} ${size} consignment`).toEqual([]);
      }
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual({ errors: [], cspViolations: [] });
      await context.close();
    }
  });
});

/**
 * Text that does not fit where it is: an element whose content is wider than its box while it
 * hides or cuts the overflow (a clipped word), or a word past the viewport's right edge.
 */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (el.closest('svg, .visually-hidden') || el.offsetParent === null) continue;
      const style = getComputedStyle(el);
      const hides = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      const text = (el.innerText ?? '').trim().slice(0, 40);
      if (
        hides &&
        el.scrollWidth > el.clientWidth &&
        text &&
        !['INPUT', 'SELECT'].includes(el.tagName)
      ) {
        out.push(`${el.tagName}.${el.className}: “${text}” ${el.scrollWidth} > ${el.clientWidth}`);
      }
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1 && el.children.length === 0 && text) {
        out.push(`${el.tagName}.${el.className}: “${text}” ends at ${box.right} > ${width}`);
      }
    }
    return out;
  });
}
