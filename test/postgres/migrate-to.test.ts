import { afterEach, describe, expect, it } from 'vitest';
import { Receiver } from '../core/webhooks/receiver.js';
import { tempDir } from '../helpers/app.js';
import { createTestDatabase } from '../helpers/dialect.js';
import { runFactoryd, startDaemon, type RunningDaemon } from '../helpers/daemon.js';

/**
 * Moving a factory from its SQLite file to PostgreSQL (`factoryd migrate-to`, docs/scale-out.md):
 * every table copied and verified, and afterwards the same API answers, byte for byte, to the
 * same keys and station tokens.
 */

const running: RunningDaemon[] = [];
let receiver: Receiver | undefined;
afterEach(async () => {
  for (const d of running.splice(0)) await d.stop('SIGKILL');
  await receiver?.close();
});

async function call(d: RunningDaemon, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${d.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return { text, json: JSON.parse(text) };
}

describe('factoryd migrate-to', { timeout: 90_000 }, () => {
  it('moves orders, scans, returns, webhooks and keys; the API answers the same afterwards', async () => {
    receiver = await new Receiver().listen();
    const dataDir = tempDir('factoryd-move-');
    const sqlite = await startDaemon({ dataDir, databaseUrl: null });
    running.push(sqlite);
    const key = sqlite.apiKey;
    const api = (method: string, path: string, body?: unknown) =>
      call(sqlite, method, path, key, body);

    const retailer = (await api('POST', '/v1/retailers', { name: 'Beds', code: 'BD' })).json;
    const second = (await api('POST', '/v1/api-keys', { name: 'ERP' })).json;
    const hook = (await api('POST', '/v1/webhooks', { url: `${receiver.url}/h`, events: ['*'] }))
      .json;
    receiver.secretFor('/h', hook.secret);
    const stations: Record<string, string> = {};
    for (const role of ['produce', 'dispatch']) {
      const issued = (await api('POST', '/v1/stations/pairing-codes', { name: role, role })).json;
      const paired = await fetch(`${sqlite.url}/v1/stations/pair`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: issued.code }),
      });
      stations[role] = ((await paired.json()) as { token: string }).token;
    }
    const orders = [];
    for (const n of [1, 2, 3]) {
      orders.push(
        (
          await api('POST', '/v1/orders', {
            order_no: `MV-${n}`,
            retailer_id: retailer.id,
            lines: [{ sku: 'BED', colour: 'Oak', qty: 2, pieces_per_unit: 2 }],
          })
        ).json,
      );
    }
    const scan = (token: string, barcode: string) =>
      call(sqlite, 'POST', '/v1/scans', token, { barcode });
    for (const piece of orders[0].pieces) await scan(stations.produce!, piece.barcode);
    for (const piece of orders[0].pieces) await scan(stations.dispatch!, piece.barcode);
    await scan(stations.produce!, orders[1].pieces[0].barcode);
    await scan(stations.produce!, orders[1].pieces[0].barcode); // refused: already scanned
    await api('POST', '/v1/returns', { barcode: orders[0].pieces[0].barcode, reason: 'torn' });
    await api('POST', `/v1/orders/${orders[2].id}/cancel`);
    await receiver.waitFor(() => receiver!.acknowledged.length > 0);

    const reads = [
      '/v1/orders',
      `/v1/orders/${orders[0].id}`,
      `/v1/orders/${orders[1].id}`,
      '/v1/orders?status=cancelled',
      '/v1/returns',
      '/v1/retailers',
      '/v1/stations',
      '/v1/webhooks',
      '/v1/settings',
      '/v1/company',
    ];
    // The dispatch forecast is computed when read, from the clock (DESIGN §16): it moves with time,
    // not with the database, so the comparison leaves its instant out.
    const timeless = (text: string) =>
      text.replace(/"forecast_dispatch_at":"[^"]+"/g, '"forecast_dispatch_at":"(now-based)"');
    const before = new Map<string, string>();
    for (const path of reads) before.set(path, timeless((await api('GET', path)).text));
    await sqlite.stop('SIGTERM');

    // Into a new, empty PostgreSQL database.
    const url = await createTestDatabase();
    const moved = runFactoryd(['migrate-to', '--data-dir', dataDir, '--database-url', url]);
    expect(moved.status, moved.stderr).toBe(0);
    expect(moved.stderr).toContain('counts and checksums match');
    for (const table of ['orders', 'pieces', 'scans', 'returns', 'events', 'api_keys']) {
      expect(moved.stderr).toMatch(new RegExp(`^${table} +\\d+  [0-9a-f]{16}$`, 'm'));
    }
    // A second run refuses: the database holds the factory now.
    const again = runFactoryd(['migrate-to', '--data-dir', dataDir, '--database-url', url]);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('already holds a factory');

    const pg = await startDaemon({ databaseUrl: url });
    running.push(pg);
    // Both keys still work, and every answer is the same, byte for byte.
    for (const path of reads) {
      expect(timeless((await call(pg, 'GET', path, key)).text), path).toBe(before.get(path));
    }
    await call(pg, 'GET', '/v1/orders', second.key);
    // Station tokens too: the next scan is accepted, a repeated one refused as before.
    const next = await call(pg, 'POST', '/v1/scans', stations.produce!, {
      barcode: orders[1].pieces[1].barcode,
    });
    expect(next.json.accepted).toBe(true);
    const repeat = await call(pg, 'POST', '/v1/scans', stations.produce!, {
      barcode: orders[1].pieces[0].barcode,
    });
    expect(repeat.json).toMatchObject({ accepted: false, reason: 'already_produced' });
  });
});
