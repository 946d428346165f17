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

/**
 * The station's default bay as its answers have shown it (a station token can read nothing):
 * `bay` is the bay a scan sent without one was put in, or null once such a scan was refused
 * `location_required`. Absent: not known, so the page does not offer it.
 */
export const stationDefaultBay = storedValue<{ station_id: string; bay: string | null }>(
  () => localStorage,
  'factoryd.station.default-bay',
);

/**
 * What a dispatch station loads into, as its answers have shown it (DESIGN §15): the
 * consignment's number, retailer and pallet, and its progress — moved on by this station's own
 * accepted loads at once, then made exact by the server's count the page reads after each
 * verdict (consignment/use-exact-load.ts). Null: the station loads no consignment.
 */
export interface StationLoad {
  station_id: string;
  consignment: {
    id: string;
    number: string;
    retailer_name: string;
    open: boolean;
    sscc: string | null;
    loaded: number | null;
    total: number | null;
  } | null;
}

export const stationLoad = storedValue<StationLoad>(() => localStorage, 'factoryd.station.load');
