import { chmodSync, copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../src/store/migrations/index.js';
import { tempDir } from '../helpers/app.js';
import { runFactoryd, startDaemon, type RunningDaemon } from '../helpers/daemon.js';
import { createTestDatabase, testDialect } from '../helpers/dialect.js';

// Answers are read field by field, as a client would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * A database written by the release of 2026-11-24 (commit dc02413) through its own API
 * (test/fixtures/release-2026-11-24/make.mjs made it, with that release's answers to a set of
 * reads) served by today's factoryd: every answer the release gave is given again, field for
 * field; the start-up log names the version, the commit, the database and each migration it
 * applies; `factoryd migrate --status` lists them before and after. Then a database upgraded by
 * a newer factoryd than this one: it refuses to serve or migrate it, and says what to do.
 */

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'release-2026-11-24');
const RELEASE = JSON.parse(readFileSync(join(FIXTURE, 'answers.json'), 'utf8')) as {
  api_key: string;
  answers: Record<string, Json>;
};
const ALL = Object.keys(await migrationProvider.getMigrations()).sort();
/** What the release's database had applied. */
const RELEASE_MIGRATIONS = ALL.filter((name) => name <= '2026-11-24-0009-order-piece-counts');
const PENDING = ALL.filter((name) => !RELEASE_MIGRATIONS.includes(name));

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** A data directory holding a copy of the release's database. */
function releaseDataDir(): string {
  const dataDir = tempDir('factoryd-release-');
  copyFileSync(join(FIXTURE, 'factoryd.db'), join(dataDir, 'factoryd.db'));
  chmodSync(join(dataDir, 'factoryd.db'), 0o600);
  return dataDir;
}

/** This build's version and commit, as `factoryd --version` says them. */
function thisBuild(): { version: string; commit: string } {
  const out = runFactoryd(['--version']).stdout;
  const match = /^factoryd (\S+) \(commit (\S+),/.exec(out);
  expect(match, out).not.toBeNull();
  return { version: match![1]!, commit: match![2]! };
}

const status = (dataDir: string) =>
  runFactoryd(['migrate', '--status', '--data-dir', dataDir, '--database-url', '']);

/** `migrate --status` lines as [state, name, rest]. */
const statusLines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => {
      const [state, name, ...rest] = line.split(/\s+/);
      return [state, name, rest.join(' ')] as const;
    });

async function serve(dataDir: string): Promise<RunningDaemon> {
  // Deliveries wait: the release's endpoint is no receiver, and its deliveries are in the answers.
  const d = await startDaemon({ dataDir, databaseUrl: null, args: ['--no-deliveries'] });
  cleanups.push(() => d.stop());
  return d;
}

async function get(d: RunningDaemon, path: string): Promise<Json> {
  const res = await fetch(`${d.url}${path}`, {
    headers: { authorization: `Bearer ${RELEASE.api_key}` },
  });
  const json = (await res.json()) as Json;
  expect(res.status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}

describe.runIf(testDialect() === 'sqlite')(
  'the release of 2026-11-24 upgraded',
  { timeout: 90_000 },
  () => {
    it('answers as the release did, and says what it upgraded', async () => {
      const dataDir = releaseDataDir();
      const build = thisBuild();

      const before = status(dataDir);
      expect(before.status, before.stderr).toBe(3);
      expect(statusLines(before.stdout)).toEqual([
        ...RELEASE_MIGRATIONS.map((name) => [
          'applied',
          name,
          expect.stringMatching(/^2026-11-2\dT/),
        ]),
        ...PENDING.map((name) => ['pending', name, '']),
      ]);
      expect(before.stderr).toContain(
        `SQLite ${join(dataDir, 'factoryd.db')}: ${RELEASE_MIGRATIONS.length} applied, ${PENDING.length} pending, 0 newer`,
      );
      expect(before.stderr).toContain('factoryd migrate');

      const d = await serve(dataDir);
      const logs = d.logs.map((line) => JSON.parse(line) as Json);
      const starting = logs.find((l) => String(l.msg).includes('starting on'));
      expect(starting).toMatchObject({
        level: 30,
        version: build.version,
        commit: build.commit,
        database: { kind: 'sqlite', file: join(dataDir, 'factoryd.db') },
        msg: `factoryd ${build.version} (commit ${build.commit}) starting on SQLite ${join(dataDir, 'factoryd.db')}`,
      });
      const applied = logs
        .filter((l) => l.migration !== undefined)
        .map((l) => [l.migration, l.msg]);
      expect(applied).toEqual(PENDING.map((name) => [name, `applied migration ${name}`]));
      expect(
        logs.some((l) => l.msg === `database upgraded: ${PENDING.length} migration(s) applied`),
      ).toBe(true);
      // Applying comes before listening.
      const listening = logs.findIndex((l) => l.msg === 'factoryd listening');
      expect(logs.findIndex((l) => l.migration === PENDING.at(-1))).toBeLessThan(listening);

      // Every answer the release gave, field for field (later releases may add fields).
      for (const [path, answer] of Object.entries(RELEASE.answers)) {
        expect(await get(d, path), path).toMatchObject(answer);
      }
      await d.stop();

      // Served again: nothing left to apply, nothing logged as applied.
      const again = await serve(dataDir);
      expect(again.logs.some((line) => line.includes('applied migration'))).toBe(false);
      await again.stop();

      const after = status(dataDir);
      expect(after.status, after.stderr).toBe(0);
      const lines = statusLines(after.stdout);
      expect(lines.map(([state]) => state)).toEqual(ALL.map(() => 'applied'));
      // Which build applied each, from the migration that records it on.
      for (const [, name, rest] of lines) {
        if (name! >= '2026-11-26-0701') {
          expect(rest, name).toMatch(
            new RegExp(`factoryd ${build.version} \\(commit ${build.commit}\\)$`),
          );
        } else expect(rest, name).not.toContain('factoryd');
      }
    });

    it('an older factoryd on a database a newer one upgraded refuses it and says what to do', async () => {
      const dataDir = releaseDataDir();
      expect(runFactoryd(['migrate', '--data-dir', dataDir, '--database-url', '']).status).toBe(0);
      const build = thisBuild();
      // What a newer factoryd leaves: a migration this one does not have, and who applied it.
      const db = new Database(join(dataDir, 'factoryd.db'));
      const at = new Date().toISOString();
      db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run(
        '2099-01-01-0001-from-a-newer-release',
        at,
      );
      db.prepare(
        'insert into migration_versions (name, version, commit_sha, applied_at) values (?, ?, ?, ?)',
      ).run('2099-01-01-0001-from-a-newer-release', '9.9.0', 'abcdef123456', at);
      db.close();
      const schemaBefore = readFileSync(join(dataDir, 'factoryd.db'));

      const expected = [
        'this database was upgraded by factoryd 9.9.0 (commit abcdef123456)',
        `this factoryd ${build.version} does not know (2099-01-01-0001-from-a-newer-release)`,
        'Run factoryd 9.9.0 or newer on it',
        `to go back to ${build.version}, restore the backup taken before the upgrade`,
        '"factory docs operate", Upgrades and rollback',
      ];
      const served = runFactoryd([
        'serve',
        '--port',
        '0',
        '--data-dir',
        dataDir,
        '--database-url',
        '',
      ]);
      expect(served.status, served.stderr).toBe(1);
      for (const words of expected) expect(served.stderr).toContain(words);
      expect(served.stderr).not.toContain('corrupted migrations');
      expect(served.stderr).not.toMatch(/\n\s+at /);

      const migrated = runFactoryd(['migrate', '--data-dir', dataDir, '--database-url', '']);
      expect(migrated.status).toBe(1);
      for (const words of expected) expect(migrated.stderr).toContain(words);

      const listed = status(dataDir);
      expect(listed.status).toBe(4);
      expect(statusLines(listed.stdout).at(-1)).toEqual([
        'newer',
        '2099-01-01-0001-from-a-newer-release',
        expect.stringMatching(/factoryd 9\.9\.0 \(commit abcdef123456\)$/),
      ]);
      expect(listed.stderr).toContain('1 newer than this factoryd');
      expect(listed.stderr).toContain('restore the backup taken before the upgrade');
      // Nothing was written.
      expect(readFileSync(join(dataDir, 'factoryd.db')).equals(schemaBefore)).toBe(true);
    });
  },
);

describe.runIf(testDialect() === 'postgres')(
  'the start-up log on PostgreSQL',
  { timeout: 60_000 },
  () => {
    it('names the host, database and user, never the password', async () => {
      const url = new URL(await createTestDatabase());
      // The test cluster trusts its user: the password is carried, and must not be logged.
      url.password = 'never-in-a-log-7f3a';
      const d = await startDaemon({ databaseUrl: url.href });
      cleanups.push(() => d.stop());
      const starting = d.logs
        .map((l) => JSON.parse(l) as Json)
        .find((l) => String(l.msg).includes('starting on'));
      expect(starting).toMatchObject({
        database: {
          kind: 'postgres',
          host: url.host,
          database: url.pathname.slice(1),
          user: url.username,
        },
        msg: expect.stringContaining(
          `PostgreSQL database ${url.pathname.slice(1)} on ${url.host} as ${url.username}`,
        ),
      });
      expect(d.logs.join('\n')).not.toContain('never-in-a-log-7f3a');
      expect(d.stderr()).not.toContain('never-in-a-log-7f3a');
    });
  },
);
