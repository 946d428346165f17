import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon } from '../../helpers/daemon.js';
import type { RunningDaemon } from '../../helpers/daemon.js';
import { factoryHttp } from './helpers/factory-http.js';
import { KEY, renderTui } from './helpers/tui-harness.js';
import type { Tui } from './helpers/tui-harness.js';

const PASSWORD = 'correct horse battery';

let daemon: RunningDaemon;
let tui: Tui | undefined;

beforeAll(async () => {
  daemon = await startDaemon();
  const admin = factoryHttp(daemon.url, daemon.apiKey);
  await admin.post('/v1/staff', {
    email: 'sam@acme.test',
    name: 'Sam Shift',
    role: 'supervisor',
    password: PASSWORD,
  });
});
afterAll(async () => {
  await daemon.stop();
});
afterEach(async () => {
  await tui?.close();
  tui = undefined;
});

async function signIn(ui: Tui, email: string, password: string) {
  await ui.waitFor('Sign in to');
  ui.type(email);
  await ui.waitFor(`Email   : ${email}█`);
  ui.press(KEY.tab);
  await ui.waitFor('› Password: █');
  ui.type(password);
  await ui.waitFor(`Password: ${'•'.repeat(password.length)}█`);
  ui.press(KEY.enter);
}

describe('factory tui: signing in', () => {
  it('signs a supervisor in and shows admin-only actions as unavailable', async () => {
    tui = renderTui({ url: daemon.url, token: undefined });
    const form = await tui.waitFor('Sign in to');
    expect(form).toContain('No API key or saved session');

    await signIn(tui, 'sam@acme.test', PASSWORD);
    const stations = await tui.waitFor('Sam Shift <sam@acme.test> (supervisor)');
    expect(stations).not.toContain(PASSWORD);
    expect(stations).toContain('My factory');
    expect(stations).toContain('1 Keys (admin only)');
    expect(stations).toMatch(/n new pairing code {2}r revoke \(admin only\)/);

    // A supervisor may issue pairing codes…
    tui.press('n');
    await tui.waitFor('Station name:');
    tui.type('Goods in');
    tui.press(KEY.enter);
    await tui.waitFor('› Role:');
    tui.press('s', KEY.enter);
    await tui.waitFor(/Code {5}[A-Z]{4}-[A-Z]{4}/);
    tui.press(KEY.escape);
    await tui.waitFor('p show code');

    // …but not revoke stations: the key says so instead of sending a request to be refused.
    await factoryHttp(daemon.url, undefined).post('/v1/stations/pair', {
      code: /Pairing code ([A-Z]{4}-[A-Z]{4})/.exec(tui.lastFrame())![1],
    });
    await tui.waitFor(/› Goods in\s+stock/);
    tui.press('r');
    await tui.waitFor('✗ revoking stations is admin only');
    expect(tui.lastFrame()).not.toContain('Revoke station');

    tui.press('1');
    const keys = await tui.waitFor('[1 Keys (admin only)]');
    expect(keys).toContain('API keys are managed by an admin (admin only).');

    tui.press('3');
    await tui.waitFor(/› stuck_after_days[\s\S]*Enter edit \(admin only\)/);
    tui.press(KEY.enter);
    await tui.waitFor('✗ changing settings is admin only');
  });

  it('shows the server refusing a wrong password, then signs in', async () => {
    tui = renderTui({ url: daemon.url, token: undefined });
    await signIn(tui, 'sam@acme.test', 'not the password');
    const refused = await tui.waitFor(/✗ .+\((invalid_credentials|\w+)\)/);
    expect(refused).toContain('Sign in to');
    expect(refused).not.toContain('not the password');

    // The email stays; the password is typed again.
    tui.press(KEY.tab);
    await tui.waitFor('› Email   : sam@acme.test█');
    tui.press(KEY.tab);
    tui.type(PASSWORD);
    tui.press(KEY.enter);
    await tui.waitFor('Sam Shift <sam@acme.test> (supervisor)');
  });

  it('offers the sign-in form when the configured key is refused', async () => {
    tui = renderTui({ url: daemon.url, token: 'sk_live_00000000000000000000000000000000' });
    const frame = await tui.waitFor('Sign in to');
    expect(frame).toContain('The saved API key or session was refused (invalid_token)');
  });
});
