import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app.js';

/** The backup settings through the API: stored as written, refused with a sentence. */
let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('backup settings', () => {
  it('are off for a new factory, and stored normalised', async () => {
    const before = await t.request('GET', '/v1/settings');
    expect(before.json()).toMatchObject({
      backup_schedule: null,
      backup_dir: null,
      backup_keep: 7,
    });
    const set = await t.request('PATCH', '/v1/settings', {
      body: { backup_schedule: '14:30,2:30', backup_dir: ' /srv/backups ', backup_keep: 3 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      backup_schedule: '02:30, 14:30',
      backup_dir: '/srv/backups',
      backup_keep: 3,
    });
    const cleared = await t.request('PATCH', '/v1/settings', {
      body: { backup_schedule: '', backup_dir: '' },
    });
    expect(cleared.json()).toMatchObject({ backup_schedule: null, backup_dir: null });
  });

  it('refuses a schedule or a folder it cannot use, naming the field', async () => {
    const schedule = await t.request('PATCH', '/v1/settings', {
      body: { backup_schedule: 'nightly' },
    });
    expect(schedule.statusCode).toBe(400);
    expect(schedule.json().error).toMatchObject({
      code: 'validation_failed',
      param: 'backup_schedule',
    });
    expect(schedule.json().error.message).toMatch(/02:30/);
    const dir = await t.request('PATCH', '/v1/settings', { body: { backup_dir: 'backups' } });
    expect(dir.statusCode).toBe(400);
    expect(dir.json().error).toMatchObject({ param: 'backup_dir' });
    const keep = await t.request('PATCH', '/v1/settings', { body: { backup_keep: 0 } });
    expect(keep.statusCode).toBe(400);
    expect(keep.json().error).toMatchObject({ param: 'backup_keep' });
  });

  it('GET /v1/backups says nothing has run yet', async () => {
    const status = await t.request('GET', '/v1/backups');
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      object: 'backup_status',
      schedule: null,
      last_run: null,
      last_completed: null,
      runs: [],
    });
  });
});
