// Rotating a webhook endpoint's signing secret from the staff app, in Chromium against a real
// factoryd: the new secret shown once, and a delivery then signed with both secrets.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { Receiver } from '../core/webhooks/receiver.js';
import { VIEWPORTS, axeViolations, openPage, screenshot } from '../helpers/browser.js';
import { webHarnessForFile, createStaff, signInToStaffApp } from '../helpers/web.js';
import { waitUntil } from '../helpers/wait.js';

const w = webHarnessForFile();

describe('Webhooks: rotating the signing secret', () => {
  it('shows the new secret once; both secrets sign during the overlap', async () => {
    const receiver = await new Receiver().listen();
    try {
      await createStaff(w, { email: 'ada@factory.test', name: 'Ada Admin', role: 'admin' });
      const hook = await w.api('POST', '/v1/webhooks', {
        url: `${receiver.url}/hook`,
        events: ['*'],
      });
      const { context, page, problems } = await openPage(w.browser, {
        viewport: VIEWPORTS.desktop,
      });
      await signInToStaffApp(w, page, 'ada@factory.test', '/integrations/webhooks');

      await page.getByRole('button', { name: `Rotate secret of ${receiver.url}/hook` }).click();
      const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
      await dialog.getByLabel('The old secret keeps signing for').selectOption({ label: '1 hour' });
      expect(await axeViolations(page), 'rotate dialog').toEqual([]);
      await dialog.getByRole('button', { name: 'Rotate secret' }).click();
      const shown = page.getByRole('dialog', { name: 'New signing secret' });
      const secret = await shown.getByLabel("The endpoint's new signing secret").inputValue();
      expect(secret).toMatch(/^whsec_/);
      expect(secret).not.toBe(hook.secret);
      await shown.getByText(/every delivery is signed with both secrets/).waitFor();
      expect(await axeViolations(page), 'new secret').toEqual([]);
      await screenshot(page, 'staff-webhook-secret-rotated');

      receiver.secretFor('/hook', secret);
      await shown.getByRole('button', { name: 'I have copied it' }).click();
      await page.getByRole('button', { name: `Send test event to ${receiver.url}/hook` }).click();
      const got = await waitUntil('the test event', () => receiver.received[0]);
      for (const key of [hook.secret as string, secret]) {
        expect(() => new Webhook(key).verify(got.body, got.headers)).not.toThrow();
      }
      expect(problems).toEqual({ errors: [], cspViolations: [] });
      await context.close();
    } finally {
      await receiver.close();
    }
  });
});
