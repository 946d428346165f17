import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempDir } from '../helpers/app.js';
import { testDialect } from '../helpers/dialect.js';
import { startDaemon, type RunningDaemon } from '../helpers/daemon.js';

// A SQLite file's WAL: PostgreSQL checkpoints by itself.
const onSqlite = testDialect() === 'sqlite';

let daemon: RunningDaemon;
beforeAll(async () => {
  if (onSqlite) daemon = await startDaemon();
});
afterAll(async () => {
  await daemon?.stop();
});

/** The retailers in the database file alone, as if its WAL were lost: what checkpoints moved. */
function retailersInDatabaseFile(): string[] {
  const copy = join(tempDir(), 'copy.db');
  copyFileSync(join(daemon.dataDir, 'factoryd.db'), copy);
  const db = new Database(copy, { readonly: true });
  try {
    // Right after the start the schema itself may still be in the WAL only: nothing moved yet.
    const created = db.prepare("select 1 from sqlite_master where name = 'retailers'").get();
    if (!created) return [];
    const rows = db.prepare('select code from retailers').all() as { code: string }[];
    return rows.map((r) => r.code);
  } finally {
    db.close();
  }
}

it.runIf(onSqlite)(
  'moves committed writes into the database file from a thread of its own, within moments',
  async () => {
    // A few pages of WAL: SQLite's own checkpoint would wait for a thousand.
    const res = await fetch(`${daemon.url}/v1/retailers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${daemon.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Checkpointed', code: 'CKPT' }),
    });
    expect(res.status).toBe(200);
    const deadline = Date.now() + 20_000;
    while (!retailersInDatabaseFile().includes('CKPT') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(retailersInDatabaseFile()).toContain('CKPT');
    expect(daemon.logs.filter((line) => line.includes('WAL checkpoint failed'))).toEqual([]);
  },
);
