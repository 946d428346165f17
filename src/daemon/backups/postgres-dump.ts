import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

/** PostgreSQL's client program `name` on PATH (or $FACTORYD_PG_DUMP's directory), or null. */
export function findPgProgram(
  name: 'pg_dump' | 'pg_restore',
  env: Record<string, string | undefined>,
): string | null {
  if (env.FACTORYD_PG_DUMP) {
    const beside = join(dirname(env.FACTORYD_PG_DUMP), name);
    return name === 'pg_dump' ? env.FACTORYD_PG_DUMP : existsSync(beside) ? beside : null;
  }
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    if (existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

function run(
  program: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(program, args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err) => done({ code: -1, stdout, stderr: err.message }));
    child.on('exit', (status) => done({ code: status ?? 1, stdout, stderr }));
  });
}

/** `pg_dump --format=custom` of the database into `file` (which exists, mode 0600). */
export async function dumpPostgres(
  url: string,
  file: string,
  env: Record<string, string | undefined>,
): Promise<void> {
  const pgDump = findPgProgram('pg_dump', env);
  if (!pgDump) {
    throw new Error('pg_dump is not installed (install the PostgreSQL client: postgresql-client)');
  }
  const result = await run(
    pgDump,
    ['--format=custom', '--no-owner', '--file', file],
    libpqEnv(url),
  );
  if (result.code !== 0) {
    throw new Error(
      `pg_dump failed (exit ${result.code}): ${result.stderr.trim().split('\n').at(-1) ?? ''}`,
    );
  }
}

/**
 * Reads a dump's table of contents with `pg_restore --list`: it must read to the end and list the
 * data of factoryd's tables (a truncated or foreign file fails).
 */
export async function checkPostgresDump(
  file: string,
  env: Record<string, string | undefined>,
): Promise<{ ok: true; tables: number } | { ok: false; reason: string }> {
  const pgRestore = findPgProgram('pg_restore', env);
  if (!pgRestore) {
    return { ok: false, reason: 'pg_restore is not installed (install postgresql-client)' };
  }
  const result = await run(pgRestore, ['--list', file], {});
  if (result.code !== 0) {
    return {
      ok: false,
      reason: `pg_restore --list cannot read it: ${result.stderr.trim().split('\n').at(-1) ?? `exit ${result.code}`}`,
    };
  }
  const tables = result.stdout.split('\n').filter((line) => / TABLE DATA /.test(line));
  if (!tables.some((line) => / factories /.test(line))) {
    return { ok: false, reason: 'it is a PostgreSQL dump, but not of a factoryd database' };
  }
  return { ok: true, tables: tables.length };
}

/** The connection as libpq's environment variables (PGHOST, PGPASSWORD …). */
export function libpqEnv(url: string): Record<string, string> {
  const u = new URL(url);
  const env: Record<string, string> = {};
  if (u.hostname) env.PGHOST = decodeURIComponent(u.hostname.replace(/^\[|\]$/g, ''));
  if (u.port) env.PGPORT = u.port;
  if (u.username) env.PGUSER = decodeURIComponent(u.username);
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (database) env.PGDATABASE = database;
  const params: Record<string, string> = {
    sslmode: 'PGSSLMODE',
    sslrootcert: 'PGSSLROOTCERT',
    sslcert: 'PGSSLCERT',
    sslkey: 'PGSSLKEY',
    host: 'PGHOST',
    port: 'PGPORT',
    application_name: 'PGAPPNAME',
  };
  for (const [name, value] of u.searchParams) {
    const variable = params[name];
    if (variable) env[variable] = value;
  }
  return env;
}
