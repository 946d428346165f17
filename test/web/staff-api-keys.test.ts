// The staff app's API keys screen in Chromium against a real factoryd: a key made with scopes and
// an expiry, the list showing both, and a roll that shows the new key once and the old key's end.
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, axeViolations, openPage, screenshot } from '../helpers/browser.js';
import { http, webHarnessForFile, createStaff, signInToStaffApp } from '../helpers/web.js';

const w = webHarnessForFile();
describe('API keys: scopes, expiry and roll', () => {
  it('creates a scoped key with an expiry, lists them, and rolls it', async () => {
    await createStaff(w, { email: 'ada@factory.test', name: 'Ada Admin', role: 'admin' });
    const { context, page, problems } = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
    await signInToStaffApp(w, page, 'ada@factory.test', '/integrations/api-keys');

    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByLabel('Name').fill('ERP integration');
    // admin is ticked by default; this key reads and pushes orders only.
    await dialog.getByRole('checkbox', { name: /^admin/ }).uncheck();
    await dialog.getByRole('checkbox', { name: /^read/ }).check();
    await dialog.getByRole('checkbox', { name: /^orders:write/ }).check();
    await dialog.getByLabel('Expires on (optional)').fill('2030-01-31');
    expect(await axeViolations(page), 'create dialog').toEqual([]);
    await screenshot(page, 'staff-api-key-create-scopes');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'API key “ERP integration”' });
    const key = await shown.getByLabel('The new API key').inputValue();
    expect((await http(w.daemon.url, 'GET', '/v1/orders', { token: key })).status).toBe(200);
    expect((await http(w.daemon.url, 'GET', '/v1/webhooks', { token: key })).status).toBe(403);
    await shown.getByRole('button', { name: 'I have copied it' }).click();

    const row = page.getByRole('row').filter({ hasText: 'ERP integration' });
    await row.getByText('read, orders:write').waitFor();
    await row.getByText(/^Active until/).waitFor();
    expect(await row.textContent()).toContain('2030');

    await row.getByRole('button', { name: 'Roll ERP integration' }).click();
    const roll = page.getByRole('dialog', { name: 'Roll “ERP integration”?' });
    await roll.getByText('read, orders:write').waitFor();
    await roll.getByLabel('The old key keeps working for').selectOption({ label: '1 hour' });
    expect(await axeViolations(page), 'roll dialog').toEqual([]);
    await roll.getByRole('button', { name: 'Roll key' }).click();
    const rolled = page.getByRole('dialog', { name: 'New key for “ERP integration”' });
    const fresh = await rolled.getByLabel('The new API key').inputValue();
    expect(fresh).toMatch(/^sk_live_/);
    expect(fresh).not.toBe(key);
    await rolled.getByText(`The old key ending ${key.slice(-4)} keeps working until`).waitFor();
    await screenshot(page, 'staff-api-key-rolled');
    // Both work during the overlap.
    for (const token of [key, fresh]) {
      expect((await http(w.daemon.url, 'GET', '/v1/orders', { token })).status).toBe(200);
    }
    await rolled.getByRole('button', { name: 'I have copied it' }).click();
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'ERP integration' }).count())
      .toBe(2);
    expect(await axeViolations(page), 'API keys').toEqual([]);
    await screenshot(page, 'staff-api-keys-scopes');
    expect(problems).toEqual({ errors: [], cspViolations: [] });
    await context.close();
  });
});
