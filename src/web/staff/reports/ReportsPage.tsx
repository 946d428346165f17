import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { PageHeader } from '../layout/PageHeader.js';
import { ThroughputChart } from './ThroughputChart.js';
import { useCycleTimes, useThroughput } from './use-reports.js';

const STAGES: Record<string, string> = {
  produce_to_stock: 'Produced → in stock',
  stock_to_dispatch: 'In stock → dispatched',
  produce_to_dispatch: 'Produced → dispatched',
};

/** "3 h 20 min", "45 min", "2 d 4 h". */
function duration(seconds: number | null): string {
  if (seconds === null) return '—';
  const m = Math.round(seconds / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

/** Reports from the scan ledger (DESIGN §16): throughput over the last day, cycle times. */
export function ReportsPage() {
  const throughput = useThroughput(24);
  const cycle = useCycleTimes(30, 'piece');
  return (
    <section>
      <PageHeader title="Reports" sub="From the scan ledger; follows scans as they arrive" />
      <div className="card">
        <h2>Scans per hour, last 24 hours</h2>
        {throughput.error ? (
          <ErrorMessage error={throughput.error} />
        ) : throughput.data ? (
          <ThroughputChart report={throughput.data} />
        ) : (
          <p className="loading">Loading…</p>
        )}
      </div>
      <div className="card">
        <h2>Cycle times per piece, last 30 days</h2>
        {cycle.error ? (
          <ErrorMessage error={cycle.error} />
        ) : !cycle.data ? (
          <p className="loading">Loading…</p>
        ) : cycle.data.data.every((s) => s.count === 0) ? (
          <EmptyState title="No piece has moved on in the last 30 days" />
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Stage</th>
                <th scope="col">Pieces</th>
                <th scope="col">Median</th>
                <th scope="col">90 % within</th>
              </tr>
            </thead>
            <tbody>
              {cycle.data.data.map((s) => (
                <tr key={s.stage}>
                  <th scope="row">{STAGES[s.stage] ?? s.stage}</th>
                  <td>{s.count}</td>
                  <td>{duration(s.p50_seconds)}</td>
                  <td>{duration(s.p90_seconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
