import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/domain/clock.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { run, type RunOptions } from './helpers/memory-io.js';

/** `factory events`, `factory webhooks rotate-secret` and deliveries by event, against the API. */
let t: TestApp;
let env: Record<string, string>;

beforeAll(async () => {
  // The server's clock is the CLI's (memory-io), as on one machine.
  t = await makeTestApp({ clock: new ManualClock('2026-11-22T10:00:00.000Z') });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  env = { FACTORY_URL: `http://127.0.0.1:${port}`, FACTORY_API_KEY: t.apiKey };
});
afterAll(async () => {
  await t.close();
});

async function json<T = Record<string, unknown>>(argv: string[], options: RunOptions = {}) {
  const result = await run(argv, { ...options, env: { ...env, ...options.env } });
  expect(result.stderr, argv.join(' ')).toBe('');
  expect(result.code, argv.join(' ')).toBe(0);
  return JSON.parse(result.stdout) as T;
}

type Row = Record<string, unknown>;

describe('factory events and webhook secrets', () => {
  it('lists and shows events, and finds an event’s deliveries', async () => {
    const hook = await json(['webhooks', 'create', 'http://127.0.0.1:9/erp']);
    await json(['retailers', 'create', '--name', 'Acme', '--code', 'ACME']);
    await json([
      'orders',
      'create',
      '--retailer',
      'ACME',
      '--order-no',
      'PO-1',
      '--sku',
      'SOFA',
      '--qty',
      '1',
      '--pieces-per-unit',
      '1',
    ]);
    const events = await json<Row[]>(['events', 'list', '--type', 'order.created']);
    expect(events).toHaveLength(1);
    const [created] = events;
    expect(created).toMatchObject({ object: 'event', type: 'order.created' });
    const one = await json(['events', 'get', created!.id as string]);
    expect(one.data).toMatchObject({ order_no: 'PO-1' });
    const after = await json<Row[]>(['events', 'list', '--created-after', '2099-01-01T00:00:00Z']);
    expect(after).toEqual([]);

    const deliveries = await json<Row[]>([
      'webhooks',
      'deliveries',
      '--event-id',
      created!.id as string,
    ]);
    expect(deliveries).toEqual([
      expect.objectContaining({ event_id: created!.id, endpoint_id: hook.id }),
    ]);
  });

  it('rotates a webhook secret, the old one signing until --old-until', async () => {
    const hook = await json(['webhooks', 'create', 'http://127.0.0.1:9/other']);
    const rotated = await json([
      'webhooks',
      'rotate-secret',
      hook.id as string,
      '--old-until',
      '2h',
    ]);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(hook.secret);
    const bad = await run(['webhooks', 'rotate-secret', hook.id as string, '--old-until', 'x'], {
      env,
    });
    expect(bad.code).toBe(2);
    // Two hours from the CLI's clock.
    expect(rotated.previous_secret_expires_at).toBe('2026-11-22T12:00:00.000Z');
  });
});
