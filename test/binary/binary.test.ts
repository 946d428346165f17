// The single executable as a factory runs it: copied alone into an empty directory, started under
// `env -i` with a throwaway home, the daemon under its `factoryd` name and the client under
// `factory` — the same file. Everything goes through the executable's own commands.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');
const built = join(root, 'dist', 'bin', 'factory');

let dir: string;
let exe: string;
let home: string;
let dataDir: string;
let url: string;
let apiKey: string;
let daemon: ChildProcess | undefined;
const tmuxSocket = `factory-binary-${process.pid}`;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the executable under `name` with nothing but the given environment (`env -i`). */
function run(name: 'factory' | 'factoryd', args: string[], env: Record<string, string> = {}): Run {
  const pairs = Object.entries({ HOME: home, PATH: '/usr/bin:/bin', ...env }).map(
    ([k, v]) => `${k}=${v}`,
  );
  const res = spawnSync('/usr/bin/env', ['-i', ...pairs, join(dir, name), ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** The client with the server's address and the first API key, as `factory login` would set. */
function client(args: string[], env: Record<string, string> = {}): Run {
  return run('factory', args, { FACTORY_URL: url, FACTORY_API_KEY: apiKey, ...env });
}

function json<T = Record<string, unknown>>(res: Run): T {
  if (res.status !== 0) throw new Error(`exit ${res.status}\n${res.stderr}${res.stdout}`);
  return JSON.parse(res.stdout) as T;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  lastSeen: () => string = () => '',
): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}\n${lastSeen()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function tmux(args: string[]): Run {
  const res = spawnSync('tmux', ['-L', tmuxSocket, ...args], { encoding: 'utf8' });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

beforeAll(async () => {
  // test/binary/global-setup.ts built the executable.
  dir = mkdtempSync(join(tmpdir(), 'factory-binary-'));
  exe = join(dir, 'factory');
  copyFileSync(built, exe);
  expect(readdirSync(dir)).toEqual(['factory']);
  symlinkSync('factory', join(dir, 'factoryd'));
  home = join(dir, 'home');
  mkdirSync(home);
  dataDir = join(dir, 'data');

  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const log = openSync(join(dir, 'factoryd.log'), 'a');
  daemon = spawn(
    '/usr/bin/env',
    [
      '-i',
      `HOME=${home}`,
      'PATH=/usr/bin:/bin',
      join(dir, 'factoryd'),
      'serve',
      '--port',
      String(port),
      '--data-dir',
      dataDir,
    ],
    { cwd: dir, stdio: ['ignore', log, log] },
  );
  await until('factoryd serve to answer /readyz', async () => {
    if (daemon?.exitCode !== null || daemon.signalCode !== null) {
      throw new Error(`factoryd serve exited:\n${readFileSync(join(dir, 'factoryd.log'), 'utf8')}`);
    }
    try {
      return (await fetch(`${url}/readyz`)).ok ? true : undefined;
    } catch {
      return undefined;
    }
  });
  apiKey = readFileSync(join(dataDir, 'initial-api-key'), 'utf8').trim();
});

afterAll(async () => {
  tmux(['kill-server']);
  if (daemon && daemon.exitCode === null) {
    const exited = new Promise((r) => daemon?.once('exit', r));
    daemon.kill('SIGTERM');
    await exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the single executable', () => {
  it('reports its version, commit and the embedded Node 24 under both names', () => {
    for (const name of ['factory', 'factoryd'] as const) {
      const res = run(name, ['--version']);
      expect(res.status).toBe(0);
      expect(res.stdout).toMatch(
        new RegExp(`^${name} \\d+\\.\\d+\\.\\d+\\S* \\(commit \\S+, node v24\\.\\d+\\.\\d+\\)\\n$`),
      );
    }
  });

  it('wrote the first API key privately and serves the API with it', () => {
    expect(apiKey).toMatch(/^sk_live_[A-Za-z0-9]{32}$/);
    const keys = json<{ name: string; last4: string }[]>(client(['keys', 'list', '--json']));
    expect(keys.map((k) => k.last4)).toContain(apiKey.slice(-4));
  });

  it('takes an order through a paired station scan to its PDF and ZPL labels', () => {
    const retailer = json<{ id: string; code: string }>(
      client(['retailers', 'create', '--name', 'Acme Home', '--code', 'ACME', '--json']),
    );
    expect(retailer.id).toMatch(/^rtl_/);

    const order = json<{ id: string; pieces: { barcode: string }[] }>(
      client([
        'orders',
        'create',
        '--retailer',
        'ACME',
        '--order-no',
        'PO-1001',
        '--sku',
        'SOFA-3S',
        '--colour',
        'Grey',
        '--qty',
        '1',
        '--pieces-per-unit',
        '2',
        '--json',
      ]),
    );
    expect(order.id).toMatch(/^ord_/);
    expect(order.pieces).toHaveLength(2);
    const barcode = order.pieces[0]!.barcode;

    const pairing = json<{ code: string }>(
      client(['stations', 'pairing-code', '--name', 'Line 1', '--role', 'produce', '--json']),
    );
    // The device side: it knows the server's address and the code, nothing else.
    const station = json<{ id: string; role: string; token: string }>(
      run('factory', ['stations', 'pair', pairing.code, '--json'], { FACTORY_URL: url }),
    );
    expect(station.role).toBe('produce');
    expect(station.token).toMatch(/^st_live_/);

    const scan = json<{ accepted: boolean; event: string; barcode: string }>(
      run('factory', ['scans', 'record', barcode, '--station-token', station.token, '--json'], {
        FACTORY_URL: url,
      }),
    );
    expect(scan).toMatchObject({ accepted: true, event: 'produce', barcode });

    const after = json<{ status: string; scans: { accepted: boolean; station: string }[] }>(
      client(['orders', 'get', order.id, '--json']),
    );
    expect(after.status).toBe('in_production');
    expect(after.scans).toEqual([expect.objectContaining({ accepted: true, station: 'Line 1' })]);

    const pdfFile = join(dir, 'labels.pdf');
    expect(
      client(['orders', 'labels', order.id, '--format', 'pdf', '--output', pdfFile]).status,
    ).toBe(0);
    const pdf = readFileSync(pdfFile);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);

    const zplFile = join(dir, 'labels.zpl');
    expect(
      client(['orders', 'labels', order.id, '--format', 'zpl', '--dpi', '203', '--output', zplFile])
        .status,
    ).toBe(0);
    const zpl = readFileSync(zplFile, 'utf8');
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    expect(zpl).toContain('^PW812');
    expect(zpl).toContain(barcode);
  });

  it('backs up the database while serving, and the backup serves on its own', async () => {
    json(client(['retailers', 'create', '--name', 'Before Backup', '--code', 'BKP', '--json']));
    const file = join(dir, 'backup.db');
    const res = run('factoryd', ['backup', file, '--data-dir', dataDir]);
    expect(res.status).toBe(0);
    expect(readFileSync(file).subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');

    // The restore check of docs/install.md: a second server on a copy of the backup.
    const restoreDir = join(dir, 'restore-check');
    mkdirSync(restoreDir);
    copyFileSync(file, join(restoreDir, 'factoryd.db'));
    const port = await freePort();
    const restored = spawn(
      '/usr/bin/env',
      [
        '-i',
        `HOME=${home}`,
        'PATH=/usr/bin:/bin',
        join(dir, 'factoryd'),
        'serve',
        '--no-deliveries',
        '--port',
        String(port),
        '--data-dir',
        restoreDir,
      ],
      { cwd: dir, stdio: 'ignore' },
    );
    try {
      const restoredUrl = `http://127.0.0.1:${port}`;
      await until('the restored server', async () => {
        try {
          return (await fetch(`${restoredUrl}/readyz`)).ok ? true : undefined;
        } catch {
          return undefined;
        }
      });
      // Same factory, same key, same data; and no new first key for a database that has one.
      const retailers = json<{ code: string }[]>(
        client(['retailers', 'list', '--json'], { FACTORY_URL: restoredUrl }),
      );
      expect(retailers.map((r) => r.code)).toContain('BKP');
      expect(existsSync(join(restoreDir, 'initial-api-key'))).toBe(false);
    } finally {
      const exited = new Promise((r) => restored.once('exit', r));
      restored.kill('SIGTERM');
      await exited;
    }
  });

  it('opens the TUI on the Keys screen in a terminal', async () => {
    const exitFile = join(dir, 'tui-exit');
    const command =
      `/usr/bin/env -i HOME=${home} PATH=/usr/bin:/bin TERM=xterm-256color ` +
      `FACTORY_URL=${url} FACTORY_API_KEY=${apiKey} ${exe} tui; echo $? > ${exitFile}`;
    const started = tmux(['new-session', '-d', '-x', '100', '-y', '30', '-s', 'tui', command]);
    expect(started.stderr).toBe('');
    let pane = '';
    const capture = () => (pane = tmux(['capture-pane', '-p', '-t', 'tui']).stdout);
    const lastPane = () => `last screen:\n${pane}`;
    // The tab bar is drawn once the first screen has its data.
    await until(
      'the TUI to draw its tabs',
      () => (/1 Keys.*2 Stations/.test(capture()) ? true : undefined),
      lastPane,
    );
    // The selected tab is bracketed; the first key's last four characters prove data arrived.
    // `1` selects the Keys tab; it is sent again while the tab is not selected, in case the
    // first press came before the UI listened to its keyboard.
    let pressed = 0;
    const screen = await until(
      'the Keys screen',
      () => {
        if (capture().includes('[1 Keys]')) {
          return pane.includes(`…${apiKey.slice(-4)}`) ? pane : undefined;
        }
        if (Date.now() - pressed > 1000) {
          tmux(['send-keys', '-t', 'tui', '1']);
          pressed = Date.now();
        }
        return undefined;
      },
      lastPane,
    );
    expect(screen).toMatch(/initial/);
    tmux(['send-keys', '-t', 'tui', 'q']);
    const code = await until('the TUI to quit', () =>
      existsSync(exitFile) ? readFileSync(exitFile, 'utf8').trim() || undefined : undefined,
    );
    expect(code).toBe('0');
  });

  it('unpacks into a temp dir when the home cannot hold a cache', () => {
    const tmp = join(dir, 'tmp');
    mkdirSync(tmp, { mode: 0o700 });
    // A home below a regular file cannot be created, as on a read-only or absent home.
    const res = run('factoryd', ['--version'], { HOME: '/dev/null/home', TMPDIR: tmp });
    expect(res.status).toBe(0);
    const [userDir] = readdirSync(tmp);
    expect(userDir).toMatch(/^factoryd-\d+$/);
    const [buildDir] = readdirSync(join(tmp, userDir!));
    expect(readdirSync(join(tmp, userDir!, buildDir!))).toEqual(
      expect.arrayContaining(['app', 'better_sqlite3.node']),
    );
  });

  it("unpacks into systemd's CacheDirectory when it is given one", () => {
    const cache = join(dir, 'var-cache-factoryd');
    mkdirSync(cache, { mode: 0o700 });
    const res = run('factoryd', ['--version'], { HOME: '/dev/null/home', CACHE_DIRECTORY: cache });
    expect(res.status).toBe(0);
    const [buildDir] = readdirSync(cache);
    expect(buildDir).toMatch(/^\d+\.\d+\.\d+\S*-[0-9a-f]{12}$/);
    expect(readdirSync(join(cache, buildDir!))).toEqual(
      expect.arrayContaining(['app', 'better_sqlite3.node']),
    );
  });

  it('never unpacks into the data directory, and removes what an earlier version left there', () => {
    // `sudo -u factoryd factoryd …`: the home is the data directory, and there is no
    // $CACHE_DIRECTORY. An earlier version unpacked into <data-dir>/.cache/factoryd.
    const data = join(dir, 'var-lib-factoryd');
    const left = join(data, '.cache', 'factoryd', '0.0.1-aaaaaaaaaaaa');
    mkdirSync(join(left, 'app'), { recursive: true, mode: 0o700 });
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(left, longAgo, longAgo);
    const tmp = join(dir, 'tmp-data-dir-case');
    mkdirSync(tmp, { mode: 0o700 });
    const res = run('factoryd', ['migrate', '--status', '--data-dir', data], {
      HOME: data,
      TMPDIR: tmp,
    });
    expect(res.stderr).toContain('no database at');
    expect(readdirSync(join(data, '.cache', 'factoryd'))).toEqual([]);
    const [userDir] = readdirSync(tmp);
    expect(readdirSync(join(tmp, userDir!))[0]).toMatch(/^\d+\.\d+\.\d+\S*-[0-9a-f]{12}$/);
  });

  it('survives several first starts at once on a fresh cache', async () => {
    const fresh = join(dir, 'fresh-home');
    mkdirSync(fresh);
    const pairs = [`HOME=${fresh}`, 'PATH=/usr/bin:/bin'];
    const runs = await Promise.all(
      Array.from(
        { length: 6 },
        (_, i) =>
          new Promise<Run>((resolveRun) => {
            const child = spawn(
              '/usr/bin/env',
              ['-i', ...pairs, join(dir, i % 2 ? 'factory' : 'factoryd'), '--version'],
              {
                cwd: dir,
              },
            );
            let stdout = '';
            let stderr = '';
            child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
            child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
            child.on('close', (status) => resolveRun({ status, stdout, stderr }));
          }),
      ),
    );
    for (const r of runs) expect(r).toMatchObject({ status: 0, stderr: '' });
    const cacheRoot = join(fresh, '.cache', 'factoryd');
    const [build] = readdirSync(cacheRoot);
    const leftovers = readdirSync(join(cacheRoot, build!), { recursive: true }).filter((f) =>
      String(f).endsWith('.tmp'),
    );
    expect(leftovers).toEqual([]);
  });

  it('stops gracefully on SIGTERM after idling', async () => {
    // An idle-time GC finalizing SQLite statements is where an addon built against Node 24's
    // unpatched ObjectWrap header aborts (scripts/binary/runtime.mjs); by now the daemon has
    // served and idled for a while.
    const child = daemon!;
    expect(child.exitCode).toBeNull();
    const exited = new Promise<[number | null, string | null]>((r) =>
      child.once('exit', (code, signal) => r([code, signal])),
    );
    child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
  });
});
