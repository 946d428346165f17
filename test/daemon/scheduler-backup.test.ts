import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRetailer } from '../../src/core/retailers/retailers.js';
import { updateSettings } from '../../src/core/factory/settings.js';
import { createOrder } from '../../src/core/orders/create-order.js';
import { backupJob } from '../../src/daemon/jobs/backup.job.js';
import { DAY, MINUTE, ManualClock } from '../../src/domain/clock.js';
import { checkSqliteBackup } from '../../src/store/backups/sqlite-backup.js';
import { makeTestApp, tempDir, type TestApp } from '../helpers/app.js';
import { testDialect } from '../helpers/dialect.js';

/**
 * Scheduled backups (DESIGN §18) driven by a test clock: a backup runs at its time and verifies,
 * old ones are pruned, and a full disk gives `backup.failed` with no file left behind.
 */
let t: TestApp;
let dir: string;
const lines: { level: string; msg: string; fields: object }[] = [];
const log = {
  info: (fields: object, msg: string) => lines.push({ level: 'info', msg, fields }),
  error: (fields: object, msg: string) => lines.push({ level: 'error', msg, fields }),
};

beforeEach(async () => {
  // 01:00 in London (GMT in January).
  t = await makeTestApp({ clock: new ManualClock('2026-01-05T01:00:00.000Z') });
  dir = tempDir('factoryd-backups-');
  lines.length = 0;
});
afterEach(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const events = async (type: string) =>
  (await t.sql.prepare('select data from events where type = ? order by id').all(type)).map((row) =>
    JSON.parse((row as { data: string }).data),
  );

const job = () =>
  backupJob({ core: t.core, store: t.store, dataDir: t.dir, env: process.env, log });

const extension = testDialect() === 'sqlite' ? '.db' : '.dump';

describe('scheduled backups', () => {
  it('runs at its time, verifies, and keeps backup_keep of them', async () => {
    const backups = join(dir, 'nightly');
    await updateSettings(t.core, t.factoryId, {
      backup_schedule: '02:30',
      backup_dir: backups,
      backup_keep: 2,
    });
    const scheduled = job();
    await scheduled.tick();
    expect(readdirSync(dir)).toEqual([]);

    t.clock.set('2026-01-05T02:29:00.000Z');
    await scheduled.tick();
    expect(readdirSync(dir)).toEqual([]);

    t.clock.set('2026-01-05T02:30:10.000Z');
    await scheduled.tick();
    const first = readdirSync(backups);
    expect(first).toEqual([`factoryd-2026-01-05T023010Z${extension}`]);
    const file = join(backups, first[0]!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    if (testDialect() === 'sqlite') {
      const check = checkSqliteBackup(file);
      expect(check.ok).toBe(true);
      if (check.ok) expect(check.counts.factories).toBe(1);
    } else {
      expect(execFileSync('pg_restore', ['--list', file], { encoding: 'utf8' })).toMatch(
        /TABLE DATA public factories/,
      );
    }
    const completed = await events('backup.completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]).toMatchObject({ object: 'backup_run', status: 'completed', file });

    // Not again until the next day's 02:30.
    t.clock.advance(10 * MINUTE);
    await scheduled.tick();
    expect(readdirSync(backups)).toHaveLength(1);

    for (let day = 1; day <= 3; day++) {
      t.clock.set(new Date(Date.parse('2026-01-05T02:31:00.000Z') + day * DAY));
      await scheduled.tick();
    }
    // Four written, the two newest kept.
    expect(readdirSync(backups)).toEqual([
      `factoryd-2026-01-07T023100Z${extension}`,
      `factoryd-2026-01-08T023100Z${extension}`,
    ]);
    expect(await events('backup.completed')).toHaveLength(4);
    expect(await events('backup.failed')).toEqual([]);

    const status = await t.request('GET', '/v1/backups');
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({
      schedule: '02:30',
      last_run: { status: 'completed' },
      last_completed: { file: join(backups, `factoryd-2026-01-08T023100Z${extension}`) },
    });
  });

  it('runs an interval schedule from the server start, then from the last backup', async () => {
    await updateSettings(t.core, t.factoryId, { backup_schedule: 'every 6h', backup_dir: dir });
    const scheduled = job();
    t.clock.advance(6 * 60 * MINUTE - MINUTE);
    await scheduled.tick();
    expect(readdirSync(dir)).toHaveLength(0);
    t.clock.advance(MINUTE);
    await scheduled.tick();
    expect(readdirSync(dir)).toHaveLength(1);
    t.clock.advance(3 * 60 * MINUTE);
    await scheduled.tick();
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('never counts a backup that cannot be written: a full disk gives backup.failed and no file', async () => {
    // Enough data that the copy cannot fit in the small file system below.
    const retailer = await createRetailer(t.core, t.factoryId, { name: 'R', code: 'RR' });
    for (let n = 0; n < 40; n++) {
      await createOrder(
        t.core,
        t.factoryId,
        {
          order_no: `F-${n}`,
          retailer_id: retailer.id,
          lines: [{ sku: 'SOFA-LONG-NAME', colour: 'Grey', qty: 10, pieces_per_unit: 3 }],
        },
        'api',
      );
    }
    const full = join(dir, 'small');
    mkdirSync(full);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0700', 'tmpfs', full]);
    try {
      await updateSettings(t.core, t.factoryId, { backup_schedule: '02:30', backup_dir: full });
      const scheduled = job();
      t.clock.set('2026-01-05T02:30:00.000Z');
      await scheduled.tick();
      // Nothing that could pass for a backup: no file, no temporary file left behind.
      expect(readdirSync(full)).toEqual([]);
      const failed = await events('backup.failed');
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatchObject({ status: 'failed', bytes: null });
      expect(failed[0].error).toMatch(/disk is full/);
      expect(await events('backup.completed')).toEqual([]);
      expect(lines.some((l) => l.level === 'error' && /backup failed/.test(l.msg))).toBe(true);
      const status = await t.request('GET', '/v1/backups');
      expect(status.json()).toMatchObject({ last_run: { status: 'failed' }, last_completed: null });
    } finally {
      execFileSync('umount', [full]);
    }
  });
});
