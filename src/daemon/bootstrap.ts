import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { systemClock } from '../domain/clock.js';
import { noSignals, type CoreContext, type Signals } from '../core/context.js';
import { createFactory, listFactoryIds } from '../core/factory/setup.js';
import { openStore, type Store } from '../store/database.js';
import { DATABASE_FILE, INITIAL_KEY_FILE, resolveDataDir } from './data-dir.js';
import type { DaemonIO } from './io.js';

export interface OpenedDataDir {
  dataDir: string;
  store: Store;
  core: CoreContext;
}

/** Opens (creating if needed, mode 0700) the data directory and its database, migrated. */
export async function openDataDir(
  flag: string | undefined,
  io: DaemonIO,
  signals: Signals = noSignals,
): Promise<OpenedDataDir> {
  const dataDir = resolveDataDir(flag, io.env, io.homeDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const store = await openStore({ file: join(dataDir, DATABASE_FILE) });
  return { dataDir, store, core: { db: store.db, clock: systemClock, signals } };
}

export interface Initialised {
  created: boolean;
  factoryId: string;
  /** The plain first key: only when just created. */
  apiKey?: string;
  keyFile: string;
}

/**
 * Creates the factory and its first admin key when the database has none. The key is written
 * once to `<data-dir>/initial-api-key` (mode 0600) for whoever runs the box; it is never stored
 * in the database, only its hash.
 */
export async function ensureInitialised(
  opened: OpenedDataDir,
  input: { name?: string; labelPrefix?: string } = {},
): Promise<Initialised> {
  const keyFile = join(opened.dataDir, INITIAL_KEY_FILE);
  const existing = await listFactoryIds(opened.core);
  if (existing.length > 0) return { created: false, factoryId: existing[0]!, keyFile };
  const { factoryId, apiKey } = await createFactory(opened.core, input);
  writeFileSync(keyFile, `${apiKey.key}\n`, { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  return { created: true, factoryId, apiKey: apiKey.key, keyFile };
}

export function keyFileExists(keyFile: string): boolean {
  return existsSync(keyFile);
}
