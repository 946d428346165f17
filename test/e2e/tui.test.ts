import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTABLE_ENV, FACTORY, shellCommand, startDaemon } from '../helpers/daemon.js';
import type { RunningDaemon } from '../helpers/daemon.js';
import { dispatchedPiece, factoryHttp } from '../cli/tui/helpers/factory-http.js';
import { readQrFromScreen } from '../cli/tui/helpers/read-qr.js';

// A tmux server of our own, so nothing here touches anyone else's sessions.
const SOCKET = `factory-tui-e2e-${process.pid}`;
const tmux = (...args: string[]) =>
  execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });

let daemon: RunningDaemon;
let dir: string;

beforeAll(async () => {
  daemon = await startDaemon();
  dir = mkdtempSync(join(tmpdir(), 'factory-tui-e2e-'));
});
afterAll(async () => {
  try {
    tmux('kill-server');
  } catch {
    // Already gone with its last session.
  }
  rmSync(dir, { recursive: true, force: true });
  await daemon.stop();
});

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

/** Runs `factory tui` in a real terminal of the given size; the exit code lands in a file. */
function openTerminal(name: string, size: { columns: number; rows: number }, env: string[] = []) {
  const exitFile = join(dir, `${name}.exit`);
  const command = [
    'env',
    `FACTORY_URL=${quote(daemon.url)}`,
    `FACTORY_API_KEY=${quote(daemon.apiKey)}`,
    ...Object.entries(EXECUTABLE_ENV).map(([name, value]) => `${name}=${quote(value)}`),
    ...env,
    shellCommand(FACTORY),
    'tui',
    `; echo $? > ${quote(exitFile)}`,
  ].join(' ');
  tmux(
    'new-session',
    '-d',
    '-s',
    name,
    '-x',
    String(size.columns),
    '-y',
    String(size.rows),
    command,
  );
  // Keep the pane after the program ends, to see what it left on the terminal.
  tmux('set-option', '-t', name, 'remain-on-exit', 'on');
  const screen = (escapes = false) =>
    tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', name).replace(/\n+$/, '');
  return {
    screen,
    keys: (...keys: string[]) => tmux('send-keys', '-t', name, ...keys),
    text: (text: string) => tmux('send-keys', '-t', name, '-l', text),
    waitFor: async (expected: string | RegExp, timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const text = screen();
        if (typeof expected === 'string' ? text.includes(expected) : expected.test(text))
          return text;
        if (Date.now() > deadline)
          throw new Error(`screen never showed ${String(expected)}:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    /** Decodes the QR code on screen, capturing again if a redraw was caught half-way. */
    readQr: async () => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        try {
          return readQrFromScreen(screen());
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
    },
    exitCode: async () => {
      const deadline = Date.now() + 15_000;
      while (!existsSync(exitFile) || readFileSync(exitFile, 'utf8').trim() === '') {
        if (Date.now() > deadline) throw new Error(`factory tui did not exit:\n${screen()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return Number(readFileSync(exitFile, 'utf8').trim());
    },
  };
}

// SGR colour parameters: 30–38, 40–48, 90–97, 100–107 (39 and 49 only reset to the default).
// eslint-disable-next-line no-control-regex -- matching terminal escapes is the point
const COLOUR_SGR = /\u001b\[(?:[0-9;]*;)?(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9;]*)?m/;

describe('factory tui in a real terminal (tmux)', () => {
  it('issues a pairing code, sees the station pair, and leaves the terminal as it was', async () => {
    const term = openTerminal('pairing', { columns: 100, rows: 30 });
    const first = await term.waitFor('n new pairing code');
    expect(first.split('\n')[0]).toMatch(
      /^My factory {2}http:\/\/127\.0\.0\.1:\d+ {2}· {2}API key “initial”/,
    );
    expect(first).toContain('[2 Stations]');

    term.keys('n');
    await term.waitFor('Station name:');
    term.text('Packing 1');
    await term.waitFor('Station name: Packing 1█');
    term.keys('Enter');
    await term.waitFor('› Role:');
    term.keys('d');
    await term.waitFor('[dispatch]');
    term.keys('Enter');
    // A whole frame: the code and the footer, which is drawn last.
    const shown = await term.waitFor(/Code {5}[A-Z]{4}-[A-Z]{4}[\s\S]*q quit$/);
    const code = /Code {5}([A-Z]{4}-[A-Z]{4})/.exec(shown)![1]!;
    expect(shown).toMatch(/Expires {2}in (10:00|09:5\d)/);
    // The QR code as the terminal really draws it, read by a real decoder.
    expect(await term.readQr()).toMatch(
      new RegExp(`^[a-z][a-z0-9+.-]*://pair\\?code=${code.replace('-', '')}$`),
    );
    // With colour allowed, the QR code is pinned to light on black.
    expect(term.screen(true)).toMatch(COLOUR_SGR);

    await factoryHttp(daemon.url, undefined).post('/v1/stations/pair', { code });
    const paired = await term.waitFor('✓ Paired: Packing 1');
    expect(paired).toMatch(/Status {3}Paired/);
    expect(paired).not.toContain('Expires');
    expect(() => readQrFromScreen(paired)).toThrow(/no QR code on screen/);
    term.keys('Escape');
    await term.waitFor(/› Packing 1\s+dispatch\s+never\s+never checked\s+active/);

    term.keys('3');
    await term.waitFor(/› stuck_after_days\s+\d+/);
    // A refused value: the server's whole message on screen, then a confirmation once saved.
    term.keys('Enter');
    await term.waitFor(/stuck_after_days\s+\d+█/);
    term.keys('BSpace', 'BSpace', 'BSpace');
    term.text('400');
    await term.waitFor(/stuck_after_days\s+400█/);
    term.keys('Enter');
    const refused = await term.waitFor('✗ stuck_after_days: ');
    const message = (
      await fetch(`${daemon.url}/v1/settings`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${daemon.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ stuck_after_days: 400 }),
      }).then((res) => res.json() as Promise<{ error: { message: string } }>)
    ).error.message;
    expect(refused.replace(/\s+/g, ' ')).toContain(
      `✗ stuck_after_days: ${message} (validation_failed)`,
    );
    term.keys('BSpace', 'BSpace', 'BSpace');
    term.text('9');
    await term.waitFor(/stuck_after_days\s+9█/);
    term.keys('Enter');
    const saved = await term.waitFor('✓ Saved stuck_after_days = 9.');
    expect(saved).not.toContain('✗');
    // The table shows the new value with the confirmation, not after the next reload.
    expect(saved).toMatch(/› stuck_after_days\s+9\s/);
    term.keys('q');
    expect(await term.exitCode()).toBe(0);
    // The UI drew on the alternate screen: the terminal's own screen is back, untouched.
    const after = term.screen();
    expect(after).not.toContain('My factory');
    expect(after).not.toContain('Pairing code');
  });

  it('fits 80×24 and carries no colour with NO_COLOR', async () => {
    const term = openTerminal('small', { columns: 80, rows: 24 }, ['NO_COLOR=1']);
    await term.waitFor('n new pairing code');
    term.keys('n');
    await term.waitFor('Station name:');
    term.text('Goods in');
    term.keys('Enter');
    await term.waitFor('› Role:');
    term.keys('Enter');
    // A whole frame: the code and the footer, which is drawn last.
    const shown = await term.waitFor(/Code {5}[A-Z]{4}-[A-Z]{4}[\s\S]*q quit$/);
    const lines = shown.split('\n');
    expect(lines[0]).toContain('My factory');
    expect(lines[1]).toContain('[2 Stations]');
    expect(lines.at(-1)).toContain('q quit');
    expect(lines.length).toBeLessThanOrEqual(24);
    expect(shown).toContain('Waiting for “Goods in” to pair…');
    expect(term.screen(true)).not.toMatch(COLOUR_SGR);

    term.keys('C-c');
    expect(await term.exitCode()).toBe(0);
  });

  it('edits fields like a shell (Ctrl-U clears: 0 is sent, not 70) and records a return', async () => {
    const http = factoryHttp(daemon.url, daemon.apiKey);
    await http.request('PATCH', '/v1/settings', { stuck_after_days: 7 });
    const { barcode } = await dispatchedPiece(daemon.url, daemon.apiKey, 'PO-4001');
    const term = openTerminal('editing', { columns: 80, rows: 24 });
    await term.waitFor('n new pairing code');

    term.keys('3');
    await term.waitFor(/› stuck_after_days\s+7\s/);
    term.keys('Enter');
    await term.waitFor(/stuck_after_days\s+7█/);
    term.keys('C-u');
    term.text('0');
    await term.waitFor(/stuck_after_days\s+0█/);
    term.keys('Enter');
    // 0 is below the range: refused by the server, which means 0 itself was sent.
    await term.waitFor('✗ stuck_after_days: ');
    term.keys('Home');
    term.text('3');
    await term.waitFor(/stuck_after_days\s+3█?0/);
    term.keys('Enter');
    await term.waitFor('✓ Saved stuck_after_days = 30.');
    expect((await http.get('/v1/settings')).stuck_after_days).toBe(30);

    term.keys('4');
    await term.waitFor('n new return');
    term.keys('n');
    await term.waitFor('› Barcode: █');
    // A scanner: the barcode and Enter, in one burst.
    term.text(`${barcode}\r`);
    await term.waitFor('› Reason : █');
    term.text('torn cover');
    term.keys('C-w', 'C-w');
    await term.waitFor('› Reason : █');
    term.text('scratch on the lid');
    term.keys('C-a', 'C-k');
    term.text('dent');
    term.keys('C-u');
    term.text('0');
    const form = await term.waitFor('› Reason : 0█');
    expect(form).toContain(`Barcode: ${barcode}`);
    term.keys('Enter');
    await term.waitFor(/Recorded the return of .*PO-4001/);
    // The list reloads after the change: the new return on top, its reason the 0 typed last.
    await term.waitFor(new RegExp(`› ${barcode.replace(/ /g, '\\s')}\\s+PO-4001\\s+0\\s`));
    const open = await http.get<{ data: Array<{ barcode: string; reason: string }> }>(
      '/v1/returns?status=received',
    );
    expect(open.data.find((item) => item.barcode === barcode)?.reason).toBe('0');
    term.keys('q');
    expect(await term.exitCode()).toBe(0);
  });
});
