import type { TFunction } from 'i18next';
import { formatNumber } from '../../shared/format.js';
import { EmptyState } from '../../shared/ui/EmptyState.js';
import { ErrorMessage } from '../../shared/ui/ErrorMessage.js';
import { PageHeader } from '../layout/PageHeader.js';
import { useStaffT } from '../staff-i18n.js';
import { ThroughputChart } from './ThroughputChart.js';
import { useCycleTimes, useThroughput } from './use-reports.js';

const STAGE_KEYS: Record<string, string> = {
  produce_to_stock: 'reports.stages.produce_to_stock',
  stock_to_dispatch: 'reports.stages.stock_to_dispatch',
  produce_to_dispatch: 'reports.stages.produce_to_dispatch',
};

/** "3 h 20 min", "45 min", "2 d 4 h", in the page's language. */
function duration(t: TFunction, seconds: number | null): string {
  if (seconds === null) return '—';
  const m = Math.round(seconds / 60);
  if (m < 60) return t('reports.minutes', { m });
  const h = Math.floor(m / 60);
  if (h < 48) return t('reports.hours', { h, m: m % 60 });
  return t('reports.days', { d: Math.floor(h / 24), h: h % 24 });
}

/** Reports from the scan ledger (DESIGN §16): throughput over the last day, cycle times. */
export function ReportsPage() {
  const throughput = useThroughput(24);
  const cycle = useCycleTimes(30, 'piece');
  const { t } = useStaffT();
  const stageName = (stage: string) => {
    const key = STAGE_KEYS[stage];
    return key ? t(key) : stage;
  };
  return (
    <section>
      <PageHeader title={t('reports.title')} sub={t('reports.sub')} />
      <div className="card">
        <h2>{t('reports.per_hour')}</h2>
        {throughput.error ? (
          <ErrorMessage error={throughput.error} />
        ) : throughput.data ? (
          <ThroughputChart report={throughput.data} />
        ) : (
          <p className="loading">{t('reports.loading')}</p>
        )}
      </div>
      <div className="card">
        <h2>{t('reports.cycle_times')}</h2>
        {cycle.error ? (
          <ErrorMessage error={cycle.error} />
        ) : !cycle.data ? (
          <p className="loading">{t('reports.loading')}</p>
        ) : cycle.data.data.every((s) => s.count === 0) ? (
          <EmptyState title={t('reports.none_moved')} />
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('reports.stage')}</th>
                <th scope="col">{t('reports.pieces')}</th>
                <th scope="col">{t('reports.median')}</th>
                <th scope="col">{t('reports.p90')}</th>
              </tr>
            </thead>
            <tbody>
              {cycle.data.data.map((s) => (
                <tr key={s.stage}>
                  <th scope="row">{stageName(s.stage)}</th>
                  <td>{formatNumber(s.count)}</td>
                  <td>{duration(t, s.p50_seconds)}</td>
                  <td>{duration(t, s.p90_seconds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
