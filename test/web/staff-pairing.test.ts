// Pairing a phone or tablet from the staff app in Chromium against a real factoryd: the dialog's
// second QR code, read by zbarimg from a screenshot, is the station page's address with the
// code; a server listening on loopback only says so, and the setting public_url takes over.
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { decodePngBuffer } from '../labels/decode.js';
import { VIEWPORTS, axeViolations, openPage, screenshot } from '../helpers/browser.js';
import { webHarnessForFile, createStaff, signInToStaffApp } from '../helpers/web.js';

const w = webHarnessForFile();

/** What zbarimg reads in a screenshot of the element. */
async function qrOf(element: Locator): Promise<string[]> {
  return decodePngBuffer(await element.screenshot({ animations: 'disabled' })).qr;
}

async function openPairing(name: string) {
  const opened = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
  const { page } = opened;
  await signInToStaffApp(w, page, 'ada@factory.test', '/stations');
  await page.getByRole('button', { name: 'Pair a new station' }).click();
  const form = page.getByRole('dialog', { name: 'Pair a new station' });
  await form.getByLabel('Station name').fill(name);
  await form.getByRole('button', { name: 'Get a pairing code' }).click();
  const dialog = page.getByRole('dialog', { name: `Pair “${name}”` });
  const code = (await dialog.getByRole('definition').textContent())!.trim();
  return { ...opened, dialog, code };
}

describe('the pairing dialog', () => {
  it('shows the station page’s address as a second QR code a phone camera opens', async () => {
    await createStaff(w, { email: 'ada@factory.test', name: 'Ada Admin', role: 'admin' });
    const { context, page, problems, dialog, code } = await openPairing('Dock phone');
    const station = `${w.daemon.url}/station`;

    const phone = dialog.getByRole('img', {
      name: "QR code with the station page's address to pair Dock phone",
    });
    await dialog.getByText('Pair a phone or tablet: scan with its camera').waitFor();
    expect(await qrOf(phone)).toEqual([`${station}#code=${code}`]);
    // The spec's QR keeps its shape, for native station apps.
    const app = dialog.getByRole('img', { name: 'QR code to pair Dock phone' });
    expect(await qrOf(app)).toEqual([`factorystation://pair?code=${code.replace('-', '')}`]);
    await dialog.getByText(station, { exact: true }).waitFor();

    // The test server listens on 127.0.0.1: no tablet could open that address.
    const note = dialog.getByRole('note', { name: 'Only this computer can connect' });
    await note.getByText(`Only this computer can open ${station}.`).waitFor();
    expect(await note.textContent()).toContain('factoryd serve --host 0.0.0.0');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'staff-pairing-phone-qr');
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });

  it('uses the setting public_url, and then warns of nothing', async () => {
    await w.api('PATCH', '/v1/settings', { public_url: 'https://factory.example.com' });
    try {
      const { context, page, dialog, code } = await openPairing('Bay tablet');
      const phone = dialog.getByRole('img', {
        name: "QR code with the station page's address to pair Bay tablet",
      });
      await phone.waitFor();
      expect(await qrOf(phone)).toEqual([`https://factory.example.com/station#code=${code}`]);
      await dialog.getByText('https://factory.example.com/station', { exact: true }).waitFor();
      expect(await dialog.getByRole('note').count()).toBe(0);

      // Settings shows it, and says the app scheme is for native apps only.
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('link', { name: 'Factory' }).click();
      expect(await page.getByLabel('Public URL').inputValue()).toBe('https://factory.example.com');
      await page.getByText('Only for native station apps').waitFor();
      await page.getByLabel('Public URL').fill('ftp://nope');
      await page.getByRole('button', { name: 'Save settings' }).click();
      // The server's sentence names the field as the form does.
      await page.getByText('Public URL must be an http:// or https:// address').waitFor();
      await screenshot(page, 'staff-settings-public-url', { fullPage: true });
      await context.close();
    } finally {
      await w.api('PATCH', '/v1/settings', { public_url: null });
    }
  });
});
