import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDaemon } from '../../helpers/daemon.js';
import type { RunningDaemon } from '../../helpers/daemon.js';
import { dispatchedPiece, factoryHttp, openReturn } from './helpers/factory-http.js';
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

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('factory tui: Returns', () => {
  it('restocks a return at a bay (never without one) and writes another off', async () => {
    const first = await openReturn(daemon.url, daemon.apiKey, 'PO-1001');
    const second = await openReturn(daemon.url, daemon.apiKey, 'PO-1002');
    const http = factoryHttp(daemon.url, daemon.apiKey);

    tui = await openTui({ url: daemon.url, token: daemon.apiKey });
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

  it('records a new return: the barcode typed (or scanned), an optional reason, the server refusing what it must', async () => {
    const { barcode } = await dispatchedPiece(daemon.url, daemon.apiKey, 'PO-2001');
    const http = factoryHttp(daemon.url, daemon.apiKey);

    tui = await openTui({ url: daemon.url, token: daemon.apiKey });
    tui.press('4');
    await tui.waitFor('n new return');
    tui.press('n');
    await tui.waitFor('New return: a dispatched piece that came back');
    // Nothing typed: said at once, nothing sent.
    tui.press(KEY.enter);
    await tui.waitFor('✗ type or scan the barcode of the piece that came back');

    // A barcode no piece has: the server's answer under the form, which stays open.
    tui.type('NOPE 404\r');
    await tui.waitFor('› Reason : █');
    tui.press(KEY.enter);
    const refused = await tui.waitFor('(not_found)');
    expect(refused).toContain('Barcode: NOPE 404');
    expect(refused).toContain('› Barcode: NOPE 404█');

    // Corrected the shell way (Ctrl-U), then scanned: a scanner types the barcode and Enter.
    tui.press(KEY.ctrlU);
    await tui.waitFor('› Barcode: █');
    tui.type(`${barcode}\r`);
    await tui.waitFor('› Reason : █');
    tui.type('wrong colour');
    tui.press(KEY.enter);
    const recorded = await tui.waitFor(`✓ Recorded the return of ${barcode} (order PO-2001)`);
    expect(recorded).not.toContain('New return');
    await tui.waitFor(new RegExp(`› ${escape(barcode)}\\s+PO-2001\\s+wrong colour\\s+just now`));

    const open = await http.get<{
      data: Array<{ barcode: string; reason: string; status: string }>;
    }>('/v1/returns?status=received');
    expect(open.data.filter((item) => item.barcode === barcode)).toEqual([
      expect.objectContaining({ barcode, reason: 'wrong colour', status: 'received' }),
    ]);

    // The same piece again: it is no longer dispatched, and the server says so.
    tui.press('n');
    await tui.waitFor('› Barcode: █');
    tui.type(`${barcode}\r\r`);
    await tui.waitFor('(piece_not_dispatched)');
    tui.press(KEY.escape);
    await tui.waitFor((frame) => !frame.includes('New return'));
  });
});
