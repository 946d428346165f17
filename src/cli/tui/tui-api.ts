import type { ApiClient, ListPage } from '../api-client.js';
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

const PAGE = { limit: 100 };

/**
 * The calls the terminal UI makes, over the command-line client's `ApiClient`. Errors are the
 * client's typed errors (`ApiError`, `ConnectionError`), untouched.
 */
export class TuiApi {
  constructor(readonly client: ApiClient) {}

  me(): Promise<Caller> {
    return this.client.get<Caller>('/v1/auth/me');
  }

  async listKeys(): Promise<ApiKey[]> {
    return (await this.client.page<ApiKey>('/v1/api-keys', PAGE)).data;
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

  async listStations(): Promise<Station[]> {
    return (await this.client.page<Station>('/v1/stations', PAGE)).data;
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

  async listOpenReturns(): Promise<ReturnRecord[]> {
    const page: ListPage<ReturnRecord> = await this.client.page<ReturnRecord>('/v1/returns', {
      ...PAGE,
      status: 'received',
    });
    return page.data;
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
