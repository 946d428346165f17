import { afterEach, describe, expect, it } from 'vitest';
import { startDaemon } from '../../helpers/daemon.js';
import type { RunningDaemon } from '../../helpers/daemon.js';
import { pairStation } from './helpers/factory-http.js';
import { renderTui } from './helpers/tui-harness.js';
import type { Tui } from './helpers/tui-harness.js';

const daemons: RunningDaemon[] = [];
const tuis: Tui[] = [];

afterEach(async () => {
  await Promise.all(tuis.splice(0).map((tui) => tui.close()));
  await Promise.all(daemons.splice(0).map((daemon) => daemon.stop()));
});

/** The same server again, on the same address and with the same data. */
async function restart(daemon: RunningDaemon): Promise<RunningDaemon> {
  const again = await startDaemon({
    dataDir: daemon.dataDir,
    args: ['--port', new URL(daemon.url).port],
  });
  daemons.push(again);
  expect(again.url).toBe(daemon.url);
  return again;
}

describe('factory tui: a lost connection', () => {
  it('says it is reconnecting while the server is down and recovers when it is back', async () => {
    const first = await startDaemon();
    daemons.push(first);
    await pairStation(first.url, first.apiKey, 'Before', 'produce');
    const tui = renderTui({ url: first.url, token: first.apiKey });
    tuis.push(tui);
    await tui.waitFor(/› Before\s+produce/);

    await first.stop();
    const down = await tui.waitFor('⟳ reconnecting…');
    expect(down).toMatch(
      /reconnecting… cannot reach http:\/\/127\.0\.0\.1:\d+: connection refused/,
    );
    // What was on screen stays there meanwhile, and no stack trace appears.
    expect(down).toMatch(/› Before\s+produce/);
    expect(down).not.toMatch(/\n\s+at /);

    // A terminal UI opened while the server is down waits for it instead of failing.
    const late = renderTui({ url: first.url, token: first.apiKey });
    tuis.push(late);
    const waiting = await late.waitFor('⟳ reconnecting…');
    expect(waiting).toContain(`Connecting to ${first.url}…`);

    const second = await restart(first);
    await pairStation(second.url, second.apiKey, 'After', 'dispatch');
    const back = await tui.waitFor(/After\s+dispatch/);
    expect(back).not.toContain('reconnecting');
    expect(back).toMatch(/Before\s+produce/);
    await late.waitFor(/After\s+dispatch/);
    expect(late.lastFrame()).toContain('API key “initial”');
  });
});
