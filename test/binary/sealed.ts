// The single executable as a factory runs it, for suites that drive its features: copied alone
// into an empty directory, run under `env -i` with a throwaway home (it unpacks itself there),
// `factoryd serve` on an ephemeral port and `factory …` as subprocesses — the same file.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';

const built = join(resolve(import.meta.dirname, '..', '..'), 'dist', 'bin', 'factory');

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface Served {
  url: string;
  dataDir: string;
  /** The first API key (`<data-dir>/initial-api-key`). */
  apiKey: string;
  process: ChildProcess;
  /** What it logged (JSON lines on stdout, text on stderr), for a failure's message. */
  output(): string;
  /** SIGTERM, and its exit code once it is gone. */
  stop(): Promise<number | null>;
}

export interface Sealed {
  /** The empty directory holding `factory` and its `factoryd` name, and nothing else of ours. */
  dir: string;
  home: string;
  /** Runs the executable under `name` with nothing but HOME, PATH and `env` (`env -i`). */
  run(name: 'factory' | 'factoryd', args: string[], env?: Record<string, string>): Run;
  /** `factoryd serve --port 0 --data-dir <dir>/data …`, resolved once it listens. */
  serve(options?: { env?: Record<string, string>; args?: string[] }): Promise<Served>;
  /** Removes the directory (after the servers are stopped). */
  remove(): void;
}

/** Copies dist/bin/factory (built by test/binary/global-setup.ts) into a fresh empty directory. */
export function sealExecutable(prefix = 'factory-sealed-'): Sealed {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  copyFileSync(built, join(dir, 'factory'));
  symlinkSync('factory', join(dir, 'factoryd'));
  const home = join(dir, 'home');
  mkdirSync(home);
  const argv = (name: string, args: string[], env: Record<string, string>) => [
    '-i',
    ...Object.entries({ HOME: home, PATH: '/usr/bin:/bin', ...env }).map(([k, v]) => `${k}=${v}`),
    join(dir, name),
    ...args,
  ];
  return {
    dir,
    home,
    run(name, args, env = {}) {
      const res = spawnSync('/usr/bin/env', argv(name, args, env), {
        cwd: dir,
        encoding: 'utf8',
        timeout: 60_000,
      });
      return { status: res.status, stdout: res.stdout, stderr: res.stderr };
    },
    async serve({ env = {}, args = [] } = {}) {
      const dataDir = join(dir, 'data');
      const child = spawn(
        '/usr/bin/env',
        argv('factoryd', ['serve', '--port', '0', '--data-dir', dataDir, ...args], env),
        { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const lines: string[] = [];
      child.stderr!.on('data', (d: Buffer) => lines.push(d.toString()));
      const output = () => lines.join('\n');
      const url = await new Promise<string>((resolveUrl, reject) => {
        // The first start unpacks the executable into the fresh home: give it time.
        const timer = setTimeout(
          () => reject(new Error(`factoryd did not start:\n${output()}`)),
          60_000,
        );
        createInterface({ input: child.stdout! }).on('line', (line) => {
          lines.push(line);
          try {
            const entry = JSON.parse(line) as { msg?: string; url?: string };
            if (entry.msg === 'factoryd listening' && entry.url) {
              clearTimeout(timer);
              resolveUrl(entry.url);
            }
          } catch {
            // not JSON
          }
        });
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`factoryd exited with ${code}:\n${output()}`));
        });
      });
      return {
        url,
        dataDir,
        apiKey: readFileSync(join(dataDir, 'initial-api-key'), 'utf8').trim(),
        process: child,
        output,
        stop: () =>
          new Promise((resolveStop) => {
            if (child.exitCode !== null || child.signalCode !== null) {
              return resolveStop(child.exitCode);
            }
            child.once('exit', (code) => resolveStop(code));
            child.kill('SIGTERM');
          }),
      };
    },
    remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
