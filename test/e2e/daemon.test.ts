import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/app.js';
import {
  EXECUTABLE,
  EXECUTABLE_ENV,
  FACTORY,
  runFactoryd,
  startDaemon,
  type RunningDaemon,
} from '../helpers/daemon.js';

const run = (args: string[], input?: string) => runFactoryd(args, { input });

describe('factoryd and factory', () => {
  it('report their version, commit and Node version', () => {
    const daemon = run(['--version']);
    expect(daemon.status).toBe(0);
    expect(daemon.stdout).toMatch(/^factoryd \d+\.\d+\.\d+ \(commit ([0-9a-f]+|unknown), node v/);
    // The bundles run on the Node that runs the tests; the executable carries its own.
    expect(daemon.stdout).toContain(
      EXECUTABLE === 'bundle' ? `node ${process.version}` : 'node v24.',
    );
    const client = spawnSync(FACTORY[0]!, [...FACTORY.slice(1), '--version'], {
      encoding: 'utf8',
      env: { ...process.env, ...EXECUTABLE_ENV },
    });
    expect(client.status).toBe(0);
    expect(client.stdout).toMatch(/^factory \d+\.\d+\.\d+/);
  });

  it('answers usage mistakes with exit code 2 and a hint, not a stack trace', () => {
    const res = run(['serve', '--port', 'eighty']);
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('--port');
    expect(res.stderr).not.toMatch(/\n\s+at /);
    expect(run(['frobnicate']).status).toBe(2);
  });
});

describe('factoryd init, keys create, migrate', () => {
  it('init prints the first key once and writes it 0600; a second init refuses', () => {
    const dir = tempDir();
    const res = run(['init', '--data-dir', dir, '--name', 'Acme', '--label-prefix', 'ACME']);
    expect(res.status).toBe(0);
    const key = res.stdout.trim();
    expect(key).toMatch(/^sk_live_/);
    const file = join(dir, 'initial-api-key');
    expect(readFileSync(file, 'utf8').trim()).toBe(key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const db = new Database(join(dir, 'factoryd.db'), { readonly: true });
    const rows = JSON.stringify(db.prepare('select * from api_keys').all());
    expect(rows).not.toContain(key);
    expect(db.prepare('select label_prefix from factories').get()).toEqual({
      label_prefix: 'ACME',
    });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    const again = run(['init', '--data-dir', dir]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already initialised');

    const created = run(['keys', 'create', '--name', 'recovery', '--data-dir', dir]);
    expect(created.status).toBe(0);
    expect(created.stdout.trim()).toMatch(/^sk_live_/);
    expect(created.stdout.trim()).not.toBe(key);
    const migrated = run(['migrate', '--data-dir', dir]);
    expect(migrated.status).toBe(0);
    expect(migrated.stderr).toContain('up to date');
  });
});

describe('factoryd serve', () => {
  let daemon: RunningDaemon;
  beforeAll(async () => {
    daemon = await startDaemon();
  });
  afterAll(async () => {
    await daemon.stop();
  });

  it('initialises an empty data dir, says where the key is, and serves with it', async () => {
    expect(daemon.apiKey).toMatch(/^sk_live_/);
    expect(daemon.logs.join('\n')).toContain('initial-api-key');
    const ready = await fetch(`${daemon.url}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready' });
    const keys = await fetch(`${daemon.url}/v1/api-keys`, {
      headers: { authorization: `Bearer ${daemon.apiKey}` },
    });
    expect(keys.status).toBe(200);
    // Logs never carry tokens.
    expect(daemon.logs.join('\n')).not.toContain(daemon.apiKey);
  });

  it('backs up the database while serving', async () => {
    const file = join(tempDir(), 'backup.db');
    const res = run(['backup', file, '--data-dir', daemon.dataDir]);
    expect(res.status).toBe(0);
    const copy = new Database(file, { readonly: true });
    expect(copy.prepare('select count(*) as n from api_keys').get()).toEqual({ n: 1 });
    copy.close();
    expect(run(['backup', file, '--data-dir', daemon.dataDir]).status).toBe(1);
  });

  it('stops cleanly on SIGTERM', async () => {
    const other = await startDaemon();
    const code = await other.stop('SIGTERM');
    expect(code).toBe(0);
    expect(other.logs.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
  });
});
