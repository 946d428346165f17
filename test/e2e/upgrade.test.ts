import { join } from 'node:path';
import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createCoreContext, type CoreContext } from '../../src/core/context.js';
import { createFactory } from '../../src/core/factory/setup.js';
import { formatBarcode } from '../../src/domain/barcode.js';
import { systemClock } from '../../src/domain/clock.js';
import { newId } from '../../src/domain/ids.js';
import { hashToken, newToken, newWebhookSecret } from '../../src/domain/tokens.js';
import { openStore, type Store } from '../../src/store/database.js';
import { migrationProvider } from '../../src/store/migrations/index.js';
import { Receiver } from '../core/webhooks/receiver.js';
import { tempDir } from '../helpers/app.js';
import { runFactoryd, startDaemon, type RunningDaemon } from '../helpers/daemon.js';
import { createEmptyTestDatabase, rawSql, testDialect, type RawSql } from '../helpers/dialect.js';

// Answers are read field by field, as a client would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

/**
 * A database made by the first release (the first migration only, with a factory, an order, a
 * station and a webhook endpoint in it) upgraded by today's `factoryd`: the data is intact and
 * the API works on it. And a migration that fails half-way: nothing of the run is applied, the
 * error says which one failed, and once its cause is removed the upgrade goes through.
 *
 * The rows are written by the product's own use cases where their tables are unchanged since the
 * first migration, and in the first schema's columns where later migrations changed the table
 * (stations are paired, webhook endpoints and orders created, through paths that need later
 * tables or columns).
 */

const FIRST = '2026-11-22-0001-initial';
/** The latest migration when this test was written; its last index is the one made to clash. */
const RATE_LIMITS = '2026-11-24-0007-rate-limit-failures';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

interface OldDatabase {
  dataDir: string;
  /** PostgreSQL runs only; null: the SQLite file in the data dir. */
  databaseUrl: string | null;
  apiKey: string;
  stationToken: string;
  orderId: string;
  barcodes: string[];
  receiver: Receiver;
}

/** Opens the data dir's database without migrating it. */
function openUnmigrated(dataDir: string, databaseUrl: string | null): Promise<Store> {
  return databaseUrl
    ? openStore({ url: databaseUrl, migrate: false, poolMax: 2 })
    : openStore({ file: join(dataDir, 'factoryd.db'), migrate: false });
}

/** A database at the first migration, with data, as the first release left it. */
async function firstReleaseDatabase(): Promise<OldDatabase> {
  const dataDir = tempDir('factoryd-upgrade-');
  const databaseUrl = testDialect() === 'postgres' ? await createEmptyTestDatabase() : null;
  const receiver = await new Receiver().listen();
  cleanups.push(() => receiver.close());

  const store = await openUnmigrated(dataDir, databaseUrl);
  try {
    const migrated = await new Migrator({
      db: store.db,
      provider: migrationProvider,
    }).migrateTo(FIRST);
    expect(migrated.error).toBeUndefined();
    const core: CoreContext = createCoreContext({ db: store.db, clock: systemClock });
    const { factoryId, apiKey } = await createFactory(core, { name: 'Old Mill' });
    const now = new Date().toISOString();
    const sql = rawSql(store);
    // The first release's retailer row, written as it wrote it (today's code writes more columns).
    const retailer = { id: newId('retailer', new Date()) };
    await sql
      .prepare(
        `insert into retailers (id, factory_id, name, code, created_at, updated_at)
         values (?, ?, 'Sofa World', 'SW', ?, ?)`,
      )
      .run(retailer.id, factoryId, now, now);

    const secret = newWebhookSecret();
    receiver.secretFor('/erp', secret);
    await sql
      .prepare(
        `insert into webhook_endpoints (id, factory_id, url, events, description, secret, enabled,
           disabled_reason, failing_since, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?, 1, null, null, ?, ?)`,
      )
      .run(
        newId('webhookEndpoint', new Date()),
        factoryId,
        `${receiver.url}/erp`,
        '["*"]',
        'ERP',
        secret,
        now,
        now,
      );
    const stationToken = newToken('station');
    await sql
      .prepare(
        `insert into stations (id, factory_id, name, role, token_hash, default_location, hardware,
           paired_at, last_scan_at, revoked_at, updated_at)
         values (?, ?, 'Sewing 1', 'produce', ?, null, null, ?, null, null, ?)`,
      )
      .run(newId('station', new Date()), factoryId, hashToken(stationToken), now, now);
    // After the endpoint: its order.created delivery waits in the outbox across the upgrade.
    // Written in the first schema's columns: later migrations added to orders (piece counts).
    const order = await firstReleaseOrder(sql, factoryId, retailer.id, new Date());
    return {
      dataDir,
      databaseUrl,
      apiKey: apiKey.key,
      stationToken,
      orderId: order.id,
      barcodes: order.barcodes,
      receiver,
    };
  } finally {
    await store.close();
  }
}

/**
 * An order of one unit of two pieces as the first release wrote it (its columns then), with its
 * order.created event and that event's delivery to every endpoint.
 */
async function firstReleaseOrder(
  sql: RawSql,
  factoryId: string,
  retailerId: string,
  now: Date,
): Promise<{ id: string; barcodes: string[] }> {
  const at = now.toISOString();
  const { label_prefix: prefix } = (await sql
    .prepare('select label_prefix from factories where id = ?')
    .get(factoryId)) as { label_prefix: string };
  await sql.prepare('update factories set barcode_serial = 2 where id = ?').run(factoryId);
  const id = newId('order', now);
  await sql
    .prepare(
      `insert into orders (id, factory_id, retailer_id, order_no, status, source, production_date,
         needed_by, items, pieces_total, pieces_scanned, pieces_in_stock, pieces_dispatched,
         piece_states, stuck, created_at, updated_at)
       values (?, ?, ?, 'SW-1', 'awaiting_production', 'api', null, null, ?, 2, 0, 0, 0,
         '["awaiting_production"]', 0, ?, ?)`,
    )
    .run(id, factoryId, retailerId, 'SOFA Grey', at, at);
  await sql
    .prepare(
      `insert into order_lines (id, factory_id, order_id, line_no, sku, colour, qty,
         pieces_per_unit, piece_names)
       values (?, ?, ?, 1, 'SOFA', 'Grey', 1, 2, null)`,
    )
    .run(newId('orderLine', now), factoryId, id);
  const barcodes = [formatBarcode(prefix, 1), formatBarcode(prefix, 2)];
  for (const [i, barcode] of barcodes.entries()) {
    await sql
      .prepare(
        `insert into pieces (id, factory_id, order_id, line_no, unit_no, piece_no, barcode, status,
           scanned, updated_at)
         values (?, ?, ?, 1, 1, ?, ?, 'awaiting_production', 0, ?)`,
      )
      .run(newId('piece', now), factoryId, id, i + 1, barcode, at);
  }
  const eventId = newId('event', now);
  await sql
    .prepare(
      `insert into events (id, factory_id, type, data, created_at)
       values (?, ?, 'order.created', ?, ?)`,
    )
    .run(eventId, factoryId, JSON.stringify({ object: 'order', id, order_no: 'SW-1' }), at);
  const endpoints = (await sql
    .prepare('select id from webhook_endpoints where factory_id = ?')
    .all(factoryId)) as { id: string }[];
  for (const endpoint of endpoints) {
    await sql
      .prepare(
        `insert into webhook_deliveries (id, factory_id, endpoint_id, event_id, event_type, status,
           attempts, next_attempt_at, created_at, updated_at)
         values (?, ?, ?, ?, 'order.created', 'pending', 0, ?, ?, ?)`,
      )
      .run(newId('delivery', now), factoryId, endpoint.id, eventId, at, at, at);
  }
  return { id, barcodes };
}

async function serve(old: OldDatabase): Promise<RunningDaemon> {
  const d = await startDaemon({ dataDir: old.dataDir, databaseUrl: old.databaseUrl });
  cleanups.push(() => d.stop());
  return d;
}

function migrate(old: OldDatabase) {
  return runFactoryd([
    'migrate',
    '--data-dir',
    old.dataDir,
    ...(old.databaseUrl ? ['--database-url', old.databaseUrl] : []),
  ]);
}

async function call(
  d: RunningDaemon,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Json> {
  const res = await fetch(`${d.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as Json;
  expect(res.status, `${method} ${path}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}

/** What the database holds, read directly: applied migrations, schema objects, row counts. */
async function inspect(old: OldDatabase) {
  const store = await openUnmigrated(old.dataDir, old.databaseUrl);
  try {
    const sql = rawSql(store);
    const exists = async (name: string) =>
      store.dialect === 'sqlite'
        ? (await sql.prepare('select 1 from sqlite_master where name = ?').get(name)) !== undefined
        : ((await sql.prepare('select to_regclass(?) as r').get(name)) as { r: unknown }).r !==
          null;
    const column = async (table: string, name: string) =>
      store.dialect === 'sqlite'
        ? (await sql
            .prepare(`select 1 from pragma_table_info('${table}') where name = ?`)
            .get(name)) !== undefined
        : (await sql
            .prepare(
              'select 1 from information_schema.columns where table_name = ? and column_name = ?',
            )
            .get(table, name)) !== undefined;
    const count = async (table: string) =>
      Number(((await sql.prepare(`select count(*) as n from ${table}`).get()) as { n: unknown }).n);
    const migrations = (
      (await sql.prepare('select name from kysely_migration order by name').all()) as {
        name: string;
      }[]
    ).map((m) => m.name);
    return {
      migrations,
      rateLimitTable: await exists('rate_limit_failures'),
      piecesStatusIndex: await exists('pieces_order_status'),
      endpointDeletedAt: await column('webhook_endpoints', 'deleted_at'),
      orders: await count('orders'),
      pieces: await count('pieces'),
      deliveries: await count('webhook_deliveries'),
    };
  } finally {
    await store.close();
  }
}

const ALL = Object.keys(await migrationProvider.getMigrations()).sort();

describe('upgrading a database made by the first release', { timeout: 60_000 }, () => {
  it('factoryd serve migrates it to the latest: the data is intact and the API works on it', async () => {
    const old = await firstReleaseDatabase();
    expect((await inspect(old)).migrations).toEqual([FIRST]);

    const d = await serve(old);
    const after = await inspect(old);
    expect(after.migrations).toEqual(ALL);
    expect(after).toMatchObject({ orders: 1, pieces: 2, deliveries: 1, endpointDeletedAt: true });
    // The order's piece counts were filled in from its pieces.
    const counted = await openUnmigrated(old.dataDir, old.databaseUrl);
    const counts = await rawSql(counted)
      .prepare('select pieces_awaiting_production as a, pieces_produced as p from orders')
      .get();
    await counted.close();
    expect(counts).toEqual({ a: 2, p: 0 });

    // The key, the order and its pieces from before the upgrade.
    const order = await call(d, old.apiKey, 'GET', `/v1/orders/${old.orderId}`);
    expect(order).toMatchObject({
      order_no: 'SW-1',
      status: 'awaiting_production',
      pieces_total: 2,
      pieces_scanned: 0,
    });
    expect(order.pieces.map((p: { barcode: string }) => p.barcode)).toEqual(old.barcodes);
    const hooks = await call(d, old.apiKey, 'GET', '/v1/webhooks');
    expect(hooks.data).toHaveLength(1);
    expect(hooks.data[0]).toMatchObject({ description: 'ERP', enabled: true });

    // The delivery written before the upgrade goes out, signed with the endpoint's old secret.
    await old.receiver.waitFor((r) => r.acknowledged.length >= 1);
    expect(old.receiver.received[0]!.json).toMatchObject({
      type: 'order.created',
      data: { id: old.orderId, order_no: 'SW-1' },
    });
    expect(old.receiver.received[0]!.verified).toBe(true);

    // The station paired before the upgrade scans; its scan is delivered too.
    const scan = await call(d, old.stationToken, 'POST', '/v1/scans', {
      barcode: old.barcodes[0],
      client_scan_id: 'sewing-1:0001',
    });
    expect(scan).toMatchObject({
      accepted: true,
      piece: { status: 'produced' },
      order: { order_no: 'SW-1' },
    });
    await old.receiver.waitFor((r) => r.acknowledged.some((x) => x.json.type === 'scan.recorded'));
    expect(old.receiver.received.every((x) => x.verified)).toBe(true);
  });

  it('a migration that fails half-way applies nothing, names itself, and goes through once fixed', async () => {
    const old = await firstReleaseDatabase();
    // An index someone made by hand under the name a later migration gives its own: that
    // migration's last statement fails, after the migrations before it and its own first
    // statements have run.
    const store = await openUnmigrated(old.dataDir, old.databaseUrl);
    await rawSql(store).prepare('create index rate_limit_failures_at on events (created_at)').run();
    await store.close();

    const refused = migrate(old);
    expect(refused.status, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(`migration ${RATE_LIMITS} failed`);
    expect(refused.stderr).toContain('rate_limit_failures_at');
    expect(refused.stderr).toContain('none was applied');
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    // Nothing of the run is left: not the earlier migrations, not the failed one's first table.
    expect(await inspect(old)).toEqual({
      migrations: [FIRST],
      rateLimitTable: false,
      piecesStatusIndex: false,
      endpointDeletedAt: false,
      orders: 1,
      pieces: 2,
      deliveries: 1,
    });
    // The server will not start on it either, and says why.
    await expect(
      startDaemon({ dataDir: old.dataDir, databaseUrl: old.databaseUrl }),
    ).rejects.toThrow(`migration ${RATE_LIMITS} failed`);
    expect((await inspect(old)).migrations).toEqual([FIRST]);

    // The stray index removed, the upgrade goes through and the API answers.
    const fixed = await openUnmigrated(old.dataDir, old.databaseUrl);
    await rawSql(fixed).prepare('drop index rate_limit_failures_at').run();
    await fixed.close();
    const applied = migrate(old);
    expect(applied.status, applied.stderr).toBe(0);
    expect(applied.stderr).toContain(`Applied ${ALL.length - 1} migration(s)`);
    expect(await inspect(old)).toMatchObject({
      migrations: ALL,
      rateLimitTable: true,
      // Made by the second migration, dropped by the one that keeps each order's piece counts.
      piecesStatusIndex: false,
      endpointDeletedAt: true,
      orders: 1,
    });
    const d = await serve(old);
    const order = await call(d, old.apiKey, 'GET', `/v1/orders/${old.orderId}`);
    expect(order.pieces.map((p: { barcode: string }) => p.barcode)).toEqual(old.barcodes);
  });
});
