import { useCallback, useEffect, useReducer, useRef } from 'react';
import { flushSync } from 'react-dom';
import type { ApiError } from '../../shared/api/api-error.js';
import { ScanOutbox } from '../offline/scan-outbox.js';
import { openScanQueue, type QueuedScan } from '../offline/scan-queue.js';
import {
  newClientScanId,
  scanBody,
  sendScan,
  serverAnswers,
  stationApi,
  type ScanAnswer,
} from '../station-api.js';
import { setStationLanguage, stationT } from '../station-i18n.js';
import {
  stationDefaultBay,
  stationLoad,
  type PairedStation,
  type StationLoad,
} from '../station-store.js';
import { QUEUED_MESSAGE, answered, type ShownScan } from './describe-scan.js';
import { signal } from './sounds.js';

/** How many scans the list keeps. */
const RECENT = 20;
const RECENT_KEY = 'factoryd.station.recent';
/**
 * The device queue, opened as soon as the station's code loads: the database opens while React
 * renders the first screen, not after it.
 */
let opening: ReturnType<typeof openScanQueue> | undefined;
function deviceQueue(): ReturnType<typeof openScanQueue> {
  opening ??= openScanQueue();
  return opening;
}
if (typeof indexedDB !== 'undefined') deviceQueue().catch(() => undefined);

/**
 * A scan's answer usually comes sooner than this: only then does the verdict say "Checking…".
 * Nothing is drawn between the scanner's Enter and a quick answer, and Chromium does not hold
 * the answer back for a frame that would only have shown "Checking…" (see ScanInput).
 */
const CHECKING_AFTER_MS = 100;

/** The list is saved this long after it last changed (a burst of scans saves once). */
const SAVE_AFTER_MS = 1000;

/** Runs `work` once the frame being prepared has been painted (after the verdict shows). */
export function afterPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}

interface State {
  /** Newest first. */
  recent: ShownScan[];
  /** The scan the verdict shows: the last one made. */
  latestId: string | null;
  /**
   * The latest scan as the verdict shows it, as soon as it has one: the list takes it after the
   * verdict is painted.
   */
  verdict: ShownScan | null;
  /**
   * The last scan made, while it waits for its answer: the verdict says "Checking…" (and has no
   * `data-verdict`); the list shows scans once they have a verdict.
   */
  sending: ShownScan | null;
  /**
   * Refusals that came back when waiting scans were sent, oldest first: each holds the verdict
   * until the operator acknowledges it.
   */
  alerts: ShownScan[];
  /** Refusals acknowledged since the screen was last clear of them: "2 of 3". */
  alertsSeen: number;
  /** A scan that acknowledged a refusal instead of being sent: the operator scans it again. */
  unsent: string | null;
  pending: number;
  online: boolean;
  /** The device queue is open and its leftovers picked up: scans can be made. */
  ready: boolean;
  /** The device cannot keep scans (no IndexedDB). */
  failure: string | null;
}

type Action =
  | { type: 'show'; scan: ShownScan; latest?: boolean }
  | { type: 'verdict'; scan: ShownScan }
  | { type: 'queued'; scans: QueuedScan[]; latest: string | null }
  | { type: 'acknowledge'; barcode: string | null }
  | { type: 'pending'; count: number }
  | { type: 'online'; online: boolean }
  | { type: 'ready' }
  | { type: 'failure'; message: string };

function upsert(recent: ShownScan[], scan: ShownScan): ShownScan[] {
  const at = recent.findIndex((s) => s.client_scan_id === scan.client_scan_id);
  if (at >= 0) return recent.map((s, i) => (i === at ? scan : s));
  return [scan, ...recent]
    .sort((a, b) => b.scanned_at.localeCompare(a.scanned_at))
    .slice(0, RECENT);
}

function queuedView(scan: QueuedScan, previous?: ShownScan): ShownScan {
  return {
    client_scan_id: scan.client_scan_id,
    barcode: scan.barcode,
    scanned_at: scan.scanned_at,
    state: 'queued',
    message: QUEUED_MESSAGE,
    piece: previous?.piece ?? null,
    piece_name: previous?.piece_name ?? null,
    order: previous?.order ?? null,
    after_outage: true,
  };
}

function reduce(state: State, action: Action): State {
  switch (action.type) {
    case 'show': {
      const { scan } = action;
      if (scan.state === 'sending') {
        return { ...state, sending: scan, latestId: scan.client_scan_id, unsent: null };
      }
      const alert = scan.after_outage && scan.state === 'refused';
      return {
        ...state,
        recent: upsert(state.recent, scan),
        latestId: action.latest ? scan.client_scan_id : state.latestId,
        verdict: action.latest ? scan : state.verdict,
        alerts: alert ? [...state.alerts, scan] : state.alerts,
        unsent: action.latest ? null : state.unsent,
      };
    }
    case 'verdict':
      // The verdict panel only: the list and the refusals to acknowledge follow with 'show'.
      return { ...state, verdict: action.scan, latestId: action.scan.client_scan_id, unsent: null };
    case 'queued': {
      let recent = state.recent;
      for (const scan of action.scans) {
        const previous = recent.find((s) => s.client_scan_id === scan.client_scan_id);
        recent = upsert(recent, queuedView(scan, previous));
      }
      const latest = recent.find((s) => s.client_scan_id === action.latest);
      const shown = latest && action.scans.some((s) => s.client_scan_id === action.latest);
      return {
        ...state,
        recent,
        latestId: shown ? action.latest : state.latestId,
        verdict: shown ? latest : state.verdict,
      };
    }
    case 'acknowledge':
      return {
        ...state,
        alerts: state.alerts.slice(1),
        alertsSeen: state.alerts.length > 1 ? state.alertsSeen + 1 : 0,
        // The verdict then shows the next refusal, or is ready for the scan made again.
        latestId: null,
        unsent: action.barcode ?? state.unsent,
      };
    case 'pending':
      return { ...state, pending: action.count };
    case 'online':
      return state.online === action.online ? state : { ...state, online: action.online };
    case 'ready':
      return { ...state, ready: true };
    case 'failure':
      return { ...state, failure: action.message };
  }
}

interface Saved {
  station_id: string;
  scans: ShownScan[];
  alerts?: ShownScan[];
}

/** Writes the list if it changed since it was last written. */
function save(pending: { current: Saved | null }): void {
  if (!pending.current) return;
  localStorage.setItem(RECENT_KEY, JSON.stringify(pending.current));
  pending.current = null;
}

function load(stationId: string): Pick<State, 'recent' | 'alerts'> {
  try {
    const saved = JSON.parse(localStorage.getItem(RECENT_KEY) ?? 'null') as Saved | null;
    if (saved?.station_id !== stationId) return { recent: [], alerts: [] };
    return { recent: saved.scans, alerts: saved.alerts ?? [] };
  } catch {
    return { recent: [], alerts: [] };
  }
}

export interface StationScans extends State {
  latest: ShownScan | undefined;
  /** Records a scan: kept on the device, sent in order, its verdict shown when it comes. */
  scan(barcode: string, location: string | null): void;
  /**
   * The operator saw the first refusal of `alerts` (a key, or a scan of `barcode`, which is then
   * not sent: a scan made while a refusal holds the screen may be a reflex, not a decision).
   */
  acknowledge(barcode: string | null): void;
}

/**
 * The scan loop of a paired station: the outbox on the device, and what the screen shows of it
 * (verdict, refusals to acknowledge, last scans, waiting count, connection). `onRevoked` is
 * called when the server no longer knows the station's token.
 */
export function useStationScans(
  station: PairedStation,
  onRevoked: (error: ApiError) => void,
): StationScans {
  const [state, dispatch] = useReducer(reduce, station.id, (id) => ({
    ...load(id),
    latestId: null,
    verdict: null,
    sending: null,
    alertsSeen: 0,
    unsent: null,
    pending: 0,
    online: navigator.onLine,
    ready: false,
    failure: null,
  }));
  const outbox = useRef<ScanOutbox | null>(null);
  /** Scans made in the moment before the device queue opened. */
  const early = useRef<QueuedScan[]>([]);
  const latestId = useRef<string | null>(null);
  /** Shows "Checking…" for the latest scan if its answer is slow (CHECKING_AFTER_MS). */
  const checking = useRef<ReturnType<typeof setTimeout>>(undefined);
  const revoked = useRef(onRevoked);
  useEffect(() => {
    revoked.current = onRevoked;
  });

  // The list survives a reload: written when the page is idle (not between a scan and its
  // verdict), and at once when the page is hidden or closed.
  const toSave = useRef<Saved | null>(null);
  useEffect(() => {
    toSave.current = { station_id: station.id, scans: state.recent, alerts: state.alerts };
    const timer = setTimeout(() => save(toSave), SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [station.id, state.recent, state.alerts]);
  useEffect(() => {
    const now = () => {
      save(toSave);
      // Scans still waiting for their answer are written to the device before the page goes.
      outbox.current?.keepUnanswered();
    };
    window.addEventListener('pagehide', now);
    document.addEventListener('visibilitychange', now);
    return () => {
      window.removeEventListener('pagehide', now);
      document.removeEventListener('visibilitychange', now);
      now();
    };
  }, []);

  useEffect(() => {
    let box: ScanOutbox | undefined;
    let gone = false;
    const api = stationApi();
    /** The latest scan has something to show: it no longer needs "Checking…". */
    const settled = (scan: QueuedScan) => {
      if (scan.client_scan_id === latestId.current) clearTimeout(checking.current);
    };
    const onAnswer = (scan: QueuedScan, answer: ScanAnswer, afterOutage: boolean) => {
      settled(scan);
      const latest = scan.client_scan_id === latestId.current;
      const shown = answered(scan, answer, afterOutage);
      const rest = () => {
        dispatch({ type: 'show', latest: scan.client_scan_id === latestId.current, scan: shown });
        if (station.role === 'stock' && scan.location === null) {
          learnDefaultBay(station.id, answer);
        }
        if (station.role === 'dispatch') learnLoad(station.id, answer);
        // A badge signs its operator in: from then on the page speaks their language (DESIGN §17).
        const badge = answer.barcode.startsWith('OP ') && !answer.piece;
        if (badge && answer.accepted && answer.operator && !afterOutage) {
          void setStationLanguage(answer.operator.language);
        }
      };
      if (latest && !afterOutage) {
        // The operator waits for this one: the verdict panel now, not at React's next turn;
        // the list, the header and the sound once it is painted.
        flushSync(() => dispatch({ type: 'verdict', scan: shown }));
        afterPaint(rest);
      } else rest();
      if ((latest && !afterOutage) || (afterOutage && !answer.accepted))
        signal(answer.accepted ? 'accepted' : 'refused');
    };
    deviceQueue()
      .then(async (queue) => {
        if (gone) return;
        box = new ScanOutbox(
          queue,
          station.id,
          {
            send: (scan, waited) => sendScan(api, scanBody(scan, waited)),
            probe: () => serverAnswers(api),
          },
          {
            answered: onAnswer,
            rejected: (scan, error, afterOutage) => {
              settled(scan);
              dispatch({
                type: 'show',
                latest: scan.client_scan_id === latestId.current,
                scan: {
                  ...queuedView(scan),
                  state: 'refused',
                  message: { key: 'failure.not_recorded', values: { reason: error.message } },
                  after_outage: afterOutage,
                },
              });
              if (afterOutage || scan.client_scan_id === latestId.current) signal('refused');
            },
            queued: (scans) => {
              scans.forEach(settled);
              dispatch({ type: 'queued', scans, latest: latestId.current });
              if (scans.some((s) => s.client_scan_id === latestId.current)) signal('queued');
            },
            pending: (count) => dispatch({ type: 'pending', count }),
            connection: (online) => dispatch({ type: 'online', online }),
            revoked: (error) => revoked.current(error),
          },
        );
        outbox.current = box;
        await box.start();
        for (const scan of early.current.splice(0)) await box.submit(scan);
        dispatch({ type: 'ready' });
      })
      .catch((err: unknown) => {
        dispatch({
          type: 'failure',
          message: stationT('failure.no_storage', { error: String(err) }),
        });
      });
    const online = () => box?.retryNow();
    const offline = () => box?.checkNow();
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      gone = true;
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      box?.stop();
      outbox.current = null;
    };
  }, [station.id, station.role]);

  const scan = useCallback(
    (barcode: string, location: string | null) => {
      const queued: QueuedScan = {
        station_id: station.id,
        client_scan_id: newClientScanId(),
        barcode,
        location,
        scanned_at: new Date().toISOString(),
      };
      latestId.current = queued.client_scan_id;
      if (!outbox.current) early.current.push(queued);
      else {
        outbox.current.submit(queued).catch((err: unknown) => {
          dispatch({
            type: 'failure',
            message: stationT('failure.not_kept', { barcode, error: String(err) }),
          });
        });
      }
      // The verdict says "Checking…" if the answer is slow (the list is left alone until it).
      clearTimeout(checking.current);
      checking.current = setTimeout(() => {
        if (latestId.current !== queued.client_scan_id) return;
        dispatch({
          type: 'show',
          latest: true,
          scan: {
            ...queuedView(queued),
            state: 'sending',
            message: { text: '' },
            after_outage: false,
          },
        });
      }, CHECKING_AFTER_MS);
    },
    [station.id],
  );

  const acknowledge = useCallback((barcode: string | null) => {
    latestId.current = null;
    dispatch({ type: 'acknowledge', barcode });
  }, []);

  return {
    ...state,
    latest:
      (state.verdict?.client_scan_id === state.latestId ? state.verdict : undefined) ??
      state.recent.find((s) => s.client_scan_id === state.latestId) ??
      (state.sending?.client_scan_id === state.latestId ? state.sending : undefined),
    scan,
    acknowledge,
  };
}

/** What a stock scan sent without a bay shows of the station's default bay. */
function learnDefaultBay(stationId: string, answer: ScanAnswer): void {
  let bay: string | null | undefined;
  if (answer.accepted && answer.event === 'stock' && !answer.test_label) bay = answer.location;
  else if (answer.reason === 'location_required') bay = null;
  if (bay === undefined) return;
  const known = stationDefaultBay.get();
  if (known?.station_id !== stationId || known.bay !== bay) {
    stationDefaultBay.set({ station_id: stationId, bay });
  }
}

/** What a dispatch station's answer shows of the consignment it loads into (station-store.ts). */
export function nextLoad(
  known: StationLoad | undefined,
  stationId: string,
  answer: ScanAnswer,
): StationLoad | undefined {
  if (answer.test_label) return undefined;
  const shown = answer.consignment;
  if (!shown) return { station_id: stationId, consignment: null };
  const before = known?.station_id === stationId ? known.consignment : null;
  const same = before?.id === shown.id ? before : null;
  let loaded = same?.loaded ?? null;
  let total = same?.total ?? null;
  if (shown.pieces_loaded !== undefined && shown.pieces_to_load !== undefined) {
    loaded = shown.pieces_loaded;
    total = shown.pieces_loaded + shown.pieces_to_load;
  } else if (answer.accepted && answer.piece && loaded !== null) {
    loaded += 1;
    total = Math.max(total ?? 0, loaded);
  }
  return {
    station_id: stationId,
    consignment: {
      id: shown.id,
      number: shown.number,
      retailer_name: shown.retailer_name,
      open: shown.open,
      sscc: shown.handling_unit?.sscc ?? null,
      loaded,
      total,
    },
  };
}

function learnLoad(stationId: string, answer: ScanAnswer): void {
  const next = nextLoad(stationLoad.get() ?? undefined, stationId, answer);
  if (next) stationLoad.set(next);
}
