import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transact } from '../../src/core/transaction.js';
import { instantOf } from '../../src/cli/commands/webhooks/webhooks.actions.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { run } from './helpers/memory-io.js';

/** `factory webhooks retry --since …`: the failed deliveries of a window, against the real API. */

let t: TestApp;
let env: Record<string, string>;
beforeEach(async () => {
  t = await makeTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  env = { FACTORY_URL: `http://127.0.0.1:${port}`, FACTORY_API_KEY: t.apiKey };
});
afterEach(async () => {
  await t.close();
});

async function failedDeliveries(endpoints: string[], events: number): Promise<void> {
  for (let i = 0; i < events; i++) {
    t.clock.advance(60_000);
    await transact(t.core, async (tx) => tx.emit(t.factoryId, 'order.created', {}));
  }
  await t.sql
    .prepare(
      "update webhook_deliveries set status = 'failed', attempts = 8, next_attempt_at = null",
    )
    .run();
  expect(endpoints.length).toBeGreaterThan(0);
}

async function endpoint(path: string): Promise<string> {
  const res = await t.request('POST', '/v1/webhooks', {
    body: { url: `http://127.0.0.1:9/${path}`, events: ['*'] },
  });
  return res.json().id as string;
}

describe('factory webhooks retry', () => {
  it('retries by endpoint and age, and says how many', async () => {
    const erp = await endpoint('erp');
    const wms = await endpoint('wms');
    await failedDeliveries([erp, wms], 3);
    // The server's clock is the test's; the CLI's "now" is given the same.
    const now = t.clock.now();

    const one = await run(['webhooks', 'retry', '--endpoint', erp, '--since', '1m'], {
      env,
      now,
      tty: true,
    });
    expect(one.stderr).toBe('');
    expect(one.code).toBe(0);
    // Events a minute apart: the last two were made in the last minute, inclusive.
    expect(one.stdout).toContain(`Retrying 2 failed deliveries to ${erp} made since`);

    const all = await run(['webhooks', 'retry', '--since', '1d', '--json'], { env, now });
    expect(JSON.parse(all.stdout)).toEqual({ object: 'webhook_delivery_retry', retried: 4 });
    const none = await run(['webhooks', 'retry', '--since', '1d'], { env, now, tty: true });
    expect(none.stdout).toContain('No failed deliveries made since');

    const usage = await run(['webhooks', 'retry'], { env, now });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--since');
    const bad = await run(['webhooks', 'retry', '--since', 'yesterday'], { env, now });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('30m, 6h or 2d');
  });

  it('reads ages, dates and times', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(instantOf('30m', '--since', now)).toBe('2026-11-26T11:30:00.000Z');
    expect(instantOf('2d', '--since', now)).toBe('2026-11-24T12:00:00.000Z');
    expect(instantOf('2026-11-25', '--since', now)).toBe('2026-11-25T00:00:00.000Z');
    expect(instantOf('2026-11-25T08:00:00+01:00', '--since', now)).toBe('2026-11-25T07:00:00.000Z');
  });
});
