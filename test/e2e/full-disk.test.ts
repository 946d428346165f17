import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/app.js';
import { startDaemon, type RunningDaemon } from '../helpers/daemon.js';

/**
 * A full disk under a running factoryd (SQLite, its data directory on a small tmpfs this test
 * mounts): a request that must write answers 503 `disk_full` saying so, `/readyz` answers 503
 * while the database cannot write, and both recover by themselves once space is freed.
 */
const mount = tempDir('factoryd-full-disk-');
const dataDir = join(mount, 'data');
const filler = join(mount, 'filler');
let daemon: RunningDaemon;

beforeAll(async () => {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=6m,mode=0700', 'tmpfs', mount]);
  mkdirSync(dataDir, { mode: 0o700 });
  daemon = await startDaemon({ dataDir, databaseUrl: null });
});
afterAll(async () => {
  await daemon?.stop();
  execFileSync('umount', ['-l', mount]);
});

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${daemon.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${daemon.apiKey}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers read as the test needs them
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** Asks /readyz until it answers `status` (the write probe runs at most once a second). */
async function readyzUntil(status: number): Promise<{ code?: string }> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await fetch(`${daemon.url}/readyz`);
    const body = (await res.json()) as { error?: { code: string } };
    if (res.status === status) return { ...(body.error ? { code: body.error.code } : {}) };
    if (Date.now() > deadline)
      throw new Error(`/readyz still answers ${res.status}, not ${status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Fills the file system: a file grown until the disk refuses more. */
function fillDisk(): void {
  const chunk = Buffer.alloc(64 * 1024, 1);
  let written = 0;
  try {
    for (;;) {
      writeFileSync(filler, chunk, { flag: 'a' });
      written += chunk.length;
    }
  } catch (err) {
    expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
  }
  // Then the last bytes, in small pieces.
  try {
    for (;;) writeFileSync(filler, Buffer.alloc(512, 1), { flag: 'a' });
  } catch {
    // full
  }
  expect(written).toBeGreaterThan(0);
}

const order = (n: number, retailerId: string, lines = 40) => ({
  order_no: `FULL-${n}`,
  retailer_id: retailerId,
  lines: Array.from({ length: lines }, (_, i) => ({
    sku: `SKU-${i}`,
    colour: 'A colour with a long name',
    qty: 5,
    pieces_per_unit: 2,
  })),
});

describe('a full disk', () => {
  it('answers 503 disk_full, /readyz 503, and recovers by itself once space is freed', async () => {
    const retailer = await call('POST', '/v1/retailers', { name: 'Full Disk', code: 'FD' });
    expect(retailer.status).toBe(200);
    expect((await call('POST', '/v1/orders', order(1, retailer.body.id, 1))).status).toBe(200);
    expect((await fetch(`${daemon.url}/readyz`)).status).toBe(200);

    fillDisk();

    // The write-ahead log may have room left from earlier writes: orders until it must grow.
    let refused: Awaited<ReturnType<typeof call>> | undefined;
    for (let n = 2; n < 30 && !refused; n++) {
      const res = await call('POST', '/v1/orders', order(n, retailer.body.id));
      expect([200, 503], JSON.stringify(res.body.error)).toContain(res.status);
      if (res.status === 503) refused = res;
    }
    expect(refused, 'a write refused for lack of space').toBeDefined();
    expect(refused!.body.error).toMatchObject({ code: 'disk_full', type: 'api_error' });
    expect(refused!.body.error.message).toMatch(/disk of the database is full/);
    // The write probe runs beside the answers: within a few seconds /readyz says so.
    const ready = await readyzUntil(503);
    expect(ready.code).toBe('disk_full');
    // Reads still answer.
    expect((await call('GET', '/v1/orders')).status).toBe(200);
    // Logged as what it is, never "cannot rollback".
    const logs = daemon.logs.join('\n');
    expect(logs).toContain('the disk of the database is full');
    expect(logs).not.toContain('cannot rollback');

    rmSync(filler);
    await readyzUntil(200);
    const again = await call('POST', '/v1/orders', order(99, retailer.body.id));
    expect(again.status, JSON.stringify(again.body.error)).toBe(200);
    expect((await call('GET', `/v1/orders/${again.body.id}`)).body.order_no).toBe('FULL-99');
  });
});
