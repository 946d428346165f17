import { chmodSync, copyFileSync, existsSync, readdirSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/app.js';
import { runFactoryd, startDaemon, type RunningDaemon } from '../helpers/daemon.js';

/**
 * `factoryd backup`, `backup --verify` and `restore` through the real executable (SQLite):
 * a backup taken while serving verifies; a truncated copy does not, with the reason; restore
 * refuses a served data directory; a restored backup gives the same answers from the API.
 */
let daemon: RunningDaemon;
const dir = tempDir('factoryd-restore-');

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const res = await fetch(`${daemon.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${daemon.apiKey}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, text: await res.text() };
}

/** What the API answers about the factory's data, as text. */
async function answers(): Promise<string[]> {
  const paths = ['/v1/orders', '/v1/retailers', '/v1/settings', '/v1/company', '/v1/order-counts'];
  const texts = [];
  for (const path of paths) {
    const res = await call('GET', path);
    expect(res.status, `${path}: ${res.text}`).toBe(200);
    texts.push(res.text);
  }
  const orders = JSON.parse(texts[0]!) as { data: { id: string }[] };
  for (const order of orders.data) texts.push((await call('GET', `/v1/orders/${order.id}`)).text);
  return texts;
}

beforeAll(async () => {
  daemon = await startDaemon({ databaseUrl: null });
  const retailer = JSON.parse(
    (await call('POST', '/v1/retailers', { name: 'Sofa World', code: 'SW' })).text,
  ) as { id: string };
  for (const n of [1, 2]) {
    const made = await call('POST', '/v1/orders', {
      order_no: `SW-${n}`,
      retailer_id: retailer.id,
      lines: [{ sku: 'SOFA', qty: 2, pieces_per_unit: 2, piece_names: ['Frame', 'Seat'] }],
    });
    expect(made.status, made.text).toBe(200);
  }
});
afterAll(async () => {
  await daemon.stop();
});

describe('factoryd backup, backup --verify, restore', () => {
  it('backs up while serving, verifies it, and restores it to the same answers', async () => {
    const file = join(dir, 'nightly.db');
    const made = runFactoryd(['backup', file, '--data-dir', daemon.dataDir]);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stderr).toContain('verified');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // Nothing but the backup in its directory: no temporary file left.
    expect(readdirSync(dir)).toEqual(['nightly.db']);

    const verified = runFactoryd(['backup', '--verify', file]);
    expect(verified.status, verified.stderr).toBe(0);
    expect(verified.stdout).toContain('a good backup');

    const before = await answers();

    // Restore refuses the data directory while it is served.
    const refused = runFactoryd(['restore', file, '--data-dir', daemon.dataDir]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('in use by another factoryd serve');

    // Changes after the backup, then the restore takes them back.
    const cancelled = await call('POST', '/v1/orders', {
      order_no: 'SW-3',
      retailer_id: JSON.parse((await call('GET', '/v1/retailers')).text).data[0].id,
      lines: [{ sku: 'CHAIR', qty: 1, pieces_per_unit: 1 }],
    });
    expect(cancelled.status).toBe(200);
    expect(await answers()).not.toEqual(before);
    await daemon.stop();

    const restored = runFactoryd(['restore', file, '--data-dir', daemon.dataDir]);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stderr).toContain('the database it replaced is kept as');
    const kept = readdirSync(daemon.dataDir).filter((n) =>
      n.startsWith('factoryd.db.before-restore-'),
    );
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(statSync(join(daemon.dataDir, 'factoryd.db')).mode & 0o777).toBe(0o600);

    daemon = await startDaemon({ dataDir: daemon.dataDir, databaseUrl: null });
    expect(await answers()).toEqual(before);
  });

  it('fails a truncated backup, with the reason, and restores nothing from it', async () => {
    const file = join(dir, 'whole.db');
    expect(runFactoryd(['backup', file, '--data-dir', daemon.dataDir]).status).toBe(0);
    const truncated = join(dir, 'truncated.db');
    copyFileSync(file, truncated);
    chmodSync(truncated, 0o600);
    truncateSync(truncated, Math.floor(statSync(file).size / 2));
    const res = runFactoryd(['backup', '--verify', truncated]);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain(`${truncated} is not a good backup:`);
    expect(res.stderr).toMatch(/integrity check failed|malformed|does not open/);

    const empty = join(dir, 'empty.db');
    copyFileSync(truncated, empty);
    truncateSync(empty, 0);
    const none = runFactoryd(['backup', '--verify', empty]);
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('neither a SQLite database nor a pg_dump');

    const refused = runFactoryd(['restore', truncated, '--data-dir', tempDir()]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('not a good backup, nothing was restored');
    expect(existsSync(join(dir, 'missing.db'))).toBe(false);
  });
});
