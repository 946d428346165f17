import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon } from '../../helpers/daemon.js';
import type { RunningDaemon } from '../../helpers/daemon.js';
import { factoryHttp, openReturn } from './helpers/factory-http.js';
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

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('factory tui: Returns', () => {
  it('restocks a return at a bay (never without one) and writes another off', async () => {
    const first = await openReturn(daemon.url, daemon.apiKey, 'PO-1001');
    const second = await openReturn(daemon.url, daemon.apiKey, 'PO-1002');
    const http = factoryHttp(daemon.url, daemon.apiKey);

    tui = renderTui({ url: daemon.url, token: daemon.apiKey });
    await tui.waitFor('API key “initial”');
    tui.press('4');
    // Newest first: the second return is selected.
    await tui.waitFor(
      new RegExp(`› ${escape(second.barcode)}\\s+PO-1002\\s+torn cover\\s+just now`),
    );
    expect(tui.lastFrame()).toMatch(new RegExp(`  ${escape(first.barcode)}\\s+PO-1001`));

    tui.press(KEY.down);
    await tui.waitFor(new RegExp(`› ${escape(first.barcode)}`));
    tui.press('s');
    await tui.waitFor(`Restock ${first.barcode}`);
    tui.press(KEY.enter);
    await tui.waitFor('✗ a bay is needed to restock');
    tui.type('B-12');
    await tui.waitFor('Bay: B-12█');
    tui.press(KEY.enter);
    const restocked = await tui.waitFor(`✓ Restocked ${first.barcode} at B-12.`);
    expect(restocked).toContain('✓');
    await tui.waitFor(
      (frame) => !frame.includes(`  ${first.barcode} `) && !frame.includes(`› ${first.barcode}`),
    );
    const closed = await http.get<{ status: string; location: string }>(`/v1/returns/${first.id}`);
    expect(closed).toMatchObject({ status: 'restocked', location: 'B-12' });

    await tui.waitFor(new RegExp(`› ${escape(second.barcode)}`));
    tui.press('w');
    await tui.waitFor(`Write off ${second.barcode}?`);
    tui.press('n');
    await tui.waitFor((frame) => !frame.includes('Write off'));
    expect((await http.get(`/v1/returns/${second.id}`)).status).toBe('received');
    tui.press('w');
    await tui.waitFor(`Write off ${second.barcode}?`);
    tui.press('y');
    await tui.waitFor(`✓ Wrote off ${second.barcode}.`);
    await tui.waitFor('No open returns.');
    expect((await http.get(`/v1/returns/${second.id}`)).status).toBe('written_off');
  });
});
