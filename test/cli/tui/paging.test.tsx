import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon } from '../../helpers/daemon.js';
import type { RunningDaemon } from '../../helpers/daemon.js';
import { factoryHttp } from './helpers/factory-http.js';
import { KEY, openTui } from './helpers/tui-harness.js';
import type { Tui } from './helpers/tui-harness.js';

/** More keys than one page holds (100), with the daemon's own key one more. */
const CREATED = 120;

let daemon: RunningDaemon;
let tui: Tui | undefined;

beforeAll(async () => {
  daemon = await startDaemon();
  const http = factoryHttp(daemon.url, daemon.apiKey);
  for (let index = 1; index <= CREATED; index += 1) {
    await http.post('/v1/api-keys', { name: `import job ${String(index).padStart(3, '0')}` });
  }
});
afterAll(async () => {
  await daemon.stop();
});
afterEach(async () => {
  await tui?.close();
  tui = undefined;
});

describe('factory tui: lists longer than a page', () => {
  it('says there are more than the first page and reads the next one at the last row', async () => {
    tui = await openTui({ url: daemon.url, token: daemon.apiKey });
    tui.press('1');
    const first = await tui.waitFor(/of 100\+ · the last row loads more/);
    expect(first).toMatch(/› import job 120/);

    // The last row read so far: the next page follows on its own, and the count is complete.
    tui.press(KEY.end);
    const all = await tui.waitFor(new RegExp(`of ${CREATED + 1}\\b`));
    expect(all).not.toContain('loads more');
    expect(all).toMatch(/› import job 021/);
    tui.press(KEY.end);
    await tui.waitFor(/› initial\s+…\w{4}/);

    // A refresh rereads every page read so far: a key added meanwhile joins a list as long.
    await factoryHttp(daemon.url, daemon.apiKey).post('/v1/api-keys', { name: 'late import' });
    const refreshed = await tui.waitFor(new RegExp(`of ${CREATED + 2}\\b`));
    expect(refreshed).not.toContain('loads more');
  });
});
