import { ApiError, isTransient } from '../shared/api/api-error.js';
import { call, createApiClient, type ApiClient } from '../shared/api/client.js';
import type { ApiBody, ApiResponse } from '../shared/api/types.js';
import { pairedStation } from './station-store.js';

export type ScanAnswer = ApiResponse<'/v1/scans', 'post'>;
export type ScanBody = ApiBody<'/v1/scans', 'post'>;
export type HardwareCheckBody = NonNullable<ScanBody['hardware_check']>;

/** How long a scan waits for its answer before it is kept for later (the server may be gone). */
export const SCAN_TIMEOUT_MS = 4000;

/** The station's client: it carries the paired station's token. */
export function stationApi(): ApiClient {
  return createApiClient({ token: () => pairedStation.get()?.token ?? null });
}

/** What became of one attempt to send a scan. */
export type SendOutcome =
  | { kind: 'answered'; answer: ScanAnswer }
  /** No answer, or the server failed (5xx): try again later, the scan is safe on the device. */
  | { kind: 'unreachable'; error: unknown }
  /** 401: the station was revoked; nothing more can be sent with this token. */
  | { kind: 'revoked'; error: ApiError }
  /** Any other refusal of the request itself: it will never be recorded as it is. */
  | { kind: 'rejected'; error: ApiError };

export async function sendScan(api: ApiClient, body: ScanBody): Promise<SendOutcome> {
  try {
    const answer = await call(
      api.POST('/v1/scans', { body, signal: AbortSignal.timeout(SCAN_TIMEOUT_MS) }),
    );
    return { kind: 'answered', answer };
  } catch (error) {
    if (isTransient(error) || !(error instanceof ApiError)) return { kind: 'unreachable', error };
    if (error.status === 401) return { kind: 'revoked', error };
    return { kind: 'rejected', error };
  }
}

/**
 * The body of a scan. `scanned_at` (the device's time) goes only with a scan that waited on the
 * device: the server's own time is the truth for one sent as it was made, and the staff timeline
 * says "sent later" for those that carry it (docs/orders.md).
 */
export function scanBody(
  scan: { barcode: string; client_scan_id: string; scanned_at: string; location: string | null },
  waited: boolean,
): ScanBody {
  return {
    barcode: scan.barcode,
    client_scan_id: scan.client_scan_id,
    ...(waited ? { scanned_at: scan.scanned_at } : {}),
    ...(scan.location === null ? {} : { location: scan.location }),
  };
}

/** How long the connection probe waits for `/readyz`. */
const PROBE_TIMEOUT_MS = 3000;

/** Whether the server answers and is ready (`GET /readyz`, which needs no token). */
export async function serverAnswers(api: ApiClient): Promise<boolean> {
  try {
    await call(
      api.GET('/readyz', { cache: 'no-store', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }),
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * A fresh id for a scan, unique per station: resending it after a lost answer returns the scan
 * recorded the first time. From crypto.getRandomValues, which (unlike randomUUID) also works on
 * plain-HTTP pages.
 */
export function newClientScanId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
