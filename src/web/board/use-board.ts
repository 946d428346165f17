import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useApi } from '../shared/api/api-context.js';
import { call } from '../shared/api/client.js';
import { useLiveEvents, type LiveState } from '../shared/live/use-live-events.js';

/** The JSON form of a report (its CSV form is asked for with format=csv only). */
function jsonOf<T>(answer: T): Exclude<T, string> {
  return answer as Exclude<T, string>;
}

/** Local midnight of today, as an instant: "today" on the board is the floor's own day. */
export function startOfToday(now = new Date()): string {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.toISOString();
}

/** Today's accepted scans per role (produced, stocked, dispatched) and refusals. */
export function useToday() {
  const api = useApi();
  return useQuery({
    queryKey: ['board', 'today'],
    queryFn: async ({ signal }) => {
      const report = jsonOf(
        await call(
          api.GET('/v1/reports/throughput', {
            params: {
              query: {
                from: startOfToday(),
                to: new Date().toISOString(),
                bucket: 'hour',
                group_by: 'role',
              },
            },
            signal,
          }),
        ),
      );
      const sum = { produce: 0, stock: 0, dispatch: 0, refused: 0 };
      for (const row of report.data) {
        sum.produce += row.produce;
        sum.stock += row.stock;
        sum.dispatch += row.dispatch;
        sum.refused += row.refused;
      }
      return sum;
    },
  });
}

export interface StationHour {
  id: string;
  name: string;
  scans: number;
  refused: number;
}

/** Each station's accepted and refused scans over the last hour, busiest first. */
export function useLastHour() {
  const api = useApi();
  return useQuery({
    queryKey: ['board', 'last-hour'],
    queryFn: async ({ signal }) => {
      const to = new Date();
      const report = jsonOf(
        await call(
          api.GET('/v1/reports/throughput', {
            params: {
              query: {
                from: new Date(to.getTime() - 3_600_000).toISOString(),
                to: to.toISOString(),
                bucket: 'hour',
                group_by: 'station',
              },
            },
            signal,
          }),
        ),
      );
      const byStation = new Map<string, StationHour>();
      for (const row of report.data) {
        const id = row.group ?? '';
        const s = byStation.get(id) ?? { id, name: row.group_name, scans: 0, refused: 0 };
        s.scans += row.produce + row.stock + row.dispatch;
        s.refused += row.refused;
        byStation.set(id, s);
      }
      return [...byStation.values()].sort((a, b) => b.scans - a.scans);
    },
  });
}

/** Orders per status (work in progress). */
export function useWip() {
  const api = useApi();
  return useQuery({
    queryKey: ['board', 'wip'],
    queryFn: ({ signal }) => call(api.GET('/v1/order-counts', { signal })),
  });
}

/** The stuck orders, oldest need first. */
export function useStuck() {
  const api = useApi();
  return useQuery({
    queryKey: ['board', 'stuck'],
    queryFn: ({ signal }) =>
      call(api.GET('/v1/orders', { params: { query: { stuck: true, limit: 8 } }, signal })),
  });
}

/** A printer as its status events describe it (printers that need a person only). */
export interface PrinterAttention {
  id: string;
  name: string;
  state: string;
  reasons: string[];
}

/**
 * The board's figures follow the event stream: each event makes them be fetched again (at most
 * every 500 ms); printers needing attention come from `printer.status_changed` events.
 */
export function useBoardLive(): { state: LiveState; printers: PrinterAttention[] } {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [printers, setPrinters] = useState<PrinterAttention[]>([]);
  const state = useLiveEvents(
    (event) => {
      if (event.type === 'printer.status_changed') {
        const p = (event.data ?? {}) as {
          id?: string;
          name?: string;
          state?: string;
          state_reasons?: string[];
          printer?: { id?: string; name?: string; state?: string; state_reasons?: string[] };
        };
        const printer = p.printer ?? p;
        if (printer.id) {
          const id = printer.id;
          setPrinters((list) => {
            const rest = list.filter((x) => x.id !== id);
            if (printer.state === 'ready' || printer.state === 'printing') return rest;
            return [
              ...rest,
              {
                id,
                name: printer.name ?? id,
                state: printer.state ?? 'unknown',
                reasons: printer.state_reasons ?? [],
              },
            ];
          });
        }
      }
      timer.current ??= setTimeout(() => {
        timer.current = null;
        void queryClient.invalidateQueries({ queryKey: ['board'] });
      }, 500);
    },
    { onReconnect: () => void queryClient.invalidateQueries({ queryKey: ['board'] }) },
  );
  return { state, printers };
}
