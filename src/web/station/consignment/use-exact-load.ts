import { useEffect, useState } from 'react';
import { call } from '../../shared/api/client.js';
import type { ApiResponse } from '../../shared/api/types.js';
import { stationApi } from '../station-api.js';
import { stationLoad, type StationLoad } from '../station-store.js';

export type ExactLoad = NonNullable<
  ApiResponse<'/v1/stations/me/consignment', 'get'>['consignment']
>;
export type IncompleteUnit = ExactLoad['incomplete_units'][number];

/** The units loaded in part, for the consignment they were counted on. */
export interface IncompleteUnits {
  consignment_id: string;
  units: IncompleteUnit[];
}

/** Runs `task` after the next paint: a frame, then a task of its own once that frame is drawn. */
function afterPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** What the server's count says the station's load is, in the shape its answers keep it. */
export function loadOf(stationId: string, exact: ExactLoad | null): StationLoad {
  return {
    station_id: stationId,
    consignment: exact && {
      id: exact.id,
      number: exact.number,
      retailer_name: exact.retailer_name,
      open: exact.open,
      sscc: exact.handling_unit?.sscc ?? null,
      loaded: exact.pieces_loaded,
      total: exact.pieces_loaded + exact.pieces_to_load,
    },
  };
}

/**
 * Keeps a dispatch station's loading line exact (DESIGN §15). A scan's answer moves the line at
 * once (station-store.ts), by this station's own loads; after that verdict is on screen — never
 * before — the page asks the server's count (`GET /v1/stations/me/consignment`), which counts
 * every station's loads and names the units loaded in part, and writes it back. One read at a
 * time: answers that arrive meanwhile make one more read when it is back, and a count read
 * before the latest answer is not shown (the next read's is). Also read once when the page
 * opens, so a consignment set from the office shows.
 */
export function useExactLoad(stationId: string): IncompleteUnits | null {
  const [incomplete, setIncomplete] = useState<IncompleteUnits | null>(null);

  useEffect(() => {
    const api = stationApi();
    let stopped = false;
    let answers = 0;
    let reading = false;
    let cancel: (() => void) | null = null;
    let writing = false;

    const read = async () => {
      cancel = null;
      reading = true;
      const asked = answers;
      try {
        const answer = await call(api.GET('/v1/stations/me/consignment'));
        if (stopped || asked !== answers) return;
        writing = true;
        try {
          stationLoad.set(loadOf(stationId, answer.consignment));
        } finally {
          writing = false;
        }
        setIncomplete(
          answer.consignment && {
            consignment_id: answer.consignment.id,
            units: answer.consignment.incomplete_units,
          },
        );
      } catch {
        // Unreachable: the line keeps what the answers showed; the next answer asks again.
      } finally {
        reading = false;
        if (!stopped && asked !== answers) schedule();
      }
    };
    const schedule = () => {
      if (reading || cancel) return;
      cancel = afterPaint(() => void read());
    };
    const unsubscribe = stationLoad.subscribe(() => {
      if (writing) return;
      answers++;
      schedule();
    });
    schedule();
    return () => {
      stopped = true;
      unsubscribe();
      cancel?.();
    };
  }, [stationId]);

  return incomplete;
}
