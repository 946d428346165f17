import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../helpers/app.js';
import { run } from './helpers/memory-io.js';

/** `factory sso get|set|off` against the real API: the secret goes in and never comes out. */
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

describe('factory sso', () => {
  it('sets up single sign-on, shows it without the secret, and turns it off', async () => {
    const set = await run(
      [
        'sso',
        'set',
        'provider_name=Keycloak',
        'issuer_url=https://login.example.com/realms/factory',
        'client_id=factoryd',
        'client_secret=s3cret-value-9',
        'role_map.factory-admins=admin',
        'role_map.floor-supervisors=supervisor',
        '--json',
      ],
      { env },
    );
    expect(set.stderr).toBe('');
    expect(JSON.parse(set.stdout)).toMatchObject({
      enabled: true,
      provider_name: 'Keycloak',
      client_secret_set: true,
      role_map: { 'factory-admins': 'admin', 'floor-supervisors': 'supervisor' },
    });
    const shown = await run(['sso', 'get'], { env, tty: true });
    expect(shown.stdout).toContain('Keycloak');
    expect(shown.stdout).not.toContain('s3cret-value-9');

    const refused = await run(['sso', 'set', 'issuer_url=http://login.example.com'], { env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('issuer_url must be an https:// address');

    const off = await run(['sso', 'off', '--json'], { env });
    expect(JSON.parse(off.stdout)).toMatchObject({ enabled: false });
  });
});
