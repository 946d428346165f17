import type { ApiResponse } from '../shared/api/types.js';
import { storedValue } from '../shared/session/stored-value.js';

/** What pairing answered, kept on the device until the station is revoked (DESIGN §12). */
export type PairedStation = ApiResponse<'/v1/stations/pair', 'post'> & { paired_at: string };
export type StationRole = PairedStation['role'];

/** The paired station of this device, across reloads and reboots (localStorage). */
export const pairedStation = storedValue<PairedStation>(() => localStorage, 'factoryd.station');

/** Why the device is back at pairing: its station was revoked. */
export const revokedStation = storedValue<{ name: string; at: string }>(
  () => localStorage,
  'factoryd.station.revoked',
);

/**
 * The bay a stock station puts pieces in, until changed. `null` means the station's own default
 * bay (set by a supervisor). Kept per station.
 */
export const stationBay = storedValue<{ station_id: string; bay: string | null }>(
  () => localStorage,
  'factoryd.station.bay',
);
