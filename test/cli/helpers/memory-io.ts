import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import type { CliIO, CliInputStream, CliOutputStream } from '../../../src/cli/cli-io.js';
import { runCli } from '../../../src/cli/main.js';

/** A writable stream that keeps what was written, optionally pretending to be a terminal. */
export class MemoryStream extends Writable {
  readonly chunks: Buffer[] = [];
  isTTY: boolean | undefined;
  columns: number | undefined;

  constructor(tty: boolean, columns = 120) {
    super();
    this.isTTY = tty || undefined;
    this.columns = tty ? columns : undefined;
  }

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, callback: () => void): void {
    this.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    callback();
  }

  get text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }

  get bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

export interface RunOptions {
  /** stdout (and stderr, stdin unless set) behave as a terminal. */
  tty?: boolean;
  stderrTty?: boolean;
  stdinTty?: boolean;
  env?: Record<string, string | undefined>;
  /** Piped into stdin. */
  stdin?: string | Buffer;
  homeDir?: string;
  now?: Date;
  columns?: number;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  stdoutBytes: Buffer;
}

/** A home directory of its own for a test; removed by the returned function. */
export function temporaryHome(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'factory-cli-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `factory …` in this process against in-memory streams. */
export async function run(argv: string[], options: RunOptions = {}): Promise<RunResult> {
  const stdout = new MemoryStream(Boolean(options.tty), options.columns);
  const stderr = new MemoryStream(Boolean(options.stderrTty ?? options.tty));
  const stdinStream = new PassThrough() as PassThrough & CliInputStream;
  if (options.stdinTty ?? options.tty) stdinStream.isTTY = true;
  if (options.stdin !== undefined) stdinStream.end(options.stdin);
  else if (!stdinStream.isTTY) stdinStream.end();
  const io: CliIO = {
    stdout: stdout as unknown as CliOutputStream,
    stderr: stderr as unknown as CliOutputStream,
    stdin: stdinStream,
    env: { ...options.env },
    homeDir: options.homeDir ?? '/nonexistent-home',
    now: () => options.now ?? new Date('2026-11-22T10:00:00.000Z'),
  };
  const code = await runCli(argv, io);
  return { code, stdout: stdout.text, stderr: stderr.text, stdoutBytes: stdout.bytes };
}
