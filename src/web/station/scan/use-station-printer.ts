import { useCallback, useEffect, useState } from 'react';
import { call } from '../../shared/api/client.js';
import type { ApiResponse } from '../../shared/api/types.js';
import { stationApi } from '../station-api.js';

export type StationPrinter = NonNullable<ApiResponse<'/v1/stations/me/printer', 'get'>['printer']>;

/**
 * How often the station asks its printer's state: slow, and never on the scan path (a scan's
 * answer does not wait for it), so a busy station pays one small request every few seconds.
 */
export const PRINTER_POLL_MS = 2_000;

/**
 * The station's printer as the server last heard it from the printer (null: the station has
 * none; undefined: not known yet), and a reprint of one label on it.
 */
export function useStationPrinter() {
  const [printer, setPrinter] = useState<StationPrinter | null | undefined>(undefined);
  const [reprint, setReprint] = useState<{
    barcode: string;
    status: 'sending' | 'queued' | 'failed';
  } | null>(null);

  useEffect(() => {
    let stopped = false;
    const api = stationApi();
    const ask = async () => {
      try {
        const answer = await call(
          api.GET('/v1/stations/me/printer', { signal: AbortSignal.timeout(PRINTER_POLL_MS) }),
        );
        if (!stopped) setPrinter(answer.printer);
      } catch {
        // Unreachable: the connection line already says so; the last state stays shown.
      }
    };
    void ask();
    const timer = setInterval(() => void ask(), PRINTER_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);

  const reprintLabel = useCallback(async (barcode: string) => {
    setReprint({ barcode, status: 'sending' });
    try {
      await call(stationApi().POST('/v1/stations/me/reprint', { body: { barcode } }));
      setReprint({ barcode, status: 'queued' });
    } catch {
      setReprint({ barcode, status: 'failed' });
    }
  }, []);

  /** What became of the reprint of `barcode` ('idle' when none was asked for it). */
  const reprintOf = (barcode: string | undefined) =>
    reprint && reprint.barcode === barcode ? reprint.status : 'idle';

  return { printer, reprintOf, reprintLabel };
}
