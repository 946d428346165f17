import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/dialect.js';
import { runFactoryd, startDaemon } from '../helpers/daemon.js';

/** `factoryd init | keys create | migrate | backup` with --database-url (DESIGN §13). */

async function count(url: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query<{ n: string }>(`select count(*) as n from ${table}`);
    return Number(res.rows[0]!.n);
  } finally {
    await client.end();
  }
}

describe('factoryd on PostgreSQL', { timeout: 60_000 }, () => {
  it('init adds a factory with its own first key each time; keys create and migrate work on the URL', async () => {
    const url = await createTestDatabase();
    const first = runFactoryd([
      'init',
      '--data-dir',
      tempDir(),
      '--database-url',
      url,
      '--name',
      'North',
    ]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout.trim()).toMatch(/^sk_live_/);
    // The URL may come from the environment too.
    const second = runFactoryd(['init', '--data-dir', tempDir(), '--label-prefix', 'SOUTH'], {
      env: { FACTORYD_DATABASE_URL: url },
    });
    expect(second.status, second.stderr).toBe(0);
    expect(second.stderr).toContain('holds 2 factories');
    expect(second.stdout.trim()).not.toBe(first.stdout.trim());
    expect(await count(url, 'factories')).toBe(2);

    // Each key sees its own factory only.
    const d = await startDaemon({ databaseUrl: url });
    try {
      const company = async (key: string) =>
        (await (
          await fetch(`${d.url}/v1/company`, { headers: { authorization: `Bearer ${key}` } })
        ).json()) as { company: string; label_prefix: string };
      expect((await company(first.stdout.trim())).company).toBe('North');
      expect((await company(second.stdout.trim())).label_prefix).toBe('SOUTH');
    } finally {
      await d.stop();
    }

    // Several factories: keys are made per factory through the API.
    const keys = runFactoryd([
      'keys',
      'create',
      '--name',
      'x',
      '--data-dir',
      tempDir(),
      '--database-url',
      url,
    ]);
    expect(keys.status).toBe(1);
    expect(keys.stderr).toContain('several factories');
    const migrated = runFactoryd(['migrate', '--data-dir', tempDir(), '--database-url', url]);
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(migrated.stderr).toContain('up to date');
  });

  it('backs up with pg_dump while serving; pg_restore brings it back', async () => {
    const d = await startDaemon();
    try {
      expect(d.databaseUrl).toBeDefined();
      const file = join(tempDir(), 'factoryd.dump');
      const res = runFactoryd(['backup', file, '--database-url', d.databaseUrl!]);
      expect(res.status, res.stderr).toBe(0);
      expect(existsSync(file)).toBe(true);
      expect(runFactoryd(['backup', file, '--database-url', d.databaseUrl!]).status).toBe(1);

      const restored = await createEmptyDatabase();
      const bin = process.env.FACTORYD_TEST_PG_BIN!;
      execFileSync(join(bin, 'pg_restore'), ['--no-owner', '--dbname', restored, file]);
      expect(await count(restored, 'api_keys')).toBe(1);
      expect(await count(restored, 'factories')).toBe(1);
    } finally {
      await d.stop();
    }
  });

  it('without pg_dump, says how to back up', () => {
    const res = runFactoryd(['backup', join(tempDir(), 'x.dump')], {
      env: { FACTORYD_DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', PATH: '/nonexistent' },
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('pg_dump --format=custom');
  });
});

/** A database with nothing in it (not even the migrations), for pg_restore. */
async function createEmptyDatabase(): Promise<string> {
  const base = process.env.FACTORYD_TEST_PG_URL!;
  const name = `restore_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: `${base}/postgres` });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  return `${base}/${name}`;
}
