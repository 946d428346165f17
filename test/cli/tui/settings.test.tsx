import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon } from '../../helpers/daemon.js';
import type { RunningDaemon } from '../../helpers/daemon.js';
import type { HttpError } from './helpers/factory-http.js';
import { factoryHttp } from './helpers/factory-http.js';
import { KEY, openTui } from './helpers/tui-harness.js';
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

const lineOf = (frame: string, field: string) =>
  frame.split('\n').find((line) => line.includes(` ${field} `)) ?? '';

describe('factory tui: Settings', () => {
  it('changes a setting, and shows the server refusing a bad value next to the field', async () => {
    const http = factoryHttp(daemon.url, daemon.apiKey);
    tui = await openTui({ url: daemon.url, token: daemon.apiKey });
    tui.press('3');
    await tui.waitFor(/› stuck_after_days\s+7\s/);

    // A value out of range: the server's own message, inline on the field's line.
    tui.press(KEY.enter);
    await tui.waitFor(/stuck_after_days\s+7█/);
    tui.press(KEY.backspace);
    tui.type('400');
    await tui.waitFor(/stuck_after_days\s+400█/);
    tui.press(KEY.enter);
    const refused = await tui.waitFor((frame) => lineOf(frame, 'stuck_after_days').includes('✗'));
    const refusal = await http
      .request('PATCH', '/v1/settings', { stuck_after_days: 400 })
      .catch((error: HttpError) => error.body as { error: { message: string; code: string } });
    const { message, code } = (refusal as { error: { message: string; code: string } }).error;
    expect(lineOf(refused, 'stuck_after_days')).toContain(`✗ ${message}`.slice(0, 20));
    expect(code).toBe('validation_failed');
    // The whole of it under the table, however long (wrapped, never cut).
    const words = (text: string) => text.replace(/\s+/g, ' ');
    expect(words(refused)).toContain(`✗ stuck_after_days: ${message} (${code})`);
    expect((await http.get('/v1/settings')).stuck_after_days).toBe(7);

    // Corrected in place, then saved.
    tui.press(KEY.backspace, KEY.backspace, KEY.backspace);
    await tui.waitFor(/stuck_after_days\s+█/);
    tui.type('14');
    await tui.waitFor(/stuck_after_days\s+14█/);
    tui.press(KEY.enter);
    const saved = await tui.waitFor('✓ Saved stuck_after_days = 14.');
    expect(lineOf(saved, 'stuck_after_days')).not.toContain('✗');
    expect(words(saved)).not.toContain(message);
    expect(saved).toMatch(/› stuck_after_days\s+14\s/);
    expect((await http.get('/v1/settings')).stuck_after_days).toBe(14);

    // A list setting is typed comma separated.
    tui.press(KEY.end);
    await tui.waitFor(/› webhook_allowed_hosts/);
    tui.press(KEY.enter);
    await tui.waitFor(/webhook_allowed_hosts\s+█/);
    tui.type('hooks.acme.test, 10.0.0.0/8');
    tui.press(KEY.enter);
    await tui.waitFor('✓ Saved webhook_allowed_hosts = hooks.acme.test, 10.0.0.0/8.');
    expect((await http.get('/v1/settings')).webhook_allowed_hosts).toEqual([
      'hooks.acme.test',
      '10.0.0.0/8',
    ]);
  });

  it('edits like a shell: Ctrl-U clears the field, so 7 → Ctrl-U → 0 saves 0 (not 70)', async () => {
    const http = factoryHttp(daemon.url, daemon.apiKey);
    await http.request('PATCH', '/v1/settings', { stuck_after_days: 7 });
    tui = await openTui({ url: daemon.url, token: daemon.apiKey });
    tui.press('3');
    await tui.waitFor(/› stuck_after_days\s+7\s/);
    tui.press(KEY.enter);
    await tui.waitFor(/stuck_after_days\s+7█/);
    tui.press(KEY.ctrlU);
    await tui.waitFor(/stuck_after_days\s+█/);
    tui.type('0');
    await tui.waitFor(/stuck_after_days\s+0█/);
    tui.press(KEY.enter);
    // 0 is out of range (1–365): the server refused 0 itself, so 0 is what was sent.
    const refused = await tui.waitFor((frame) => lineOf(frame, 'stuck_after_days').includes('✗'));
    expect(refused).toMatch(/stuck_after_days\s+0█/);
    expect((await http.get('/v1/settings')).stuck_after_days).toBe(7);

    // The cursor moves: Home, type 1 before the 0, End, Ctrl-W clears the word, type 30.
    tui.press(KEY.home);
    await tui.waitFor(/stuck_after_days\s+█0/);
    tui.type('1');
    await tui.waitFor(/stuck_after_days\s+1█0/);
    tui.press(KEY.end, KEY.ctrlW);
    await tui.waitFor(/stuck_after_days\s+█/);
    tui.type('30');
    tui.press(KEY.left, KEY.backspace);
    await tui.waitFor(/stuck_after_days\s+█0/);
    tui.press(KEY.delete);
    await tui.waitFor(/stuck_after_days\s+█ /);
    tui.type('21');
    tui.press(KEY.enter);
    await tui.waitFor('✓ Saved stuck_after_days = 21.');
    expect((await http.get('/v1/settings')).stuck_after_days).toBe(21);
  });

  it('shows the label size as read-only, with the reason, and never sends it', async () => {
    tui = await openTui({ url: daemon.url, token: daemon.apiKey });
    tui.press('3');
    await tui.waitFor('› stuck_after_days');
    const frame = await tui.waitFor(/label_size\s+4x6 \(read-only\)/);
    expect(lineOf(frame, 'label_size')).toContain('read-only: labels are 4 × 6 in');
    // stuck_after_days, timezone, station_app_scheme, public_url, gs1_company_prefix,
    // session_ttl_hours, label_size.
    tui.press(KEY.down, KEY.down, KEY.down, KEY.down, KEY.down, KEY.down);
    await tui.waitFor('› label_size');
    await tui.waitFor('Enter edit (read-only)');
    tui.press(KEY.enter);
    await tui.waitFor('label_size is read-only: factoryd prints 4 × 6 in labels only.');
    expect(tui.lastFrame()).not.toContain('█');
    expect(tui.lastFrame()).not.toContain('Editing label_size');
  });

  it('leaves the value alone when editing is cancelled', async () => {
    tui = await openTui({ url: daemon.url, token: daemon.apiKey });
    tui.press('3');
    await tui.waitFor('› stuck_after_days');
    tui.press(KEY.down);
    await tui.waitFor('› timezone');
    tui.press('e');
    await tui.waitFor(/timezone\s+\S+█/);
    tui.type('Mars/Olympus');
    tui.press(KEY.escape);
    const frame = await tui.waitFor((text) => !text.includes('█'));
    expect(frame).not.toContain('Mars/Olympus');
    expect((await factoryHttp(daemon.url, daemon.apiKey).get('/v1/settings')).timezone).not.toBe(
      'Mars/Olympus',
    );
  });
});
