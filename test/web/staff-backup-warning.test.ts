// The staff app warns admins while the latest scheduled backup failed (a failed backup is not a
// backup), and says nothing to supervisors or once a backup completes.
import { describe, expect, it } from 'vitest';
import { recordBackupRun } from '../../src/core/backups/backup-runs.js';
import { createCoreContext } from '../../src/core/context.js';
import { listFactoryIds } from '../../src/core/factory/setup.js';
import { systemClock } from '../../src/domain/clock.js';
import { VIEWPORTS, axeViolations, openPage, screenshot } from '../helpers/browser.js';
import { openDaemonStore } from '../helpers/daemon.js';
import { webHarnessForFile, createStaff, signInToStaffApp } from '../helpers/web.js';

const w = webHarnessForFile();

async function record(status: 'completed' | 'failed'): Promise<void> {
  const store = await openDaemonStore(w.daemon.dataDir);
  try {
    const core = createCoreContext({ db: store.db, clock: systemClock });
    const [factoryId] = await listFactoryIds(core);
    await recordBackupRun(core, factoryId!, {
      status,
      started_at: new Date().toISOString(),
      file: '/srv/backups/factoryd-2026-11-26T023000Z.db',
      bytes: status === 'completed' ? 123_456 : null,
      error:
        status === 'failed' ? 'the disk is full (ENOSPC: no space left on device, write)' : null,
    });
  } finally {
    await store.close();
  }
}

async function signIn(email: string) {
  const opened = await openPage(w.browser, { viewport: VIEWPORTS.desktop });
  await signInToStaffApp(w, opened.page, email);
  return opened;
}

describe('the backup warning', () => {
  it('tells admins the latest scheduled backup failed, until one completes', async () => {
    for (const role of ['admin', 'supervisor'] as const) {
      await createStaff(w, { email: `${role}@factory.test`, name: `A ${role}`, role });
    }
    await record('completed');
    await record('failed');

    const admin = await signIn('admin@factory.test');
    const alert = admin.page.getByRole('alert', { name: 'Backup failed' });
    await alert.waitFor();
    const text = (await alert.textContent())!;
    expect(text).toContain('failed');
    expect(text).toContain('the disk is full');
    expect(text).toContain('It is not a backup.');
    expect(text).toContain('The latest good backup is from');
    expect(await axeViolations(admin.page)).toEqual([]);
    await screenshot(admin.page, 'staff-backup-failed-warning');

    const supervisor = await signIn('supervisor@factory.test');
    await supervisor.page.waitForTimeout(500);
    expect(await supervisor.page.getByRole('alert', { name: 'Backup failed' }).count()).toBe(0);

    await record('completed');
    await admin.page.reload();
    await admin.page.getByRole('heading', { name: 'Orders' }).first().waitFor();
    await admin.page.waitForTimeout(500);
    expect(await admin.page.getByRole('alert', { name: 'Backup failed' }).count()).toBe(0);
    await admin.context.close();
    await supervisor.context.close();
  });

  it('sets the schedule on the Settings page, and shows the server refusing one it cannot read', async () => {
    const admin = await signIn('admin@factory.test');
    const { page } = admin;
    await page.goto(w.url('/factory/settings'));
    await page.getByLabel('Backup schedule').fill('nightly');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText(/Backup schedule is a time of day such as 02:30/).waitFor();
    await page.getByLabel('Backup schedule').fill('2:30');
    await page.getByLabel('Backup folder').fill('/srv/backups/factoryd');
    await page.getByLabel('Backups kept').fill('14');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').getByText('Settings saved.').waitFor();
    expect(await page.getByLabel('Backup schedule').inputValue()).toBe('02:30');
    const settings = await w.api('GET', '/v1/settings');
    expect(settings).toMatchObject({
      backup_schedule: '02:30',
      backup_dir: '/srv/backups/factoryd',
      backup_keep: 14,
    });
    await page.getByLabel('Backups kept').scrollIntoViewIfNeeded();
    await screenshot(page, 'staff-settings-backups', { fullPage: true });
    await admin.context.close();
  });
});
