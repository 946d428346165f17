import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExpiry, parseOverlap } from '../../src/cli/commands/keys/key-expiry.js';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { run, type RunOptions } from './helpers/memory-io.js';

/** `factory keys create --scope … --expires …` and `factory keys roll`, against the real API. */
let t: TestApp;
let env: Record<string, string>;

beforeAll(async () => {
  t = await makeTestApp();
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

describe('factory keys', () => {
  it('creates a scoped, expiring key that the server holds to its scopes', async () => {
    const key = await json([
      'keys',
      'create',
      '--name',
      'Label printer',
      '--scope',
      'labels,read',
      '--expires',
      '90d',
    ]);
    expect(key).toMatchObject({ scopes: ['read', 'labels'], key: expect.stringMatching(/^sk_/) });
    // 90 days from the CLI's clock (memory-io: 2026-11-22T10:00Z).
    expect(key.expires_at).toBe('2027-02-20T10:00:00.000Z');

    const asKey = { env: { ...env, FACTORY_API_KEY: key.key as string } };
    expect((await run(['orders', 'list'], asKey)).code).toBe(0);
    const refused = await run(['webhooks', 'list'], asKey);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('scopes');

    const listed = await json<Record<string, unknown>[]>(['keys', 'list']);
    expect(listed.find((row) => row.id === key.id)).toMatchObject({ scopes: ['read', 'labels'] });
  });

  it('refuses an unknown scope or expiry before calling the server', async () => {
    const scope = await run(['keys', 'create', '--name', 'x', '--scope', 'write'], { env });
    expect(scope.code).toBe(2);
    expect(scope.stderr).toContain('unknown scope "write"');
    const expiry = await run(['keys', 'create', '--name', 'x', '--expires', 'soon'], { env });
    expect(expiry.code).toBe(2);
    expect(expiry.stderr).toContain('--expires');
  });

  it('rolls a key: a new key now, the old one until the overlap ends', async () => {
    const old = await json(['keys', 'create', '--name', 'ERP', '--scope', 'orders:write']);
    const rolled = await json(['keys', 'roll', old.id as string, '--overlap', '2h']);
    expect(rolled).toMatchObject({
      name: 'ERP',
      scopes: ['orders:write'],
      previous: { id: old.id },
    });
    // Two hours from the server's clock.
    expect((rolled.previous as { expires_at: string }).expires_at).toBe(
      new Date(t.clock.now().getTime() + 2 * 3_600_000).toISOString(),
    );
    const now = await json(['keys', 'roll', rolled.id as string, '--overlap', '0m']);
    const dead = await run(['orders', 'list'], {
      env: { ...env, FACTORY_API_KEY: rolled.key as string },
    });
    expect(dead.code).toBe(4);
    expect(now.key).toMatch(/^sk_live_/);
  });

  it('reads spans, dates and instants', () => {
    const now = new Date('2026-11-26T10:00:00.000Z');
    expect(parseExpiry('12h', now)).toBe('2026-11-26T22:00:00.000Z');
    expect(parseExpiry('2027-01-31', now)).toBe('2027-01-31T00:00:00.000Z');
    expect(parseExpiry('2027-01-31T08:30:00+01:00', now)).toBe('2027-01-31T07:30:00.000Z');
    expect(parseOverlap('7d')).toBe(604_800);
    expect(parseOverlap('0m')).toBe(0);
    expect(parseOverlap('3600')).toBe(3600);
  });
});
