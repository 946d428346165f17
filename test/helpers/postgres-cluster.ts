import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: initdb and pg_ctl in a temp dir,
 * listening on a free loopback port, run as an unprivileged user (PostgreSQL refuses to run as
 * root: when we are root, the cluster belongs to the `postgres` system user, or `nobody`).
 * No password: trust authentication on 127.0.0.1 only.
 */
export interface PostgresCluster {
  /** Base URL without a database name: append `/<database>`. */
  baseUrl: string;
  port: number;
  dir: string;
  bin: string;
  /** A URL for `database`. */
  url(database: string): string;
  stop(): void;
}

/** The directory holding initdb and pg_ctl, or null when PostgreSQL is not installed. */
export function findPostgresBin(): string | null {
  const candidates: string[] = [];
  if (process.env.FACTORYD_PG_BIN) candidates.push(process.env.FACTORYD_PG_BIN);
  // Debian and Ubuntu keep the server binaries out of PATH, one directory per major version.
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const majors = readdirSync(debian)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...majors.map((v) => join(debian, v, 'bin')));
  }
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir) candidates.push(dir);
  for (const dir of candidates) {
    if (existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

/** The major version of the PostgreSQL in `bin`. */
export function postgresMajor(bin: string): number {
  const out = execFileSync(join(bin, 'pg_ctl'), ['--version'], { encoding: 'utf8' });
  return Number(/(\d+)/.exec(out)?.[1] ?? 0);
}

function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const user of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', user], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
    if (id.status === 0 && gid.status === 0) {
      return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
    }
  }
  throw new Error('running as root, and neither a postgres nor a nobody user exists');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ClusterOptions {
  /** Durable like production (fsync on). Tests turn it off: they never pull the plug. */
  durable?: boolean;
  maxConnections?: number;
}

/** Starts a new cluster; `stop()` shuts it down and deletes it. */
export async function startPostgresCluster(
  bin: string,
  options: ClusterOptions = {},
): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'factoryd-pg-'));
  const data = join(dir, 'data');
  const owner = runAs();
  if (owner) {
    chownSync(dir, owner.uid, owner.gid);
    chmodSync(dir, 0o700);
  }
  const user = 'factoryd';
  const run = (file: string, args: string[]) =>
    execFileSync(join(bin, file), args, {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LC_ALL: 'C', TZ: 'UTC' },
      ...(owner ?? {}),
    });
  try {
    run('initdb', [
      '-D',
      data,
      '-U',
      user,
      '--auth=trust',
      '--no-locale',
      '--encoding=UTF8',
      ...(options.durable ? [] : ['--no-sync']),
    ]);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw withOutput('initdb failed', err);
  }
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    `-c max_connections=${options.maxConnections ?? 200}`,
    '-c shared_buffers=128MB',
    ...(options.durable
      ? []
      : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ];
  try {
    run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', settings.join(' '), 'start']);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw withOutput('pg_ctl start failed', err);
  }
  const baseUrl = `postgres://${user}@127.0.0.1:${port}`;
  let stopped = false;
  return {
    baseUrl,
    port,
    dir,
    bin,
    url: (database) => `${baseUrl}/${database}`,
    stop: () => {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function withOutput(what: string, err: unknown): Error {
  const e = err as { stderr?: Buffer; stdout?: Buffer; message?: string };
  return new Error(
    `${what} (as ${userInfo().username}): ${e.message ?? ''}\n${e.stdout?.toString() ?? ''}${e.stderr?.toString() ?? ''}`,
  );
}
