import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoreContext, type CoreContext } from '../../../src/core/context.js';
import { appendEvents } from '../../../src/core/events.js';
import { createFactory } from '../../../src/core/factory/setup.js';
import {
  createWebhookEndpoint,
  updateWebhookEndpoint,
} from '../../../src/core/webhooks/endpoints.js';
import { ManualClock } from '../../../src/domain/clock.js';
import { openStore, type SqliteStore } from '../../../src/store/database.js';
import type { DB } from '../../../src/store/schema.js';
import {
  anyDue,
  endpointsWithDue,
  lease,
  nextDueAt,
  requeue,
  selectDue,
} from '../../../src/store/webhooks/delivery-queue.js';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const nowIso = NOW.toISOString();
const later = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

let dir: string;
let store: SqliteStore;
let core: CoreContext;
let factoryId: string;
let first: string;
let second: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'factoryd-delivery-queue-'));
  store = (await openStore({ file: join(dir, 'queue.db') })) as SqliteStore;
  core = createCoreContext({ db: store.db, clock: new ManualClock(NOW) });
  ({ factoryId } = await createFactory(core, { name: 'Queue' }));
  first = (await createWebhookEndpoint(core, factoryId, { url: 'http://a.test/', events: ['*'] }))
    .id;
  second = (
    await createWebhookEndpoint(core, factoryId, {
      url: 'http://b.test/',
      events: ['order.created'],
    })
  ).id;
  await store.db.transaction().execute((trx) =>
    appendEvents(trx, {
      factoryId,
      type: 'scan.recorded',
      data: [{ n: 1 }, { n: 2 }, { n: 3 }],
      now: NOW,
    }),
  );
  await store.db
    .transaction()
    .execute((trx) =>
      appendEvents(trx, { factoryId, type: 'order.created', data: [{ n: 4 }], now: NOW }),
    );
});

afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the delivery queue (SQLite file)', () => {
  it('finds what is due, per endpoint subscribed, in due order with what sending needs', async () => {
    expect(await anyDue(store.db, nowIso)).toBe(true);
    expect(await anyDue(store.db, later(-1))).toBe(false);
    expect(await nextDueAt(store.db)).toBe(nowIso);
    const endpoints = await store.db.transaction().execute((trx) => endpointsWithDue(trx, nowIso));
    expect(endpoints).toEqual([first, second].sort());

    const due = await store.db
      .transaction()
      .execute((trx) => selectDue(trx, { endpointId: first, nowIso, limit: 10 }));
    expect(due.map((d) => JSON.parse(d.data) as unknown)).toEqual([
      { n: 1 },
      { n: 2 },
      { n: 3 },
      { n: 4 },
    ]);
    expect(due[0]).toMatchObject({
      factoryId,
      endpointId: first,
      eventType: 'scan.recorded',
      attempts: 0,
      url: 'http://a.test/',
      eventCreatedAt: nowIso,
      allowedHosts: [],
    });
    expect(due[0]!.secret).toMatch(/^whsec_/);
    const limited = await store.db
      .transaction()
      .execute((trx) => selectDue(trx, { endpointId: second, nowIso, limit: 10 }));
    expect(limited.map((d) => d.eventType)).toEqual(['order.created']);
  });

  it('a lease keeps deliveries from being claimed until it ends; an aborted one is due again', async () => {
    const due = await store.db
      .transaction()
      .execute((trx) => selectDue(trx, { endpointId: first, nowIso, limit: 2 }));
    const until = later(60_000);
    await store.db.transaction().execute((trx) =>
      lease(
        trx,
        due.map((d) => d.id),
        until,
      ),
    );
    const left = await store.db
      .transaction()
      .execute((trx) => selectDue(trx, { endpointId: first, nowIso, limit: 10 }));
    expect(left.map((d) => d.id)).not.toContain(due[0]!.id);
    expect(left).toHaveLength(2);
    const afterLease = await store.db
      .transaction()
      .execute((trx) => selectDue(trx, { endpointId: first, nowIso: until, limit: 10 }));
    expect(afterLease).toHaveLength(4);

    await store.db.transaction().execute((trx) => requeue(trx, due[0]!.id, nowIso));
    const again = await store.db
      .transaction()
      .execute((trx) => selectDue(trx, { endpointId: first, nowIso, limit: 10 }));
    expect(again.map((d) => d.id)).toContain(due[0]!.id);
    expect(again.map((d) => d.id)).not.toContain(due[1]!.id);
  });

  it("a disabled endpoint's deliveries are failed, not due, and stay so when requeued", async () => {
    await updateWebhookEndpoint(core, factoryId, second, { enabled: false });
    const endpoints = await store.db
      .transaction()
      .execute((trx) => endpointsWithDue(trx, later(120_000)));
    expect(endpoints).toEqual([first]);
    const [failed] = await store.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'status', 'next_attempt_at'])
      .where('endpoint_id', '=', second)
      .execute();
    expect(failed).toMatchObject({ status: 'failed', next_attempt_at: null });
    await store.db.transaction().execute((trx) => requeue(trx, failed!.id, nowIso));
    const row = await store.db
      .selectFrom('webhook_deliveries')
      .select('next_attempt_at')
      .where('id', '=', failed!.id)
      .executeTakeFirstOrThrow();
    expect(row.next_attempt_at).toBeNull();
  });
});

describe('the claim statement per dialect', () => {
  /** The statements `run` sends to a database of that dialect (which answers no rows). */
  async function statementsOf(
    postgres: boolean,
    run: (db: Kysely<DB>) => Promise<unknown>,
  ): Promise<string[]> {
    const seen: string[] = [];
    const db = new Kysely<DB>({
      dialect: {
        createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
        createDriver: () => new DummyDriver(),
        createIntrospector: (k) =>
          postgres ? new PostgresIntrospector(k) : new SqliteIntrospector(k),
        createQueryCompiler: () =>
          postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler(),
      },
      log: (event) => void seen.push(event.query.sql),
    });
    await run(db);
    return seen;
  }

  it('PostgreSQL passes over rows another factoryd is claiming (FOR UPDATE SKIP LOCKED)', async () => {
    const claim = (db: Kysely<DB>) => selectDue(db, { endpointId: 'wh_x', nowIso, limit: 4 });
    const [postgres] = await statementsOf(true, claim);
    expect(postgres).toMatch(/ for update of "d" skip locked$/);
    const [sqlite] = await statementsOf(false, claim);
    expect(sqlite).toMatch(/ limit \?$/);
  });
});
