import type { ApiClient, Query } from '../api-client.js';
import { segment } from '../api-client.js';

/** `GET /v1/auth/me`: who the token belongs to and which routes it may call. */
export interface Caller {
  kind: 'api_key' | 'staff' | string;
  factory: { id: string; name: string };
  user?: { id: string; email: string; name: string; role: string };
  api_key?: { id: string; name: string };
  /** Route keys such as `POST /v1/api-keys`. */
  permissions: string[];
}

export interface ApiKey {
  id: string;
  name: string;
  last4: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface CreatedApiKey extends ApiKey {
  key: string;
}

export type StationRole = 'produce' | 'stock' | 'dispatch';
export const STATION_ROLES: readonly StationRole[] = ['produce', 'stock', 'dispatch'];

export interface Station {
  id: string;
  name: string;
  role: string;
  default_location: string | null;
  paired_at: string;
  last_scan_at: string | null;
  revoked_at: string | null;
  hardware: { passed: boolean; checked_at: string } | null;
}

export interface PairingCode {
  /** The code's record: what became of it is read by this id, never by the station's name. */
  id: string;
  code: string;
  qr: string;
  expires_in_seconds: number;
}

/** A return as listed; fields beyond id and status are shown when the server sends them. */
export interface ReturnRecord {
  id: string;
  status: string;
  barcode?: string | null;
  order_no?: string | null;
  order_id?: string | null;
  reason?: string | null;
  location?: string | null;
  created_at?: string | null;
}

export type Settings = Record<string, unknown>;

/** The routes the terminal UI uses; each key is the permission name the server lists. */
export const ROUTES = {
  listKeys: 'GET /v1/api-keys',
  createKey: 'POST /v1/api-keys',
  revokeKey: 'DELETE /v1/api-keys/:id',
  createPairingCode: 'POST /v1/stations/pairing-codes',
  listStations: 'GET /v1/stations',
  revokeStation: 'DELETE /v1/stations/:id',
  getSettings: 'GET /v1/settings',
  updateSettings: 'PATCH /v1/settings',
  listReturns: 'GET /v1/returns',
  updateReturn: 'PATCH /v1/returns/:id',
} as const;

/**
 * The calls the terminal UI makes, over the command-line client's `ApiClient`. Errors are the
 * client's typed errors (`ApiError`, `ConnectionError`), untouched.
 */
export class TuiApi {
  constructor(readonly client: ApiClient) {}

  me(): Promise<Caller> {
    return this.client.get<Caller>('/v1/auth/me');
  }

  createKey(name: string): Promise<CreatedApiKey> {
    return this.client.post<CreatedApiKey>('/v1/api-keys', { name });
  }

  async revokeKey(id: string): Promise<void> {
    await this.client.delete(`/v1/api-keys/${segment(id)}`);
  }

  createPairingCode(name: string, role: StationRole): Promise<PairingCode> {
    return this.client.post<PairingCode>('/v1/stations/pairing-codes', { name, role });
  }

  async revokeStation(id: string): Promise<void> {
    await this.client.delete(`/v1/stations/${segment(id)}`);
  }

  getSettings(): Promise<Settings> {
    return this.client.get<Settings>('/v1/settings');
  }

  updateSettings(changes: Settings): Promise<Settings> {
    return this.client.patch<Settings>('/v1/settings', changes);
  }

  async restockReturn(id: string, location: string): Promise<void> {
    await this.client.patch(`/v1/returns/${segment(id)}`, { status: 'restocked', location });
  }

  async writeOffReturn(id: string): Promise<void> {
    await this.client.patch(`/v1/returns/${segment(id)}`, { status: 'written_off' });
  }
}

/** `POST /v1/auth/login` on a client without a token. */
export function staffLogin(
  client: ApiClient,
  email: string,
  password: string,
): Promise<{ token: string; expires_at?: string }> {
  return client.post('/v1/auth/login', { email, password }, { auth: false });
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
export async function readPages<T>(
  api: TuiApi,
  path: string,
  query: Query,
  pages: number,
): Promise<LoadedList<T>> {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (let read = 1; ; read += 1) {
    const page = await api.client.page<T>(path, {
      ...query,
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
  return readPages<ApiKey>(api, '/v1/api-keys', {}, pages);
}

export function readStations(api: TuiApi, pages: number): Promise<LoadedList<Station>> {
  return readPages<Station>(api, '/v1/stations', {}, pages);
}

/** Returns received and not yet closed. */
export function readOpenReturns(api: TuiApi, pages: number): Promise<LoadedList<ReturnRecord>> {
  return readPages<ReturnRecord>(api, '/v1/returns', { status: 'received' }, pages);
}

/** `GET /v1/stations/pairing-codes/:id`: what became of a pairing code. */
export interface PairingCodeStatus {
  id: string;
  status: 'pending' | 'paired' | 'expired';
  station_id: string | null;
}

export function pairingCodeStatus(api: TuiApi, id: string): Promise<PairingCodeStatus> {
  return api.client.get<PairingCodeStatus>(`/v1/stations/pairing-codes/${segment(id)}`);
}
