import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { openStore, type Store } from '../../src/store/database.js';
import { tempDir } from './app.js';
import { createTestDatabase, testDialect } from './dialect.js';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');

/**
 * The build the end-to-end tests (test/e2e) drive: the development bundles under `npm test`, the
 * single executable under `npm run test:binary` (vitest.binary.config.ts sets
 * FACTORYD_TEST_EXECUTABLE=binary). Each suite runs unchanged against either.
 */
export const EXECUTABLE: 'bundle' | 'binary' =
  process.env.FACTORYD_TEST_EXECUTABLE === 'binary' ? 'binary' : 'bundle';

const BINARY_DIR = join(REPO_ROOT, 'dist', 'bin');

/** The command (program and leading arguments) that runs `factoryd` of the build under test. */
export const FACTORYD: readonly string[] =
  EXECUTABLE === 'binary'
    ? [join(BINARY_DIR, 'factoryd')]
    : [process.execPath, join(REPO_ROOT, 'dist', 'factoryd.mjs')];

/** The command that runs `factory`, the client, of the build under test. */
export const FACTORY: readonly string[] =
  EXECUTABLE === 'binary'
    ? [join(BINARY_DIR, 'factory')]
    : [process.execPath, join(REPO_ROOT, 'dist', 'factory.mjs')];

/**
 * Environment the build under test needs besides the caller's: the executable unpacks itself
 * into a cache directory, shared here by every test (whatever HOME a test gives it) so each
 * first run does not pay for unpacking.
 */
export const EXECUTABLE_ENV: Readonly<Record<string, string>> =
  EXECUTABLE === 'binary'
    ? { XDG_CACHE_HOME: join(REPO_ROOT, '.cache', 'binary', 'test-run-cache') }
    : {};

/** A command as one line of `sh`, each word quoted. */
export const shellCommand = (command: readonly string[]): string =>
  command.map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');

/** Runs `factoryd …` of the build under test to its end. */
export function runFactoryd(
  args: string[],
  options: { input?: string; env?: Record<string, string>; timeout?: number } = {},
): SpawnSyncReturns<string> {
  return spawnSync(FACTORYD[0]!, [...FACTORYD.slice(1), ...args], {
    encoding: 'utf8',
    input: options.input,
    env: { ...process.env, ...EXECUTABLE_ENV, ...options.env },
    timeout: options.timeout ?? 30_000,
  });
}

export interface RunningDaemon {
  url: string;
  dataDir: string;
  /** Its PostgreSQL database when the run is on PostgreSQL (see ./dialect.ts). */
  databaseUrl?: string;
  /** The first API key, read from `<data-dir>/initial-api-key`. */
  apiKey: string;
  process: ChildProcess;
  /** Log lines (JSON) seen so far. */
  logs: string[];
  /** What it wrote on stderr so far. */
  stderr(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts `factoryd serve` of the build under test on a free port with a fresh data dir (or the
 * one given) and resolves once it logs that it listens. The bundles are built by
 * test/global-setup.ts, the executable by test/binary/global-setup.ts.
 */
export async function startDaemon(
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    args?: string[];
    /**
     * A PostgreSQL database to serve (several daemons may share one), or null for the SQLite
     * file in the data dir; else the run's dialect.
     */
    databaseUrl?: string | null;
  } = {},
): Promise<RunningDaemon> {
  const dataDir = options.dataDir ?? tempDir('factoryd-daemon-');
  if (options.databaseUrl !== undefined) databases.set(dataDir, options.databaseUrl);
  const databaseUrl = await daemonDatabase(dataDir);
  const child = spawn(
    FACTORYD[0]!,
    [
      ...FACTORYD.slice(1),
      'serve',
      '--port',
      '0',
      '--data-dir',
      dataDir,
      ...(databaseUrl ? ['--database-url', databaseUrl] : []),
      ...(options.args ?? []),
    ],
    {
      env: { ...process.env, ...EXECUTABLE_ENV, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logs: string[] = [];
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`factoryd did not start:\n${stderr}`)), 20_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      logs.push(line);
      try {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === 'factoryd listening' && entry.url) {
          clearTimeout(timer);
          resolve(entry.url);
        }
      } catch {
        // not JSON: ignore
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`factoryd exited with ${code}:\n${stderr}`));
    });
  });
  // A daemon that joined a database another one initialised has no key file of its own.
  const keyFile = join(dataDir, 'initial-api-key');
  const apiKey = existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : '';
  // A daemon that ends without being stopped (a crash, a signal from outside) says so with what
  // it wrote, so a test that then meets "connection refused" points at the cause.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(
      `factoryd ${String(child.pid)} (${url}) ended by itself: code ${String(code)}, ` +
        `signal ${String(signal)}\nstderr:\n${stderr}\nlast log lines:\n${logs.slice(-20).join('\n')}`,
    );
  });
  return {
    url,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    apiKey,
    process: child,
    logs,
    stderr: () => stderr,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        stopping = true;
        // Already gone (exited, or killed by a signal such as SIGKILL).
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}

/** On a PostgreSQL run, each data dir gets a database of its own, kept across restarts. */
const databases = new Map<string, string | null>();
async function daemonDatabase(dataDir: string): Promise<string | undefined> {
  const chosen = databases.get(dataDir);
  if (chosen !== undefined) return chosen ?? undefined;
  if (testDialect() !== 'postgres') return undefined;
  let url = databases.get(dataDir);
  if (!url) {
    url = await createTestDatabase();
    databases.set(dataDir, url);
  }
  return url;
}

/** Opens the database a daemon started with `dataDir` uses (while it is stopped, or alongside). */
export async function openDaemonStore(dataDir: string): Promise<Store> {
  const url = await daemonDatabase(dataDir);
  return url ? openStore({ url, poolMax: 2 }) : openStore({ file: join(dataDir, 'factoryd.db') });
}
