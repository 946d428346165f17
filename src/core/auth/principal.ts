import type { ScanEvent } from '../../domain/scan-rules.js';

/** Who is calling, resolved from the bearer token on every request (never cached). */
export type Principal =
  | { kind: 'api_key'; factoryId: string; apiKeyId: string }
  | {
      kind: 'staff';
      factoryId: string;
      staffUserId: string;
      sessionId: string;
      role: 'admin' | 'supervisor';
    }
  | {
      kind: 'retailer';
      factoryId: string;
      retailerId: string;
      retailerUserId: string;
      sessionId: string;
    }
  | {
      kind: 'station';
      factoryId: string;
      stationId: string;
      stationName: string;
      role: ScanEvent;
      defaultLocation: string | null;
    };
