import { sqliteOf } from '../helpers/dialect.js';
import { statSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventType } from '../../src/core/events.js';
import { housekeep } from '../../src/core/jobs/housekeeping.js';
import { createStaffUser } from '../../src/core/staff/staff-users.js';
import { loginStaff } from '../../src/core/staff/staff-login.js';
import { transact } from '../../src/core/transaction.js';
import { WebhookDispatcher } from '../../src/daemon/webhooks/dispatcher.js';
import { runHousekeeping } from '../../src/daemon/jobs/housekeeping.job.js';
import { DAY, HOUR, MINUTE, ManualClock } from '../../src/domain/clock.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { Receiver } from '../core/webhooks/receiver.js';

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp({ clock: new ManualClock(new Date()) });
});
afterEach(async () => {
  await t.close();
});

const count = (table: string): number =>
  (sqliteOf(t.store).prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

function emit(type: EventType, data: unknown = {}): Promise<string> {
  return transact(t.core, async (tx) => tx.emit(t.factoryId, type, data));
}

describe('housekeeping', () => {
  it('deletes expired pairing codes and sessions, and idempotency keys past 24 hours', async () => {
    await t.request('POST', '/v1/stations/pairing-codes', {
      body: { name: 'S1', role: 'produce' },
    });
    await createStaffUser(t.core, t.factoryId, {
      email: 'ana@example.com',
      name: 'Ana',
      role: 'admin',
      password: 'correct horse battery',
    });
    const revoked = await loginStaff(t.core, {
      email: 'ana@example.com',
      password: 'correct horse battery',
    });
    await t.request('POST', '/v1/auth/logout', { token: revoked.token });
    await loginStaff(t.core, { email: 'ana@example.com', password: 'correct horse battery' });
    await t.request('POST', '/v1/api-keys', {
      body: { name: 'k' },
      headers: { 'idempotency-key': 'a' },
    });
    expect([count('pairing_codes'), count('sessions'), count('idempotency_keys')]).toEqual([
      1, 2, 1,
    ]);

    // Nothing has expired yet but the revoked session.
    expect(await housekeep(t.core)).toMatchObject({
      pairing_codes: 0,
      sessions: 1,
      idempotency_keys: 0,
    });

    t.clock.advance(11 * MINUTE);
    await t.request('POST', '/v1/stations/pairing-codes', { body: { name: 'S2', role: 'stock' } });
    expect(await housekeep(t.core)).toMatchObject({
      pairing_codes: 1,
      sessions: 0,
      idempotency_keys: 0,
    });
    expect(count('pairing_codes')).toBe(1);

    t.clock.advance(24 * HOUR);
    expect(await housekeep(t.core)).toMatchObject({
      pairing_codes: 1,
      sessions: 1,
      idempotency_keys: 1,
    });
    expect([count('pairing_codes'), count('sessions'), count('idempotency_keys')]).toEqual([
      0, 0, 0,
    ]);
  });

  it('deletes finished deliveries past retention, then unreferenced events and deleted endpoints', async () => {
    const receiver = await new Receiver().listen();
    const dispatcher = new WebhookDispatcher(t.core, { userAgent: 'test', wake: false });
    try {
      await t.request('PATCH', '/v1/settings', { body: { webhook_retention_days: 7 } });
      const ok = (
        await t.request('POST', '/v1/webhooks', {
          body: { url: `${receiver.url}/ok`, events: ['*'] },
        })
      ).json();
      const down = (
        await t.request('POST', '/v1/webhooks', {
          body: { url: `${receiver.url}/down`, events: ['*'] },
        })
      ).json();
      receiver.reply = (r) => ({ status: r.path === '/ok' ? 200 : 500 });
      await emit('order.created', { n: 1 });
      await dispatcher.runDue();
      await emit('order.created', { n: 2 }); // delivered to nobody yet: still pending

      // Eight days on: the succeeded delivery goes; the pending and retrying ones stay, and so
      // do their events.
      t.clock.advance(8 * DAY);
      const fresh = await emit('order.created', { n: 3 });
      let result = await housekeep(t.core);
      expect(result).toMatchObject({ deliveries: 1, events: 0 });
      expect(count('webhook_deliveries')).toBe(5);

      // Once they have finished too, they and their events go.
      receiver.reply = () => ({ status: 200 });
      await t.request('DELETE', `/v1/webhooks/${down.id}`);
      result = await housekeep(t.core);
      expect(result).toMatchObject({ deliveries: 2, events: 1, endpoints: 0 });

      t.clock.advance(8 * DAY);
      await dispatcher.runDue();
      result = await housekeep(t.core);
      expect(result.deliveries).toBe(3);
      expect(result.events).toBe(2);
      expect(result.endpoints).toBe(1);
      expect(count('webhook_deliveries')).toBe(0);
      expect(count('events')).toBe(0);
      const endpoints = sqliteOf(t.store).prepare('select id from webhook_endpoints').all();
      expect(endpoints).toEqual([{ id: ok.id }]);
      expect(fresh).toMatch(/^evt_/);
    } finally {
      await dispatcher.stop(0);
      await receiver.close();
    }
  });

  it('an event nobody subscribed to is deleted after retention', async () => {
    await emit('station.paired');
    t.clock.advance(29 * DAY);
    expect((await housekeep(t.core)).events).toBe(0);
    t.clock.advance(2 * DAY);
    expect((await housekeep(t.core)).events).toBe(1);
  });

  it('the daemon job also checkpoints the write-ahead log', async () => {
    for (let i = 0; i < 20; i++) await emit('order.created', { i });
    const walSize = () => statSync(`${sqliteOf(t.store).name}-wal`).size;
    expect(walSize()).toBeGreaterThan(0);
    const result = await runHousekeeping(t.core, t.store);
    expect(result.checkpoint_busy).toBe(false);
    expect(walSize()).toBe(0);
    expect(count('events')).toBe(20);
  });
});
