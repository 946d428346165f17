import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import stringWidth from 'string-width';
import { bigCodeWidth } from '../../../src/cli/tui/components/BigCode.js';
import { startDaemon } from '../../helpers/daemon.js';
import type { RunningDaemon } from '../../helpers/daemon.js';
import { factoryHttp, pairStation } from './helpers/factory-http.js';
import { readQrFromScreen } from './helpers/read-qr.js';
import { KEY, openTui, renderTui, typeStationName } from './helpers/tui-harness.js';
import type { Tui } from './helpers/tui-harness.js';

const SMALL = { columns: 80, rows: 24 };

let daemon: RunningDaemon;
let tui: Tui | undefined;

beforeAll(async () => {
  daemon = await startDaemon();
  await pairStation(
    daemon.url,
    daemon.apiKey,
    'Upholstery line 2, left-hand side, next to the big door',
    'produce',
  );
  await factoryHttp(daemon.url, daemon.apiKey).post('/v1/api-keys', {
    name: 'a key with a very long name used by the nightly warehouse import job',
  });
});
afterAll(async () => {
  await daemon.stop();
});
afterEach(async () => {
  await tui?.close();
  tui = undefined;
});

/** The frame fits the terminal: no line wider than it, and a spare line at the bottom. */
function expectFits(frame: string) {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(SMALL.rows - 1);
  for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(SMALL.columns);
  expect(lines[0]).toContain('My factory');
  expect(lines.at(-1)).toContain('q quit');
}

describe('factory tui in an 80×24 terminal', () => {
  it('keeps every tab and the pairing code within the screen', async () => {
    tui = renderTui({ url: daemon.url, token: daemon.apiKey, size: SMALL });
    const stations = await tui.waitFor(/› Upholstery line 2.*…\s+produce/);
    expectFits(stations);

    tui.press('n');
    await tui.waitFor('Station name:');
    tui.type('Dispatch bay');
    tui.press(KEY.enter);
    await tui.waitFor('› Role:');
    tui.press(KEY.enter);
    // A frame with the whole QR code drawn (its quiet zone is a row of full blocks) and the code.
    const pairing = await tui.waitFor(/^█{20,}[\s\S]*Code {5}[A-Z]{4}-[A-Z]{4}/m);
    expectFits(pairing);
    const code = /Code {5}([A-Z]{4}-[A-Z]{4})/.exec(pairing)![1]!;
    expect(readQrFromScreen(pairing)).toMatch(
      new RegExp(`://pair\\?code=${code.replace('-', '')}$`),
    );
    // The block letters stand right of the QR code, as well as the plain code, when they fit
    // beside it: at 80 columns a code of wide letters (M, W) may not, and then only the plain
    // code is shown (the code is random, so both happen).
    const qrWidth = /^█+/m.exec(pairing)![0].length;
    const lettering = pairing.split('\n').filter((line) => /[▀▄█]/.test(line.slice(qrWidth + 1)));
    const besideQr = SMALL.columns - qrWidth - 3;
    expect(lettering).toHaveLength(bigCodeWidth(code) <= besideQr ? 3 : 0);

    tui.press('1');
    // The long name is cut to its column (scopes, created, last used and status take the rest).
    expectFits(await tui.waitFor(/› a key w\S*…/));
    tui.press('3');
    expectFits(await tui.waitFor('webhook_allowed_hosts'));
    tui.press('4');
    expectFits(await tui.waitFor('No open returns.'));
  });

  it('leaves on q, and on Ctrl-C even while typing', async () => {
    tui = await openTui({ url: daemon.url, token: daemon.apiKey, size: SMALL });
    tui.press('q');
    await tui.exited;

    tui = await openTui({ url: daemon.url, token: daemon.apiKey, size: SMALL });
    await typeStationName(tui, 'q');
    tui.press(KEY.ctrlC);
    await tui.exited;
  });
});
