// Pairing the station page in Chromium against a real factoryd: a typed code, the pairing QR
// read by the camera, every refusal in words, and a revoked station sent back to pairing.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import QRCode from 'qrcode';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, launchBrowser, screenshot } from '../helpers/browser.js';
import { tempDir } from '../helpers/app.js';
import {
  createOrder,
  openStation,
  pairByTyping,
  pairingCode,
  readyToScan,
  scan,
} from '../helpers/station.js';
import { http, webHarnessForFile } from '../helpers/web.js';

const w = webHarnessForFile();

/** Types a code on a freshly loaded pairing screen and returns the sentence it answers with. */
async function refusal(page: Page, code: string): Promise<string> {
  await page.reload();
  await pairByTyping(page, code);
  const alert = page.getByRole('alert');
  await alert.waitFor();
  return alert.innerText();
}

describe('pairing the station page', () => {
  it('pairs with a typed code, as typed (lower case, no dash), and keeps the token on the device', async () => {
    const code = await pairingCode(w, 'Sewing 7', 'produce');
    const { page, problems, close } = await openStation(w.browser, w.url('/station'));
    await page.getByLabel('Pairing code').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'station-pairing-1024x768');

    await pairByTyping(page, code.replace('-', '').toLowerCase());
    await page.getByRole('heading', { name: 'Sewing 7' }).waitFor();
    await readyToScan(page);
    expect(await page.locator('.station-role').innerText()).toBe('PRODUCE');
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('factoryd.station') ?? 'null'),
    );
    expect(stored).toMatchObject({ name: 'Sewing 7', role: 'produce' });
    expect(stored.token).toMatch(/^st_live_/);

    // Paired across reloads (and reboots): the device keeps its station.
    await page.reload();
    await readyToScan(page);
    expect(await page.getByRole('heading', { name: 'Sewing 7' }).count()).toBe(1);
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await close();
  });

  it('says what is wrong with a malformed, unknown, used or expired code', async () => {
    const { page, close } = await openStation(w.browser, w.url('/station'));

    expect(await refusal(page, 'BCDF-GHJ')).toContain('8 letters, like BCDF-GHJK');
    expect(await refusal(page, 'BBBB-BBBB')).toContain('mistyped or has already been used');

    const used = await pairingCode(w, 'Used', 'stock');
    const other = await http(w.daemon.url, 'POST', '/v1/stations/pair', { body: { code: used } });
    expect(other.status).toBe(200);
    expect(await refusal(page, used)).toContain('has already been used');

    const expired = await pairingCode(w, 'Late', 'dispatch');
    // Ten minutes pass for this code (the server's clock is real; its database is not sacred).
    const db = new Database(join(w.daemon.dataDir, 'factoryd.db'));
    db.prepare('update pairing_codes set expires_at = ? where used_at is null').run(
      new Date(Date.now() - 1000).toISOString(),
    );
    db.close();
    expect(await refusal(page, expired)).toContain(
      'This code has expired: a code lasts 10 minutes',
    );
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });

  it('pairs by itself from its address (/station#code=…), and takes the code out of the address', async () => {
    // What a phone's camera opens from the pairing code's `pair_url`.
    const code = await pairingCode(w, 'Phone 1', 'dispatch');
    const { page, problems, close } = await openStation(w.browser, w.url(`/station#code=${code}`));
    await page.getByRole('heading', { name: 'Phone 1' }).waitFor();
    await readyToScan(page);
    expect(await page.locator('.station-role').innerText()).toBe('DISPATCH');
    expect(new URL(page.url()).hash).toBe('');
    // A reload (the code is used by now) stays paired and tries nothing.
    await page.reload();
    await readyToScan(page);
    expect(new URL(page.url()).hash).toBe('');
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await close();
  });

  it('says what is wrong with a code in its address, and keeps it in the field', async () => {
    const device = await openStation(w.browser, w.url('/station#code=BBBB-BBBB'));
    const alert = device.page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('mistyped or has already been used');
    expect(await device.page.getByLabel('Pairing code').inputValue()).toBe('BBBB-BBBB');
    expect(new URL(device.page.url()).hash).toBe('');
    await device.close();

    const malformed = await openStation(w.browser, w.url('/station#code=HELLO'));
    await malformed.page.getByRole('alert').waitFor();
    expect(await malformed.page.getByRole('alert').innerText()).toContain(
      '8 letters, like BCDF-GHJK',
    );
    expect(new URL(malformed.page.url()).hash).toBe('');
    await malformed.close();
  });

  it('pairs from the pairing QR code read by the camera', async () => {
    const issued = await w.api('POST', '/v1/stations/pairing-codes', {
      name: 'Tablet 3',
      role: 'dispatch',
    });
    // A camera that films the QR code the staff app or the TUI shows: Chromium plays a
    // Y4M file as its fake camera.
    const video = join(tempDir('factoryd-camera-'), 'pairing-qr.y4m');
    writeFileSync(video, y4mFrameOf(issued.qr));
    const browser = await launchBrowser([
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ]);
    try {
      const { page, problems, close } = await openStation(browser, w.url('/station'));
      await page.getByRole('button', { name: 'Scan the QR code' }).click();
      await page.getByRole('heading', { name: 'Tablet 3' }).waitFor({ timeout: 20_000 });
      expect(await page.locator('.station-role').innerText()).toBe('DISPATCH');
      expect(problems).toEqual({ errors: [], cspViolations: [] });
      await close();
    } finally {
      await browser.close();
    }
  });

  it('a revoked station goes back to pairing, saying so', async () => {
    const order = await createOrder(w, 'PO-4001', { units: 1, perUnit: 2 });
    const { page, close } = await openStation(w.browser, w.url('/station'));
    await pairByTyping(page, await pairingCode(w, 'Sewing 8', 'produce'));
    await readyToScan(page);
    expect((await scan(page, order.barcodes[0]!)).verdict).toBe('accepted');

    const stationId = await page.evaluate(
      () => JSON.parse(localStorage.getItem('factoryd.station') ?? '{}').id as string,
    );
    await w.api('DELETE', `/v1/stations/${stationId}`);
    await page.keyboard.type(order.barcodes[1]!);
    await page.keyboard.press('Enter');
    await page.getByLabel('Pairing code').waitFor();
    expect(await page.getByText('“Sewing 8”, which a supervisor revoked').count()).toBe(1);
    expect(await page.evaluate(() => localStorage.getItem('factoryd.station'))).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'station-revoked-1024x768');
    // The refused request recorded nothing.
    const scans = (await w.api('GET', `/v1/orders/${order.id}`)).scans;
    expect(scans).toHaveLength(1);
    await close();
  });

  // Last: it leaves this client address rate-limited for ten minutes.
  it('says when this device tried too many wrong codes', async () => {
    // Wrong codes from this address (the page's and this test's are the same, 127.0.0.1)…
    for (let i = 0; i < 10; i++) {
      const res = await http(w.daemon.url, 'POST', '/v1/stations/pair', {
        body: { code: 'BBBBBBBC' },
      });
      if (res.status === 429) break;
    }
    // …until the page's attempt is refused for them.
    const { page, close } = await openStation(w.browser, w.url('/station'));
    expect(await refusal(page, 'BBBB-BBBC')).toMatch(
      /Too many wrong codes from this device\. Try again in \d+ minutes?\./,
    );
    await close();
  });
});

/**
 * One frame of a 640×480 video (YUV4MPEG2, 4:2:0) showing `text` as a QR code, black on white,
 * 8 pixels a module. Chromium's fake camera plays it in a loop.
 */
function y4mFrameOf(text: string): Buffer {
  const width = 640;
  const height = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = 8;
  const side = modules.size * scale;
  const left = (width - side) / 2;
  const top = (height - side) / 2;
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (modules.get(Math.floor(y / scale), Math.floor(x / scale))) {
        luma[(top + y) * width + left + x] = 16;
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${width} H${height} F5:1 Ip A1:1 C420jpeg\nFRAME\n`),
    luma,
    chroma,
    chroma,
  ]);
}
