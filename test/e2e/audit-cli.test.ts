import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDaemonStore, runFactoryd, startDaemon } from '../helpers/daemon.js';
import { rawSql } from '../helpers/dialect.js';
import type { RunningDaemon } from '../helpers/daemon.js';
import { runFactory } from '../helpers/factory-cli.js';

/** `factory audit …` and `factoryd audit verify` as people run them: subprocesses, a real server. */
let daemon: RunningDaemon;

beforeAll(async () => {
  daemon = await startDaemon();
});
afterAll(async () => {
  await daemon.stop();
});

const factory = (args: string[]) => runFactory(daemon, args);

describe('factory operators', () => {
  it('adds an operator, lists them and prints their badge as ZPL', async () => {
    const made = await factory([
      'operators',
      'create',
      '--name',
      'Ana Kowalska',
      '--language',
      'pl',
    ]);
    expect(made.code, made.stderr).toBe(0);
    const ana = JSON.parse(made.stdout) as { id: string; badge: string };
    expect(ana.badge).toBe('OP 000001');
    const listed = await factory(['operators', 'list']);
    expect(JSON.parse(listed.stdout)).toMatchObject([{ name: 'Ana Kowalska', language: 'pl' }]);
    const badge = await factory(['operators', 'badge', ana.id, '--format', 'zpl']);
    expect(badge.code, badge.stderr).toBe(0);
    expect(badge.stdout).toContain('^FDOP 000001^FS');
    const off = await factory(['operators', 'update', ana.id, '--no-active']);
    expect(JSON.parse(off.stdout)).toMatchObject({ active: false });
  });
});

describe('factory audit', () => {
  it('lists who changed what, verifies the chain, and factoryd names an edited row', async () => {
    for (const code of ['NW', 'SW']) {
      const made = await factory([
        'retailers',
        'create',
        '--name',
        `Retailer ${code}`,
        '--code',
        code,
      ]);
      expect(made.code, made.stderr).toBe(0);
    }
    const listed = await factory(['audit', 'list', '--action', 'retailer.create']);
    expect(listed.code, listed.stderr).toBe(0);
    const entries = JSON.parse(listed.stdout) as {
      actor: { type: string };
      changes: { code: string };
    }[];
    expect(entries.map((e) => [e.actor.type, e.changes.code])).toEqual([
      ['api_key', 'SW'],
      ['api_key', 'NW'],
    ]);
    const verified = await factory(['audit', 'verify']);
    expect(verified.code, verified.stderr).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({ ok: true });

    await daemon.stop();
    const store = await openDaemonStore(daemon.dataDir);
    await rawSql(store)
      .prepare("update audit_log set actor_name = 'someone else' where seq = 1")
      .run();
    await store.close();
    const broken = runFactoryd(['audit', 'verify', '--data-dir', daemon.dataDir], {
      env: daemon.databaseUrl ? { FACTORYD_DATABASE_URL: daemon.databaseUrl } : {},
    });
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/audit row 1 \(aud_\w+\) was edited/);
  });
});
