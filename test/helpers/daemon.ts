import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { tempDir } from './app.js';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');
export const FACTORYD = join(REPO_ROOT, 'dist', 'factoryd.mjs');
export const FACTORY = join(REPO_ROOT, 'dist', 'factory.mjs');

export interface RunningDaemon {
  url: string;
  dataDir: string;
  /** The first API key, read from `<data-dir>/initial-api-key`. */
  apiKey: string;
  process: ChildProcess;
  /** Log lines (JSON) seen so far. */
  logs: string[];
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the bundled `factoryd serve` on a free port with a fresh data dir (or the one given)
 * and resolves once it logs that it listens. The bundle is built by test/global-setup.ts.
 */
export async function startDaemon(
  options: { dataDir?: string; env?: Record<string, string>; args?: string[] } = {},
): Promise<RunningDaemon> {
  const dataDir = options.dataDir ?? tempDir('factoryd-daemon-');
  const child = spawn(
    process.execPath,
    [FACTORYD, 'serve', '--port', '0', '--data-dir', dataDir, ...(options.args ?? [])],
    { env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] },
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
  const apiKey = readFileSync(join(dataDir, 'initial-api-key'), 'utf8').trim();
  return {
    url,
    dataDir,
    apiKey,
    process: child,
    logs,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        // Already gone (exited, or killed by a signal such as SIGKILL).
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}
