import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../../src/api/app.js';
import { createCoreContext, type CoreContext, type Signals } from '../../src/core/context.js';
import { createFactory } from '../../src/core/factory/setup.js';
import { ManualClock } from '../../src/domain/clock.js';
import { openStore, type Store } from '../../src/store/database.js';
import type { Metrics } from '../../src/runtime/metrics.js';
import {
  createTestDatabase,
  dropTestDatabase,
  rawSql,
  testDialect,
  type RawSql,
} from './dialect.js';

/** Records what use cases signalled, for assertions. */
export class RecordingSignals implements Signals {
  events = 0;
  settingsChanges: string[] = [];
  eventsAppended(): void {
    this.events += 1;
  }
  settingsChanged(factoryId: string): void {
    this.settingsChanges.push(factoryId);
  }
}

export interface TestApp {
  app: FastifyInstance;
  core: CoreContext;
  store: Store;
  clock: ManualClock;
  signals: RecordingSignals;
  dir: string;
  /** Raw SQL on the test's database (SQLite or PostgreSQL alike), `?` placeholders. */
  sql: RawSql;
  factoryId: string;
  /** The factory's first admin API key. */
  apiKey: string;
  /** inject with `Authorization: Bearer <token>` (the API key unless given; null for none). */
  request(
    method: InjectOptions['method'],
    url: string,
    options?: {
      token?: string | null;
      body?: unknown;
      headers?: Record<string, string>;
      payload?: string;
    },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export function tempDir(prefix = 'factoryd-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * A fresh database of the run's dialect: a real SQLite file in `dir`, or a new database on the
 * run's PostgreSQL (copied from the migrated template). `drop` removes the latter.
 */
export async function openTestStore(dir: string): Promise<{ store: Store; drop(): Promise<void> }> {
  if (testDialect() === 'sqlite') {
    return { store: await openStore({ file: join(dir, 'test.db') }), drop: async () => {} };
  }
  const url = await createTestDatabase();
  return { store: await openStore({ url, poolMax: 4 }), drop: () => dropTestDatabase(url) };
}

/**
 * A fresh database (a real SQLite file in a temp dir, or a PostgreSQL database: see
 * ./dialect.ts), a factory with its first key, and the app (not listening).
 */
export async function makeTestApp(
  options: { clock?: ManualClock; app?: Omit<AppDeps, 'core'>; metrics?: Metrics } = {},
): Promise<TestApp> {
  const dir = tempDir();
  const { store, drop } = await openTestStore(dir);
  const clock = options.clock ?? new ManualClock();
  const signals = new RecordingSignals();
  const core: CoreContext = createCoreContext({
    db: store.db,
    clock,
    signals,
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  const { factoryId, apiKey } = await createFactory(core, { name: 'Test Factory' });
  const app = await buildApp({ ...options.app, core });
  await app.ready();
  return {
    app,
    core,
    store,
    clock,
    signals,
    dir,
    sql: rawSql(store),
    factoryId,
    apiKey: apiKey.key,
    request: (method, url, opts = {}) => {
      const token = opts.token === undefined ? apiKey.key : opts.token;
      const headers: Record<string, string> = { ...(opts.headers ?? {}) };
      if (token !== null) headers.authorization = `Bearer ${token}`;
      return app.inject({
        method,
        url,
        headers,
        ...(opts.payload !== undefined
          ? { payload: opts.payload }
          : opts.body !== undefined
            ? { payload: opts.body as object }
            : {}),
      });
    },
    close: async () => {
      await app.close();
      await store.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Another factory in the same database: its records must be invisible to the first. */
export async function createSecondFactory(
  core: CoreContext,
): Promise<{ factoryId: string; apiKey: string }> {
  const { factoryId, apiKey } = await createFactory(core, {
    name: 'Other Factory',
    labelPrefix: 'OTH',
  });
  return { factoryId, apiKey: apiKey.key };
}
