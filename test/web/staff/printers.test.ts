// The Printers screen in a real Chromium against a real factoryd, whose print worker prints to a
// fake ZPL printer: state comes from the printer, jobs print, an interrupted one is printed again
// by a person.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, openPage, screenshot, VIEWPORTS } from '../../helpers/browser.js';
import { FakeZplPrinter } from '../../helpers/fake-zpl-printer.js';
import {
  webHarnessForFile,
  createRetailerWithOrder,
  createStaff,
  signInToStaffApp,
} from '../../helpers/web.js';

const ADMIN = 'ada@factory.test';
const w = webHarnessForFile();
let printer: FakeZplPrinter;

beforeAll(async () => {
  printer = await FakeZplPrinter.start();
  await createStaff(w, { email: ADMIN, name: 'Ada Admin', role: 'admin' });
});
afterAll(async () => {
  await printer?.stop();
});

const signIn = (page: Page, path: string) => signInToStaffApp(w, page, ADMIN, path);

describe('the Printers screen', () => {
  it('adds a printer, shows its state live, prints a test label and prints an interrupted job again', async () => {
    const { context, page, problems } = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    await signIn(page, '/printers');
    await page.getByRole('heading', { name: 'Printers' }).waitFor();

    await page.getByRole('button', { name: 'Add printer' }).click();
    await page.getByLabel('Name').fill('Line 1 Zebra');
    await page.getByLabel('Address').fill(printer.uri);
    await page.getByRole('button', { name: 'Add printer' }).last().click();
    const row = page
      .getByRole('table', { name: 'Printers' })
      .getByRole('row')
      .filter({ hasText: 'Line 1 Zebra' });
    await expect
      .poll(() => row.getAttribute('data-printer-state'), { timeout: 15_000 })
      .toBe('ready');

    await page.getByRole('button', { name: 'Test print on Line 1 Zebra' }).click();
    await expect.poll(() => printer.formats.length, { timeout: 15_000 }).toBe(1);
    const jobs = page.getByRole('table', { name: 'Print jobs' });
    await expect.poll(() => jobs.textContent(), { timeout: 15_000 }).toContain('Printed');

    // Paper out: the printer says so, the screen shows it.
    printer.state = { paperOut: true };
    await w.api('POST', '/v1/print-jobs', {
      printer_id: (await w.api('GET', '/v1/printers')).data[0].id,
      test_label: true,
    });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('paper out');
    await expect.poll(() => jobs.textContent(), { timeout: 15_000 }).toContain('waits: paper out');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'staff-printers-paper-out');

    // Paper back, but the printer drops the next job half way: interrupted, and only a person
    // prints it again.
    printer.dropAfterFormats = 1;
    printer.state = {};
    await expect.poll(() => jobs.textContent(), { timeout: 20_000 }).toContain('Interrupted');
    expect(printer.formats).toHaveLength(2);
    await screenshot(page, 'staff-printers-interrupted');
    await page.getByRole('button', { name: 'Print again' }).click();
    await expect.poll(() => printer.formats.length, { timeout: 15_000 }).toBe(3);
    await expect
      .poll(async () => (await jobs.textContent())?.includes('Interrupted'), { timeout: 15_000 })
      .toBe(false);

    // "Print labels" on an order sends them to the printer chosen.
    const { order } = await createRetailerWithOrder(
      w,
      { name: 'Northwind', code: 'NW' },
      { order_no: 'PO-PRINT', lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: 2 }] },
    );
    await page.goto(w.url(`/orders/${order.id}`));
    await page.getByRole('button', { name: 'Print labels' }).click();
    await page.getByLabel(/Send to a printer/).check();
    await page
      .getByLabel('Printer', { exact: true })
      .selectOption({ label: 'Line 1 Zebra (ready)' });
    await screenshot(page, 'staff-order-print-to-printer');
    const before = printer.formats.length;
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await expect.poll(() => printer.formats.length, { timeout: 15_000 }).toBe(before + 2);
    expect(printer.formats.slice(-2).join()).toContain(order.pieces[1].barcode);
    expect(problems.errors).toEqual([]);
    await context.close();
  });

  it('edits the auto-print rules, in English and in Polish', async () => {
    const dock = await w.api('POST', '/v1/printers', {
      name: 'Dock Zebra',
      language: 'zpl',
      uri: printer.uri,
    });
    const office = await w.api('POST', '/v1/printers', {
      name: 'Office laser',
      language: 'pdf',
      uri: 'ipp://127.0.0.1:9/ipp/print',
    });
    await w.api('PATCH', '/v1/settings', { print_rules: [] });
    const { context, page, problems } = await openPage(w.browser, {
      viewport: VIEWPORTS.desktop,
      locale: 'en-GB',
    });
    await signIn(page, '/printers');
    const rules = page.getByRole('region', { name: 'Printing by itself' });
    await rules.getByLabel('New order').waitFor();
    expect(await rules.getByLabel('New order').inputValue()).toBe('');
    await rules.getByLabel('New order').selectOption({ label: 'Dock Zebra' });
    await rules.getByLabel('Voided label').selectOption({ label: 'The station’s printer' });
    await rules.getByLabel('Closed consignment').selectOption({ label: 'Office laser' });
    await rules.getByRole('button', { name: 'Save rules' }).click();
    await rules.getByText('Rules saved.').waitFor();
    expect((await w.api('GET', '/v1/settings')).print_rules).toEqual([
      { event: 'order.created', printer_id: dock.id },
      { event: 'label.voided', printer_id: null },
      { event: 'consignment.closed', printer_id: office.id },
    ]);

    // In Polish, at the desk and on a small panel; a rule turned off is removed.
    await page.getByLabel('Language').selectOption('pl');
    const pl = page.getByRole('region', { name: 'Drukowanie samoczynne' });
    await pl.getByLabel('Nowe zamówienie').waitFor();
    await page.getByRole('heading', { name: 'Drukarki', level: 1 }).waitFor();
    expect(await pl.getByLabel('Unieważniona etykieta').inputValue()).toBe('station');
    expect(await axeViolations(page)).toEqual([]);
    await pl.scrollIntoViewIfNeeded();
    await screenshot(page, 'staff-printers-rules-pl-1280x800');
    await page.setViewportSize(VIEWPORTS.panel);
    await pl.scrollIntoViewIfNeeded();
    await screenshot(page, 'staff-printers-rules-pl-800x480');
    await pl.getByLabel('Unieważniona etykieta').selectOption({ label: 'Wyłączone' });
    await pl.getByRole('button', { name: 'Zapisz reguły' }).click();
    await pl.getByText('Reguły zapisane.').waitFor();
    expect((await w.api('GET', '/v1/settings')).print_rules).toEqual([
      { event: 'order.created', printer_id: dock.id },
      { event: 'consignment.closed', printer_id: office.id },
    ]);
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByRole('table', { name: 'Drukarki' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'staff-printers-pl-1280x800');
    await page.getByLabel('Język').selectOption('en');
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});
