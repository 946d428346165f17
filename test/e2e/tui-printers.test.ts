// The TUI's Stations panel shows each station's printer, its name and state as the printer said
// it, in a real terminal (tmux) against a real factoryd driving a fake ZPL printer.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTABLE_ENV, FACTORY, shellCommand, startDaemon } from '../helpers/daemon.js';
import type { RunningDaemon } from '../helpers/daemon.js';
import { SCREENSHOT_DIR } from '../helpers/browser.js';
import { FakeZplPrinter } from '../helpers/fake-zpl-printer.js';
import { factoryHttp } from '../cli/tui/helpers/factory-http.js';

const SOCKET = `factory-tui-printers-${process.pid}`;
const tmux = (...args: string[]) =>
  execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });

let daemon: RunningDaemon;
let printer: FakeZplPrinter;

beforeAll(async () => {
  daemon = await startDaemon();
  printer = await FakeZplPrinter.start();
});
afterAll(async () => {
  try {
    tmux('kill-server');
  } catch {
    // Already gone with its last session.
  }
  await printer.stop();
  await daemon.stop();
});

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

function openTerminal(name: string, size: { columns: number; rows: number }) {
  const command = [
    'env',
    `FACTORY_URL=${quote(daemon.url)}`,
    `FACTORY_API_KEY=${quote(daemon.apiKey)}`,
    ...Object.entries(EXECUTABLE_ENV).map(([key, value]) => `${key}=${quote(value)}`),
    shellCommand(FACTORY),
    'tui',
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
  const screen = () => tmux('capture-pane', '-p', '-t', name).replace(/\n+$/, '');
  return {
    screen,
    keys: (...keys: string[]) => tmux('send-keys', '-t', name, ...keys),
    waitFor: async (expected: string | RegExp, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const text = screen();
        if (typeof expected === 'string' ? text.includes(expected) : expected.test(text))
          return text;
        if (Date.now() > deadline)
          throw new Error(`screen never showed ${String(expected)}:\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

describe('factory tui: a station’s printer', () => {
  it('shows the selected station’s printer and its state, and a printer column when wide', async () => {
    const http = factoryHttp(daemon.url, daemon.apiKey);
    const added = await http.post<{ id: string }>('/v1/printers', {
      name: 'Line 1 Zebra',
      language: 'zpl',
      uri: printer.uri,
    });
    const code = await http.post<{ code: string }>('/v1/pairing-codes', {
      name: 'Line 1',
      role: 'produce',
    });
    const paired = await factoryHttp(daemon.url, undefined).post<{ id: string }>(
      '/v1/stations/pair',
      { code: code.code },
    );
    await http.request('PATCH', `/v1/stations/${paired.id}`, { printer_id: added.id });

    const term = openTerminal('narrow', { columns: 100, rows: 30 });
    await term.waitFor(/› Line 1\s+produce/);
    const ready = await term.waitFor('Printer of “Line 1”: Line 1 Zebra · ready');
    expect(ready).toContain('q quit');

    // Paper out: a job makes factoryd ask the printer at once; the panel shows what it said.
    printer.state = { paperOut: true };
    await http.post('/v1/print-jobs', { printer_id: added.id, test_label: true });
    const out = await term.waitFor('Printer of “Line 1”: Line 1 Zebra · paper out');
    term.keys('q');

    const wide = openTerminal('wide', { columns: 130, rows: 30 });
    const table = await wide.waitFor(
      /› Line 1\s+produce\s+never\s+never checked\s+active\s+Line 1 Zebra · paper out/,
    );
    expect(table).toMatch(/status\s+printer/);
    expect(table).not.toContain('Printer of');
    // What a person sees, to look at.
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(join(SCREENSHOT_DIR, 'tui-station-printer.txt'), `${out}\n\n${table}\n`);
    wide.keys('q');
  });
});
