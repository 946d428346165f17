import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import type { PrinterState, PrinterStateReason } from '../../contract/enums.js';
import { formatNumber } from '../shared/format.js';
import { currentLocale } from '../shared/i18n/i18n.js';
import { PRINTER_REASON_KEYS, PRINTER_STATE_KEYS } from '../shared/printers/printer-keys.js';
import { STUCK_KEYS, useBoardT } from './board-i18n.js';
import {
  useBoardLive,
  useLastHour,
  useStuck,
  useToday,
  useWip,
  type PrinterAttention,
  type StationHour,
} from './use-board.js';

/** Statuses of work in progress, in the floor's order. */
const WIP = [
  'awaiting_production',
  'in_production',
  'produced',
  'in_stock',
  'partially_dispatched',
] as const;

/** The floor at a glance: large enough to read from five metres. */
export function Board() {
  const { t, orderStatus } = useBoardT();
  const today = useToday();
  const lastHour = useLastHour();
  const wip = useWip();
  const stuck = useStuck();
  const live = useBoardLive();
  const clock = useClock();
  const counts = new Map((wip.data?.statuses ?? []).map((s) => [s.status, s.count]));
  const stuckCount = wip.data?.stuck.count;
  return (
    <main className="board" data-live={live.state}>
      <header className="board-head">
        <h1>{t('board.title')}</h1>
        <p className="board-clock">{clock}</p>
        {live.state === 'down' && (
          <p className="board-down" role="status">
            {t('board.down')}
          </p>
        )}
      </header>
      <section className="board-tiles" aria-label={t('board.today')}>
        <Tile label={t('board.produced')} metric="produced_today" value={today.data?.produce} />
        <Tile label={t('board.stocked')} metric="stocked_today" value={today.data?.stock} />
        <Tile
          label={t('board.dispatched')}
          metric="dispatched_today"
          value={today.data?.dispatch}
        />
        <Tile
          label={t('board.stuck_tile')}
          metric="stuck"
          value={stuckCount}
          warn={(stuckCount ?? 0) > 0}
        />
      </section>
      <div className="board-panels">
        <section className="board-panel" aria-labelledby="board-stations">
          <h2 id="board-stations">{t('board.last_hour')}</h2>
          <Stations rows={lastHour.data ?? []} t={t} />
        </section>
        <section className="board-panel" aria-labelledby="board-wip">
          <h2 id="board-wip">{t('board.wip')}</h2>
          <dl className="board-wip">
            {WIP.map((status) => (
              <div key={status} data-status={status}>
                <dt>{orderStatus[status]}</dt>
                <dd>{formatNumber(counts.get(status) ?? 0)}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="board-panel" aria-labelledby="board-stuck">
          <h2 id="board-stuck">{t('board.stuck')}</h2>
          {(stuck.data?.data.length ?? 0) === 0 ? (
            <p className="board-quiet">{t('board.none')}</p>
          ) : (
            <ul className="board-stuck">
              {stuck.data?.data.map((o) => (
                <li key={o.id}>
                  <strong>{o.order_no}</strong> {o.retailer_code}
                  <span>{t(STUCK_KEYS[o.stuck_reason ?? ''] ?? 'board.stuck_reason.other')}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {live.printers.length > 0 && <Printers printers={live.printers} t={t} />}
      </div>
    </main>
  );
}

function Tile(props: { label: string; metric: string; value: number | undefined; warn?: boolean }) {
  return (
    <div className={`board-tile${props.warn ? ' board-warn' : ''}`}>
      <p className="board-tile-label">{props.label}</p>
      <p className="board-tile-value" data-metric={props.metric}>
        {props.value === undefined ? '–' : formatNumber(props.value)}
      </p>
    </div>
  );
}

function Stations({ rows, t }: { rows: StationHour[]; t: TFunction }) {
  if (rows.length === 0) return <p className="board-quiet">{t('board.no_scans')}</p>;
  const most = Math.max(...rows.map((r) => r.scans), 1);
  return (
    <ul className="board-stations">
      {rows.slice(0, 8).map((r) => (
        <li key={r.id} data-station={r.id}>
          <span className="board-station-name">{r.name}</span>
          <span className="board-bar" aria-hidden="true">
            <span style={{ width: `${(100 * r.scans) / most}%` }} />
          </span>
          <span className="board-station-count">{formatNumber(r.scans)}</span>
        </li>
      ))}
    </ul>
  );
}

function Printers({ printers, t }: { printers: PrinterAttention[]; t: TFunction }) {
  return (
    <section className="board-panel board-warn board-printers" aria-labelledby="board-printers">
      <h2 id="board-printers">{t('board.printers')}</h2>
      <ul className="board-stuck">
        {printers.map((p) => (
          <li key={p.id}>
            <strong>{p.name}</strong>
            <span>{printerWords(t, p)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function useClock(): string {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    // At each minute's turn: a wall clock must not show the minute before.
    const timer = setTimeout(() => setNow(new Date()), 60_000 - (now.getTime() % 60_000));
    return () => clearTimeout(timer);
  }, [now]);
  // In the page's language: "Thu 26 Nov, 16:15", "czw., 26 lis, 16:15", "joi, 26 nov., 16:15".
  return new Intl.DateTimeFormat(currentLocale(), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(now);
}

/** "paper out, head open", else the printer's state ("Offline"); an unknown code as it came. */
function printerWords(t: TFunction, p: PrinterAttention): string {
  const reasons = p.reasons.map((r) => {
    const key = PRINTER_REASON_KEYS[r as PrinterStateReason];
    return key ? t(key) : r.replace(/_/g, ' ');
  });
  if (reasons.length > 0) return reasons.join(', ');
  const key = PRINTER_STATE_KEYS[p.state as PrinterState];
  return key ? t(key) : p.state;
}
