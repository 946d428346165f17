import type { ApiClient } from '../api-client.js';
import type { ApiKeyScope } from '../../contract/enums.js';
import { unchecked } from '../api-client.js';
import type { CallOptions } from '../api-client.js';
import type { Answer, Item, ListPaths } from '../api-types.js';

/** `GET /v1/auth/me`: who the token belongs to and which routes it may call. */
export type Caller = Answer<'/v1/auth/me', 'get'>;

export type ApiKey = Item<'/v1/api-keys'>;

/** A new key: the record with the plain key, shown this once. */
export type CreatedApiKey = Answer<'/v1/api-keys', 'post'>;
export type RolledApiKey = Answer<'/v1/api-keys/{id}/roll', 'post'>;

export type Station = Item<'/v1/stations'>;
export type StationRole = Station['role'];
export type Printer = Item<'/v1/printers'>;
/** A station with the printer it prints on, as the Stations panel shows it. */
export type StationRow = Station & { printer: Printer | null };
/** The roles a pairing code can give, in the order the role picker offers them (a `board` is a TV). */
export const STATION_ROLES: readonly StationRole[] = ['produce', 'stock', 'dispatch', 'board'];

export type PairingCode = Answer<'/v1/pairing-codes', 'post'>;

export type ReturnRecord = Item<'/v1/returns'>;

/** The factory's settings; the settings screen reads and edits them field by field, by name. */
export type Settings = Answer<'/v1/settings', 'get'> & Record<string, unknown>;

export type StaffSession = Answer<'/v1/auth/login', 'post'>;

/** `GET /v1/backups`: where scheduled backups stand. */
export type BackupStatus = Answer<'/v1/backups', 'get'>;

/** The routes the terminal UI uses; each key is the permission name the server lists. */
export const ROUTES = {
  listKeys: 'GET /v1/api-keys',
  createKey: 'POST /v1/api-keys',
  revokeKey: 'DELETE /v1/api-keys/:id',
  rollKey: 'POST /v1/api-keys/:id/roll',
  createPairingCode: 'POST /v1/pairing-codes',
  listStations: 'GET /v1/stations',
  listPrinters: 'GET /v1/printers',
  revokeStation: 'DELETE /v1/stations/:id',
  getSettings: 'GET /v1/settings',
  updateSettings: 'PATCH /v1/settings',
  listReturns: 'GET /v1/returns',
  createReturn: 'POST /v1/returns',
  updateReturn: 'PATCH /v1/returns/:id',
  backupStatus: 'GET /v1/backups',
} as const;

/**
 * The calls the terminal UI makes, over the command-line client's `ApiClient`. Errors are the
 * client's typed errors (`ApiError`, `ConnectionError`), untouched.
 */
export class TuiApi {
  constructor(readonly client: ApiClient) {}

  me(): Promise<Caller> {
    return this.client.get('/v1/auth/me');
  }

  createKey(name: string, scopes?: ApiKeyScope[]): Promise<CreatedApiKey> {
    return this.client.post('/v1/api-keys', { body: { name, ...(scopes ? { scopes } : {}) } });
  }

  /** A new key for an old one, which keeps working for `overlapSeconds`. */
  rollKey(id: string, overlapSeconds: number): Promise<RolledApiKey> {
    return this.client.post('/v1/api-keys/{id}/roll', {
      path: { id },
      body: { overlap_seconds: overlapSeconds },
    });
  }

  backupStatus(): Promise<BackupStatus> {
    return this.client.get('/v1/backups');
  }

  async revokeKey(id: string): Promise<void> {
    await this.client.delete('/v1/api-keys/{id}', { path: { id } });
  }

  createPairingCode(name: string, role: StationRole): Promise<PairingCode> {
    return this.client.post('/v1/pairing-codes', { body: { name, role } });
  }

  async revokeStation(id: string): Promise<void> {
    await this.client.delete('/v1/stations/{id}', { path: { id } });
  }

  getSettings(): Promise<Settings> {
    return this.client.get('/v1/settings');
  }

  /** Values as the person typed them: the server's refusal says what does not fit. */
  updateSettings(changes: Record<string, unknown>): Promise<Settings> {
    return this.client.patch('/v1/settings', { body: unchecked(changes) });
  }

  /** Receives a dispatched piece back, named by its barcode (typed or scanned). */
  createReturn(barcode: string, reason: string | undefined): Promise<ReturnRecord> {
    return this.client.post('/v1/returns', { body: { barcode, reason } });
  }

  async restockReturn(id: string, location: string): Promise<void> {
    const body = { status: 'restocked' as const, location };
    await this.client.patch('/v1/returns/{id}', { path: { id }, body });
  }

  async writeOffReturn(id: string): Promise<void> {
    const body = { status: 'written_off' as const };
    await this.client.patch('/v1/returns/{id}', { path: { id }, body });
  }
}

/** `POST /v1/auth/login` on a client without a token. */
export function staffLogin(
  client: ApiClient,
  email: string,
  password: string,
): Promise<StaffSession> {
  return client.post('/v1/auth/login', { body: { email, password }, auth: false });
}

/** A list as far as it has been read: its rows, the pages read, and whether the server has more. */
export interface LoadedList<T> {
  rows: T[];
  pages: number;
  hasMore: boolean;
}

/** Rows per page the terminal UI asks for: the most a list endpoint answers at once. */
export const LIST_PAGE_SIZE = 100;

/** The first `pages` pages of a list endpoint, each from the cursor the one before it ended on. */
export async function readPages<P extends ListPaths>(
  api: TuiApi,
  path: P,
  call: CallOptions<P, 'get'>,
  pages: number,
): Promise<LoadedList<Item<P>>> {
  const rows: Item<P>[] = [];
  let cursor: string | undefined;
  for (let read = 1; ; read += 1) {
    const page = await api.client.page(path, call, {
      limit: LIST_PAGE_SIZE,
      starting_after: cursor,
    });
    rows.push(...page.data);
    const next = page.has_more ? page.next_cursor : null;
    if (next === null || read >= pages) return { rows, pages: read, hasMore: next !== null };
    cursor = next;
  }
}

export function readKeys(api: TuiApi, pages: number): Promise<LoadedList<ApiKey>> {
  return readPages(api, '/v1/api-keys', {}, pages);
}

/**
 * The stations, each with its printer (name and state, as the server last heard it from the
 * printer); `withPrinters` false (a caller who may not list printers) leaves them null.
 */
export async function readStations(
  api: TuiApi,
  pages: number,
  withPrinters = true,
): Promise<LoadedList<StationRow>> {
  const [stations, printers] = await Promise.all([
    readPages(api, '/v1/stations', {}, pages),
    withPrinters ? readPages(api, '/v1/printers', {}, 10) : undefined,
  ]);
  const byId = new Map((printers?.rows ?? []).map((p) => [p.id, p]));
  return {
    ...stations,
    rows: stations.rows.map((s) => ({
      ...s,
      printer: s.printer_id ? (byId.get(s.printer_id) ?? null) : null,
    })),
  };
}

/** Returns received and not yet closed. */
export function readOpenReturns(api: TuiApi, pages: number): Promise<LoadedList<ReturnRecord>> {
  return readPages(api, '/v1/returns', { query: { status: 'received' } }, pages);
}

/** `GET /v1/pairing-codes/{id}`: what became of a pairing code. */
export type PairingCodeStatus = Answer<'/v1/pairing-codes/{id}', 'get'>;

export function pairingCodeStatus(api: TuiApi, id: string): Promise<PairingCodeStatus> {
  return api.client.get('/v1/pairing-codes/{id}', { path: { id } });
}
