import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon } from '../../helpers/daemon.js';
import type { RunningDaemon } from '../../helpers/daemon.js';
import { factoryHttp } from './helpers/factory-http.js';
import { readQrFromScreen } from './helpers/read-qr.js';
import { KEY, openTui, typeStationName } from './helpers/tui-harness.js';
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

/** Issues a pairing code from the Stations tab and answers the code shown. */
async function issueCode(ui: Tui, name: string, role: 'produce' | 'stock' | 'dispatch' | 'board') {
  await typeStationName(ui, name);
  ui.press(KEY.enter);
  await ui.waitFor('› Role:');
  ui.press(role[0]!);
  await ui.waitFor(`[${role}]`);
  ui.press(KEY.enter);
  const frame = await ui.waitFor(/Code {5}[A-Z]{4}-[A-Z]{4}/);
  return /Code {5}([A-Z]{4}-[A-Z]{4})/.exec(frame)![1]!;
}

describe('factory tui: Stations', () => {
  it('shows a pairing code with its QR code and notices when the station pairs', async () => {
    tui = await openTui({ url: daemon.url, token: daemon.apiKey });
    const code = await issueCode(tui, 'Line 3 packing', 'dispatch');
    const frame = tui.lastFrame();
    expect(frame).toContain('Pairing code for “Line 3 packing” (dispatch)');
    expect(frame).toContain('Expires  in 10:00');
    expect(frame).toContain('Waiting for “Line 3 packing” to pair…');
    // The station page's address with the code, for a phone or tablet.
    expect(frame).toContain(`Open     ${daemon.url}/station#code=${code}`);
    // The QR on screen carries the server's pairing link, as a phone camera reads it.
    const settings = await factoryHttp(daemon.url, daemon.apiKey).get('/v1/settings');
    expect(readQrFromScreen(frame)).toBe(
      `${String(settings.station_app_scheme)}://pair?code=${code.replace('-', '')}`,
    );

    // The device pairs on its own, with no token: the screen must notice by itself.
    const station = await factoryHttp(daemon.url, undefined).post<{ id: string; role: string }>(
      '/v1/stations/pair',
      { code },
    );
    expect(station.role).toBe('dispatch');
    const paired = await tui.waitFor('✓ Paired: Line 3 packing');
    expect(paired).toContain('Status   Paired');
    expect(paired).not.toContain('Expires');
    // The used code's QR is gone: nobody can scan it by mistake.
    expect(() => readQrFromScreen(paired)).toThrow(/no QR code on screen/);
    expect(paired).toContain(`Code     ${code}`);

    await factoryHttp(daemon.url, daemon.apiKey).post(`/v1/stations/${station.id}/hardware-check`, {
      input_mode: 'keyboard',
      suffix: 'enter',
      passed: false,
    });
    tui.press(KEY.escape);
    await tui.waitFor(/› Line 3 packing\s+dispatch\s+never\s+FAILED just now\s+active/);

    tui.press('r');
    await tui.waitFor('Revoke station “Line 3 packing” (dispatch)?');
    tui.press('y');
    await tui.waitFor('✓ Revoked station “Line 3 packing”');
    await tui.waitFor(/Line 3 packing\s+dispatch\s+never\s+FAILED just now\s+revoked/);
    const listed = await factoryHttp(daemon.url, daemon.apiKey).get<{ revoked_at: string | null }>(
      `/v1/stations/${station.id}`,
    );
    expect(listed.revoked_at).not.toBeNull();
  });

  it('counts down from 10:00 on the injected clock and says when the code expired', async () => {
    let clock = Date.now();
    tui = await openTui({ url: daemon.url, token: daemon.apiKey, now: () => new Date(clock) });
    const code = await issueCode(tui, 'Bay scanner', 'stock');
    expect(tui.lastFrame()).toContain('Expires  in 10:00');

    clock += 4 * 60_000 + 30_000;
    await tui.waitFor('Expires  in 05:30');
    clock += 5 * 60_000 + 29_000;
    await tui.waitFor('Expires  in 00:01');
    clock += 1_000;
    const expired = await tui.waitFor('expired — press n for a new code');
    expect(expired).toContain('Not paired.');
    expect(expired).not.toContain('Waiting for');

    tui.press(KEY.enter);
    await tui.waitFor('n new pairing code');
    expect(tui.lastFrame()).not.toContain(code);
  });

  it('follows the code it issued, not its station name, when two codes share a name', async () => {
    tui = await openTui({ url: daemon.url, token: daemon.apiKey });
    const first = await issueCode(tui, 'Packing', 'stock');
    // A second code for a station of the same name, from the code's screen.
    await typeStationName(tui, 'Packing');
    tui.press(KEY.enter);
    await tui.waitFor('› Role:');
    tui.press('s', KEY.enter);
    const frame = await tui.waitFor(
      (shown) => /Code {5}[A-Z]{4}-[A-Z]{4}/.test(shown) && !shown.includes(`Code     ${first}`),
    );
    const second = /Code {5}([A-Z]{4}-[A-Z]{4})/.exec(frame)![1]!;

    // The first code is used: a station named "Packing" appears, but not the one on screen.
    const pair = (code: string) =>
      factoryHttp(daemon.url, undefined).post<{ id: string }>('/v1/stations/pair', { code });
    const early = await pair(first);
    tui.press(KEY.escape);
    await tui.waitFor(/› Packing\s+stock\s+never/);
    const waiting = await tui.waitFor(`Pairing code ${second} for “Packing”`);
    expect(waiting).not.toContain('✓ Paired');
    tui.press('p');
    const still = await tui.waitFor(`Code     ${second}`);
    expect(still).toContain('Waiting for “Packing” to pair…');
    expect(still).not.toContain('✓ Paired');

    // Its own code used, the screen says so.
    const late = await pair(second);
    expect(late.id).not.toBe(early.id);
    const paired = await tui.waitFor('✓ Paired: Packing');
    expect(paired).toContain(`Code     ${second}`);
  });

  it('issues a code for a board (a TV): its address as the QR, then lists it as a board', async () => {
    tui = await openTui({ url: daemon.url, token: daemon.apiKey });
    await typeStationName(tui, 'Hall TV');
    tui.press(KEY.enter);
    // The picker offers the board among the roles, and `b` picks it.
    const picker = await tui.waitFor('› Role:');
    expect(picker).toMatch(/produce.*stock.*dispatch.*board/);
    expect(picker).toContain('←/→ p/s/d/b');
    tui.press('b');
    await tui.waitFor('[board]');
    tui.press(KEY.enter);
    const frame = await tui.waitFor(/Code {5}[A-Z]{4}-[A-Z]{4}/);
    const code = /Code {5}([A-Z]{4}-[A-Z]{4})/.exec(frame)![1]!;
    expect(frame).toContain('Pairing code for “Hall TV” (board)');
    expect(frame).toContain(`Open     ${daemon.url}/board#code=${code}`);
    expect(frame).toContain('On the TV, open the address below in its browser');
    expect(frame).toContain('Board address');
    expect(frame).not.toContain('Station app');
    // The QR is the board's address (a board never pairs through the station app).
    expect(readQrFromScreen(frame)).toBe(`${daemon.url}/board#code=${code}`);

    const board = await factoryHttp(daemon.url, undefined).post<{ role: string }>(
      '/v1/stations/pair',
      { code },
    );
    expect(board.role).toBe('board');
    await tui.waitFor('✓ Paired: Hall TV');
    expect(tui.lastFrame()).toContain('The board has its token and shows the floor now.');
    // Listed with its role; no scans and no scanner check to show.
    tui.press(KEY.escape);
    await tui.waitFor(/Hall TV\s+board\s+—\s+—\s+active/);
    tui.press('r');
    await tui.waitFor('Revoke station “Hall TV” (board)?');
    expect(tui.lastFrame()).toContain('the TV must be paired again to show the board');
    tui.press('n');
  });

  it('keeps a name from being empty before asking for the role', async () => {
    tui = await openTui({ url: daemon.url, token: daemon.apiKey });
    tui.press('n');
    await tui.waitFor('Station name:');
    tui.press(KEY.enter);
    await tui.waitFor('a name is needed');
    tui.press(KEY.escape);
    await tui.waitFor('n new pairing code');
  });
});
