import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR } from '../../helpers/browser.js';
import { startDaemon } from '../../helpers/daemon.js';
import type { RunningDaemon } from '../../helpers/daemon.js';
import { factoryHttp } from './helpers/factory-http.js';
import { KEY, renderTui } from './helpers/tui-harness.js';
import type { Tui } from './helpers/tui-harness.js';

let daemon: RunningDaemon;
let tui: Tui | undefined;

beforeAll(async () => {
  daemon = await startDaemon();
});
afterAll(async () => {
  await daemon.stop();
});
afterEach(async () => {
  await tui?.close();
  tui = undefined;
});

describe('factory tui: Keys', () => {
  it('creates a key, shows it once with a warning, then revokes it', async () => {
    tui = renderTui({ url: daemon.url, token: daemon.apiKey });
    await tui.waitFor('API key “initial”');
    tui.press('1');
    await tui.waitFor(/› initial\s+…\w{4}/);

    tui.press('c');
    await tui.waitFor('Name for the new key');
    tui.press(KEY.enter);
    await tui.waitFor('a name is needed');
    tui.type('ci import');
    await tui.waitFor('Name for the new key: ci import');
    tui.press(KEY.enter);
    // The scopes: admin unless changed.
    await tui.waitFor('Scopes for “ci import”: admin');
    tui.press(KEY.enter);

    const shown = await tui.waitFor('Copy it now');
    expect(shown).toContain('it will not be shown again');
    const key = /sk_live_\w+/.exec(shown)?.[0];
    expect(key).toBeDefined();
    // The key shown is a working key of this factory.
    const me = await factoryHttp(daemon.url, key).get<{ api_key: { name: string } }>('/v1/auth/me');
    expect(me.api_key.name).toBe('ci import');

    tui.press(KEY.enter);
    const list = await tui.waitFor(
      new RegExp(
        `ci import\\s+…${key!.slice(-4)}\\s+admin\\s+just now\\s+(never|just now)\\s+active`,
      ),
    );
    expect(list).not.toContain('Copy it now');
    expect(list).not.toContain(key!);

    // Newest first: the new key is the first row, already selected.
    tui.press('r');
    await tui.waitFor('Revoke key “ci import”');
    tui.press('n');
    await tui.waitFor((frame) => !frame.includes('Revoke key'));
    expect(await factoryHttp(daemon.url, key).status('GET', '/v1/auth/me')).toBe(200);

    tui.press('r');
    await tui.waitFor('Anything using it stops working at once');
    tui.press('y');
    await tui.waitFor('✓ Revoked key “ci import”');
    await tui.waitFor(/ci import\s+…\w{4}\s+admin\s+just now\s+just now\s+revoked just now/);
    expect(await factoryHttp(daemon.url, key).status('GET', '/v1/auth/me')).toBe(401);
  });

  it('creates a key with scopes, rolls it: the new key once, the old one for a day', async () => {
    tui = renderTui({ url: daemon.url, token: daemon.apiKey });
    await tui.waitFor('API key “initial”');
    tui.press('1');
    await tui.waitFor(/initial\s+…\w{4}\s+admin/);
    tui.press('c');
    tui.type('erp');
    tui.press(KEY.enter);
    await tui.waitFor('Scopes for “erp”: admin');
    for (let i = 0; i < 5; i++) tui.press(KEY.backspace);
    tui.type('read,nope');
    tui.press(KEY.enter);
    await tui.waitFor('unknown scope “nope”');
    for (let i = 0; i < 4; i++) tui.press(KEY.backspace);
    tui.type('orders:write');
    tui.press(KEY.enter);
    const shown = await tui.waitFor('Copy it now');
    expect(shown).toContain('New API key “erp” (read, orders:write)');
    const first = /sk_live_\w+/.exec(shown)![0];
    tui.press(KEY.enter);
    await tui.waitFor(/› erp\s+…\w{4}\s+read,orders:write/);

    tui.press('o');
    await tui.waitFor('Roll key “erp”');
    tui.press('y');
    const rolled = await tui.waitFor('keeps working until');
    const second = /sk_live_\w+/.exec(rolled)![0];
    expect(second).not.toBe(first);
    expect(rolled).toContain(`The old key …${first.slice(-4)} keeps working until`);
    tui.press(KEY.enter);
    const list = await tui.waitFor(
      /erp\s+…\w{4}\s+read,orders:write\s+just now\s+(never|just now)\s+expires in/,
    );
    // What a person sees, kept beside the web app's screenshots.
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(join(SCREENSHOT_DIR, 'tui-keys-rolled.txt'), list);
    for (const token of [first, second]) {
      expect(await factoryHttp(daemon.url, token).status('GET', '/v1/orders')).toBe(200);
      expect(await factoryHttp(daemon.url, token).status('GET', '/v1/webhooks')).toBe(403);
    }
  });

  it('warns before revoking its own key, and asks for a sign-in once it is gone', async () => {
    const own = await factoryHttp(daemon.url, daemon.apiKey).post<{ key: string }>('/v1/api-keys', {
      name: 'terminal',
    });
    tui = renderTui({ url: daemon.url, token: own.key });
    await tui.waitFor('API key “terminal”');
    tui.press('1');
    await tui.waitFor(/› terminal\s+…\w{4}/);
    tui.press('r');
    await tui.waitFor('This terminal is signed in with this key: it stops working here too.');
    tui.press('y');
    const signIn = await tui.waitFor('Sign in to');
    expect(signIn).toMatch(/invalid_token\)?: sign in again\./);
    expect(await factoryHttp(daemon.url, own.key).status('GET', '/v1/auth/me')).toBe(401);
  });
});
