import { useEffect, useState } from 'react';
import { ORDER_STATUS_LABELS } from '../shared/orders/order-status.js';
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

const STUCK_REASONS: Record<string, string> = {
  partially_dispatched: 'Part dispatched',
  waiting_since: 'Produced, not dispatched',
};

/** The floor at a glance: large enough to read from five metres. */
export function Board() {
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
        <h1>Floor today</h1>
        <p className="board-clock">{clock}</p>
        {live.state === 'down' && (
          <p className="board-down" role="status">
            Not live — reconnecting
          </p>
        )}
      </header>
      <section className="board-tiles" aria-label="Today">
        <Tile label="Produced" metric="produced_today" value={today.data?.produce} />
        <Tile label="Stocked" metric="stocked_today" value={today.data?.stock} />
        <Tile label="Dispatched" metric="dispatched_today" value={today.data?.dispatch} />
        <Tile label="Stuck orders" metric="stuck" value={stuckCount} warn={(stuckCount ?? 0) > 0} />
      </section>
      <div className="board-panels">
        <section className="board-panel" aria-labelledby="board-stations">
          <h2 id="board-stations">Last hour per station</h2>
          <Stations rows={lastHour.data ?? []} />
        </section>
        <section className="board-panel" aria-labelledby="board-wip">
          <h2 id="board-wip">Orders in progress</h2>
          <dl className="board-wip">
            {WIP.map((status) => (
              <div key={status} data-status={status}>
                <dt>{ORDER_STATUS_LABELS[status]}</dt>
                <dd>{counts.get(status) ?? 0}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="board-panel" aria-labelledby="board-stuck">
          <h2 id="board-stuck">Stuck orders</h2>
          {(stuck.data?.data.length ?? 0) === 0 ? (
            <p className="board-quiet">None</p>
          ) : (
            <ul className="board-stuck">
              {stuck.data?.data.map((o) => (
                <li key={o.id}>
                  <strong>{o.order_no}</strong> {o.retailer_code}
                  <span>{STUCK_REASONS[o.stuck_reason ?? ''] ?? 'Stuck'}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {live.printers.length > 0 && <Printers printers={live.printers} />}
      </div>
    </main>
  );
}

function Tile(props: { label: string; metric: string; value: number | undefined; warn?: boolean }) {
  return (
    <div className={`board-tile${props.warn ? ' board-warn' : ''}`}>
      <p className="board-tile-label">{props.label}</p>
      <p className="board-tile-value" data-metric={props.metric}>
        {props.value ?? '–'}
      </p>
    </div>
  );
}

function Stations({ rows }: { rows: StationHour[] }) {
  if (rows.length === 0) return <p className="board-quiet">No scans in the last hour</p>;
  const most = Math.max(...rows.map((r) => r.scans), 1);
  return (
    <ul className="board-stations">
      {rows.slice(0, 8).map((r) => (
        <li key={r.id} data-station={r.id}>
          <span className="board-station-name">{r.name}</span>
          <span className="board-bar" aria-hidden="true">
            <span style={{ width: `${(100 * r.scans) / most}%` }} />
          </span>
          <span className="board-station-count">{r.scans}</span>
        </li>
      ))}
    </ul>
  );
}

function Printers({ printers }: { printers: PrinterAttention[] }) {
  return (
    <section className="board-panel board-warn" aria-labelledby="board-printers">
      <h2 id="board-printers">Printers needing attention</h2>
      <ul className="board-stuck">
        {printers.map((p) => (
          <li key={p.id}>
            <strong>{p.name}</strong>
            <span>{p.reasons.join(', ').replace(/_/g, ' ') || p.state}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function useClock(): string {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);
  return now.toLocaleString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}
