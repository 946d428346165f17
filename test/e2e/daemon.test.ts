import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Receiver } from '../core/webhooks/receiver.js';
import { tempDir } from '../helpers/app.js';
import { answerIn, exchange, expectEnvelope } from '../helpers/raw-http.js';
import { testDialect } from '../helpers/dialect.js';
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

// The SQLite file's own commands; their PostgreSQL forms: test/postgres/daemon-postgres.test.ts.
const onSqlite = testDialect() === 'sqlite';

describe.runIf(onSqlite)('factoryd init, keys create, migrate', () => {
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

  it.runIf(onSqlite)(
    'tells how to create the first admin while nobody can sign in, never showing the key',
    async () => {
      await expect.poll(() => daemon.stderr(), { timeout: 10_000 }).toContain('first admin');
      const hint = daemon.stderr();
      expect(hint).toContain(
        `open ${daemon.url}/setup and paste the API key from ${daemon.dataDir}/initial-api-key`,
      );
      expect(hint).toContain(`factoryd staff add --data-dir '${daemon.dataDir}' --email`);
      expect(hint + daemon.logs.join('\n')).not.toContain(daemon.apiKey);

      // Once an admin exists, a restart says nothing of it.
      const added = runFactoryd(
        [
          'staff',
          'add',
          '--data-dir',
          daemon.dataDir,
          '--email',
          'ada@factory.test',
          '--name',
          'Ada',
          '--role',
          'admin',
        ],
        { input: 'first admin password\n' },
      );
      expect(added.status, added.stderr).toBe(0);
      await daemon.stop();
      daemon = await startDaemon({ dataDir: daemon.dataDir });
      const ready = await fetch(`${daemon.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(daemon.stderr()).not.toContain('first admin');
    },
  );

  it.runIf(onSqlite)(
    'backs up the database while serving, to a file only its owner may read',
    async () => {
      const file = join(tempDir(), 'backup.db');
      // The usual umask would leave a new file readable by everyone; the backup holds secrets.
      const umask = process.umask(0o022);
      try {
        const res = run(['backup', file, '--data-dir', daemon.dataDir]);
        expect(res.status).toBe(0);
      } finally {
        process.umask(umask);
      }
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const copy = new Database(file, { readonly: true });
      expect(copy.prepare('select count(*) as n from api_keys').get()).toEqual({ n: 1 });
      copy.close();
      const again = run(['backup', file, '--data-dir', daemon.dataDir]);
      expect(again.status).toBe(1);
      expect(again.stderr).toContain(`${file} exists; choose a new file name`);
    },
  );

  it.runIf(onSqlite)('keeps the database private to its owner', () => {
    const db = join(daemon.dataDir, 'factoryd.db');
    expect(statSync(db).mode & 0o777).toBe(0o600);
    expect(statSync(`${db}-wal`).mode & 0o777).toBe(0o600);
    expect(statSync(join(daemon.dataDir, 'factoryd.lock')).mode & 0o777).toBe(0o600);
  });

  it('refuses a second server on the same data directory, naming the PID that holds it', async () => {
    const second = run(['serve', '--port', '0', '--data-dir', daemon.dataDir]);
    expect(second.status).toBe(1);
    expect(second.stdout).toBe('');
    expect(second.stderr).toContain(
      `factoryd: the data directory ${daemon.dataDir} is in use by another factoryd serve (PID ${daemon.process.pid}, started `,
    );
    expect(second.stderr).toContain(`kill ${daemon.process.pid}`);
    expect(second.stderr).toContain('or give this one its own --data-dir.');
    // The first one serves on.
    expect((await fetch(`${daemon.url}/readyz`)).status).toBe(200);
  });

  it('refuses a second server even when factoryd.lock was deleted under the first', async () => {
    const first = await startDaemon();
    try {
      rmSync(join(first.dataDir, 'factoryd.lock'));
      const second = run(['serve', '--port', '0', '--data-dir', first.dataDir]);
      expect(second.status, second.stderr).toBe(1);
      expect(second.stderr).toContain(
        `is in use by another factoryd serve (PID ${first.process.pid}, started `,
      );
      // Looked again on the next start too: the new lock file is no lock while the first runs.
      expect(run(['serve', '--port', '0', '--data-dir', first.dataDir]).status).toBe(1);
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    } finally {
      await first.stop();
    }
    // Once the first has stopped, the data directory is free.
    const next = await startDaemon({ dataDir: first.dataDir });
    await next.stop();
  });

  it('lets a server start where one was killed: the lock dies with its process', async () => {
    const first = await startDaemon();
    expect(await first.stop('SIGKILL')).toBeNull();
    const next = await startDaemon({ dataDir: first.dataDir });
    try {
      expect((await fetch(`${next.url}/readyz`)).status).toBe(200);
      expect(run(['serve', '--port', '0', '--data-dir', first.dataDir]).stderr).toContain(
        `(PID ${next.process.pid}, `,
      );
    } finally {
      await next.stop();
    }
  });

  it('answers what no route sees in the error envelope with a request id', async () => {
    const port = Number(new URL(daemon.url).port);
    const nul = await exchange(port, (s) =>
      s.write('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Station: a\u0000b\r\n\r\n'),
    );
    expectEnvelope(answerIn(nul.text), 400, 'malformed_request');
    const badUrl = await exchange(port, (s) =>
      s.write('GET /v1/orders/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
    );
    expectEnvelope(answerIn(badUrl.text), 400, 'invalid_url');
    const long = await exchange(port, (s) =>
      s.write(`GET /v1/orders/${'A'.repeat(101)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
    );
    expectEnvelope(answerIn(long.text), 414, 'path_too_long');
    // Keep-alive is bounded, and the server says for how long.
    const res = await fetch(`${daemon.url}/healthz`);
    expect(res.headers.get('keep-alive')).toBe('timeout=65');
  });

  it('stops cleanly on SIGTERM', async () => {
    const other = await startDaemon();
    const code = await other.stop('SIGTERM');
    expect(code).toBe(0);
    expect(other.logs.some((l) => l.includes('"msg":"stopped"'))).toBe(true);
  });
});

describe.runIf(onSqlite)('a database file that is there but holds no database', () => {
  const cases: Array<[string, (file: string) => void, string]> = [
    ['empty', (file) => writeFileSync(file, ''), 'is empty (0 bytes): it holds no factory'],
    [
      'not SQLite',
      (file) => writeFileSync(file, 'orders,exported,by,hand\n'.repeat(200)),
      'file is not a database',
    ],
    ['a directory', (file) => mkdirSync(file), 'is not a file'],
  ];
  for (const [what, make, message] of cases) {
    it(`is an error naming the file, never a new install: ${what}`, () => {
      const dir = tempDir();
      const file = join(dir, 'factoryd.db');
      make(file);
      for (const args of [
        ['serve', '--port', '0'],
        ['init'],
        ['migrate'],
        ['backup', join(dir, 'b.db')],
      ]) {
        const res = run([...args, '--data-dir', dir]);
        expect(res.status, `${args[0]}: ${res.stderr}`).toBe(1);
        expect(res.stderr).toContain(file);
        expect(res.stderr).toContain(message);
        expect(res.stderr).not.toMatch(/\n\s+at /);
      }
      expect(existsSync(join(dir, 'initial-api-key'))).toBe(false);
      expect(existsSync(join(dir, 'b.db'))).toBe(false);
      if (what === 'empty') expect(statSync(file).size).toBe(0);
    });
  }
});

describe('factoryd serve --no-deliveries', () => {
  it('keeps webhook deliveries waiting in the database; a normal start then sends them', async () => {
    const receiver = await new Receiver().listen();
    const paused = await startDaemon({ args: ['--no-deliveries'] });
    try {
      expect(paused.logs.join('\n')).toContain('"webhook_deliveries":"paused"');
      const call = async (method: string, path: string, body?: unknown, url = paused.url) => {
        const res = await fetch(`${url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${paused.apiKey}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        expect(res.status, path).toBe(200);
        return (await res.json()) as Record<string, unknown> & {
          data: Array<Record<string, unknown>>;
        };
      };
      const hook = await call('POST', '/v1/webhooks', {
        url: `${receiver.url}/erp`,
        events: ['*'],
      });
      receiver.secretFor('/erp', hook.secret as string);
      await call('POST', '/v1/retailers', { name: 'Staging', code: 'STG' });
      await call('POST', '/v1/orders', {
        order_no: 'STG-1',
        retailer_code: 'STG',
        lines: [{ sku: 'SOFA', qty: 1, pieces_per_unit: 1 }],
      });
      // A server that delivers sends within milliseconds of the commit; this one sends nothing.
      for (let i = 0; i < 20; i++) {
        expect(receiver.received).toEqual([]);
        await new Promise((r) => setTimeout(r, 50));
      }
      const waiting = (await call('GET', '/v1/webhooks/deliveries')).data;
      expect(waiting).toEqual([
        expect.objectContaining({ event_type: 'order.created', status: 'pending', attempts: 0 }),
      ]);
      expect(receiver.received).toEqual([]);

      await paused.stop();
      const normal = await startDaemon({ dataDir: paused.dataDir });
      try {
        await receiver.waitFor((r) => r.acknowledged.length === 1);
        expect(receiver.received[0]!.json.type).toBe('order.created');
        expect(receiver.received[0]!.verified).toBe(true);
      } finally {
        await normal.stop();
      }
    } finally {
      await paused.stop();
      await receiver.close();
    }
  });
});
