import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import type { DaemonIO } from '../io.js';

/**
 * `factoryd backup FILE` on PostgreSQL: a consistent dump made by PostgreSQL's own pg_dump
 * (custom format, restored with pg_restore), run when it is installed; otherwise the command
 * to run. The password travels in the environment, never on a command line.
 */
export async function backupPostgres(file: string, url: string, io: DaemonIO): Promise<number> {
  const target = resolve(file);
  if (existsSync(target)) {
    io.stderr.write(`factoryd: ${target} exists; choose a new file name\n`);
    return 1;
  }
  const pgDump = findPgDump(io.env);
  if (!pgDump) {
    io.stderr.write(
      "factoryd: on PostgreSQL, back up with PostgreSQL's own pg_dump (not found here: install the PostgreSQL client, e.g. apt-get install postgresql-client):\n" +
        `  pg_dump --format=custom --file ${target} "$FACTORYD_DATABASE_URL"\n` +
        'Restore: docs/scale-out.md, "Backup and restore".\n',
    );
    return 1;
  }
  const code = await new Promise<number>((done) => {
    const child = spawn(pgDump, ['--format=custom', '--no-owner', '--file', target], {
      env: { ...process.env, ...libpqEnv(url) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.on('data', (d: Buffer) => io.stderr.write(d));
    child.on('error', (err) => {
      io.stderr.write(`factoryd: cannot run ${pgDump}: ${err.message}\n`);
      done(1);
    });
    child.on('exit', (status) => done(status ?? 1));
  });
  if (code !== 0) {
    io.stderr.write(`factoryd: pg_dump failed (exit ${code})\n`);
    return 1;
  }
  io.stderr.write(
    `Backed up the database to ${target} (pg_dump, custom format; restore with pg_restore)\n`,
  );
  return 0;
}

/** pg_dump on PATH, or in Debian's per-version directories (the newest first). */
function findPgDump(env: Record<string, string | undefined>): string | null {
  if (env.FACTORYD_PG_DUMP) return env.FACTORYD_PG_DUMP;
  const dirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const dir of dirs) if (existsSync(join(dir, 'pg_dump'))) return join(dir, 'pg_dump');
  return null;
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
