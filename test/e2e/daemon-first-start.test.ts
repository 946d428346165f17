// `factoryd serve` and `init` on a new install: the start names the station page's address (or
// says only this machine can reach it), a busy port names the flag that changes it and leaves no
// factory behind, and init takes the factory's name.
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/app.js';
import { testDialect } from '../helpers/dialect.js';
import {
  EXECUTABLE_ENV,
  FACTORYD,
  runFactoryd,
  shellCommand,
  startDaemon,
  type RunningDaemon,
} from '../helpers/daemon.js';

const onSqlite = testDialect() === 'sqlite';

let daemon: RunningDaemon | undefined;
let occupied: Server | undefined;
afterEach(async () => {
  await daemon?.stop();
  daemon = undefined;
  await new Promise((resolve) => (occupied ? occupied.close(resolve) : resolve(undefined)));
  occupied = undefined;
});

describe.runIf(onSqlite)('factoryd serve on a new install', () => {
  it('names the station page and says when only this machine can open it', async () => {
    daemon = await startDaemon();
    await expect.poll(() => daemon!.stderr(), { timeout: 10_000 }).toContain('station page');
    const said = daemon.stderr();
    expect(said).toContain(
      `station page: ${daemon.url}/station (this machine only: factoryd listens on loopback)`,
    );
    expect(said).toContain('start with --host 0.0.0.0');
    expect(said).toContain('public_url');
    const listening = daemon.logs
      .map((l) => JSON.parse(l))
      .find((l) => l.msg === 'factoryd listening');
    expect(listening.station_url).toBe(`${daemon.url}/station`);
  });

  it('logs one line per request, with its id, method, url, status and time', async () => {
    daemon = await startDaemon();
    const res = await fetch(`${daemon.url}/v1/openapi.json`);
    const id = res.headers.get('request-id');
    await expect
      .poll(() => daemon!.logs.filter((l) => l.includes(id!)).length, { timeout: 5000 })
      .toBe(1);
    const line = JSON.parse(daemon.logs.find((l) => l.includes(id!))!);
    expect(line).toMatchObject({
      level: 30,
      reqId: id,
      req: { method: 'GET', url: '/v1/openapi.json' },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    expect(typeof line.responseTime).toBe('number');

    // Health probes (a monitor's, every few seconds) are not logged at info.
    const probes = [await fetch(`${daemon.url}/healthz`), await fetch(`${daemon.url}/readyz`)];
    const after = await fetch(`${daemon.url}/v1/openapi.json`);
    const afterId = after.headers.get('request-id')!;
    await expect
      .poll(() => daemon!.logs.some((l) => l.includes(afterId)), { timeout: 5000 })
      .toBe(true);
    for (const probe of probes) {
      expect(daemon.logs.some((l) => l.includes(probe.headers.get('request-id')!))).toBe(false);
    }
  });

  it('logs passing health probes at debug only', async () => {
    daemon = await startDaemon({ args: ['--log-level', 'debug'] });
    const probe = await fetch(`${daemon.url}/readyz`);
    const id = probe.headers.get('request-id')!;
    await expect.poll(() => daemon!.logs.some((l) => l.includes(id)), { timeout: 5000 }).toBe(true);
    expect(JSON.parse(daemon.logs.find((l) => l.includes(id))!)).toMatchObject({
      level: 20,
      req: { url: '/readyz' },
      res: { statusCode: 200 },
    });
  });

  it('on a busy port, names --port and creates no factory and no first key', async () => {
    occupied = createServer();
    await new Promise<void>((resolve) => occupied!.listen(0, '127.0.0.1', resolve));
    const port = (occupied.address() as { port: number }).port;
    const dir = tempDir();
    const res = runFactoryd(['serve', '--port', String(port), '--data-dir', dir]);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain(`cannot listen on 127.0.0.1:${port}: port ${port} is in use`);
    expect(res.stderr).toContain('Choose another port with --port');
    expect(res.stderr).not.toContain('created a new factory');
    expect(existsSync(join(dir, 'initial-api-key'))).toBe(false);
    const file = join(dir, 'factoryd.db');
    if (existsSync(file)) {
      const db = new Database(file, { readonly: true });
      expect(db.prepare('select count(*) as n from factories').get()).toEqual({ n: 0 });
      db.close();
    }
  });
});

describe.runIf(onSqlite)('factoryd init', () => {
  const companyOf = (dir: string) => {
    const db = new Database(join(dir, 'factoryd.db'), { readonly: true });
    try {
      return db.prepare('select company, name, legal_name from factories').get();
    } finally {
      db.close();
    }
  };

  it('takes the factory’s name with --factory-name; the owner’s name stays empty', () => {
    const dir = tempDir();
    const res = runFactoryd(['init', '--data-dir', dir, '--factory-name', 'Acme Upholstery']);
    expect(res.status, res.stderr).toBe(0);
    expect(companyOf(dir)).toEqual({
      company: 'Acme Upholstery',
      name: '',
      legal_name: 'Acme Upholstery',
    });
  });

  it('asks nothing when not on a terminal, and refuses an empty name', () => {
    const dir = tempDir();
    const res = runFactoryd(['init', '--data-dir', dir], { input: 'Not read\n' });
    expect(res.status, res.stderr).toBe(0);
    expect(res.stderr).not.toContain('Factory name');
    expect(companyOf(dir)).toMatchObject({ company: 'My factory', name: '' });
    const empty = runFactoryd(['init', '--data-dir', tempDir(), '--factory-name', ' ']);
    expect(empty.status).toBe(2);
    expect(empty.stderr).toContain('--factory-name must not be empty');
  });

  it('asks for the factory’s name on a terminal', async () => {
    // A tmux server of our own: a real terminal, nobody else's sessions.
    const socket = `factoryd-init-${process.pid}`;
    const tmux = (...args: string[]) =>
      execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
    const dir = tempDir();
    const env = Object.entries(EXECUTABLE_ENV).map(([k, v]) => `${k}='${v}'`);
    const command = ['env', ...env, shellCommand(FACTORYD), 'init', '--data-dir', `'${dir}'`];
    tmux('new-session', '-d', '-s', 'init', '-x', '120', '-y', '10', command.join(' '));
    tmux('set-option', '-t', 'init', 'remain-on-exit', 'on');
    const waitFor = async (text: string) => {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const screen = tmux('capture-pane', '-p', '-t', 'init');
        if (screen.includes(text)) return screen;
        if (Date.now() > deadline) throw new Error(`never showed ${text}:\n${screen}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    try {
      await waitFor('Factory name (shown to retailers; Enter to set it later):');
      tmux('send-keys', '-t', 'init', '-l', 'Acme Upholstery');
      tmux('send-keys', '-t', 'init', 'Enter');
      await waitFor('First API key');
    } finally {
      tmux('kill-server');
    }
    expect(companyOf(dir)).toMatchObject({ company: 'Acme Upholstery', name: '' });
  });
});
