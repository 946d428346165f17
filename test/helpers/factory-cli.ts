import { spawn } from 'node:child_process';
import { EXECUTABLE_ENV, FACTORY, type RunningDaemon } from './daemon.js';

/** What a `factory …` run printed, and how it ended. */
export interface FactoryRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `factory …` as a person would against `daemon`: a subprocess with only what the CLI needs
 * in its environment (the server's URL and API key, a HOME of its own), stdin closed.
 * `stdoutEncoding`: `latin1` keeps a binary answer (a PDF) byte for byte.
 */
export function runFactory(
  daemon: RunningDaemon,
  args: readonly string[],
  options: { stdoutEncoding?: BufferEncoding } = {},
): Promise<FactoryRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(FACTORY[0]!, [...FACTORY.slice(1), ...args], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: daemon.dataDir,
        FACTORY_URL: daemon.url,
        FACTORY_API_KEY: daemon.apiKey,
        ...EXECUTABLE_ENV,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding(options.stdoutEncoding ?? 'utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (stdout += chunk));
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}
