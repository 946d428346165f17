import type { ApiKeyScope } from '../../domain/api-key-scopes.js';
import type { ScanEvent } from '../../domain/scan-rules.js';

/**
 * Who is calling, resolved from the bearer token on every request. Only a station's scan may start
 * from a remembered station (station-tokens.ts), checked again inside the scan's transaction.
 */
export type Principal =
  | {
      kind: 'api_key';
      factoryId: string;
      apiKeyId: string;
      /** The key's name (who the audit trail names). */
      name: string;
      scopes: readonly ApiKeyScope[];
    }
  | {
      kind: 'staff';
      factoryId: string;
      staffUserId: string;
      /** The user's name, else their e-mail (who the audit trail names). */
      name: string;
      sessionId: string;
      role: 'admin' | 'supervisor';
    }
  | {
      kind: 'retailer';
      factoryId: string;
      retailerId: string;
      retailerUserId: string;
      /** The user's name, else their e-mail (who the audit trail names). */
      name: string;
      sessionId: string;
    }
  | {
      kind: 'station';
      factoryId: string;
      stationId: string;
      stationName: string;
      role: ScanEvent;
      defaultLocation: string | null;
      /** The token's SHA-256, as stored: a scan checks its station by it in its transaction. */
      tokenHash: string;
    }
  /** A device paired with role `board` (DESIGN §16): reads the floor, records nothing. */
  | { kind: 'board'; factoryId: string; stationId: string; stationName: string };
