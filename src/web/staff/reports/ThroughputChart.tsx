import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useStaffT } from '../staff-i18n.js';
import type { ThroughputReport } from './use-reports.js';

const SERIES = [
  { key: 'produce', label: 'reports.series.produce', stroke: '#4f46e5' },
  { key: 'stock', label: 'reports.series.stock', stroke: '#0d9488' },
  { key: 'dispatch', label: 'reports.series.dispatch', stroke: '#16a34a' },
  { key: 'refused', label: 'reports.series.refused', stroke: '#dc2626' },
] as const;

/** One point per hour of the range: the report's rows summed over the roles. */
export function hourlySeries(report: ThroughputReport): uPlot.AlignedData {
  const start = Math.floor(Date.parse(report.from) / 3_600_000) * 3_600;
  const end = Math.floor(Date.parse(report.to) / 3_600_000) * 3_600;
  const xs: number[] = [];
  for (let t = start; t <= end; t += 3_600) xs.push(t);
  const index = new Map(xs.map((t, i) => [t, i]));
  const ys = SERIES.map(() => xs.map(() => 0));
  for (const row of report.data) {
    const i = index.get(Date.parse(row.bucket_start) / 1000);
    if (i === undefined) continue;
    SERIES.forEach((s, k) => (ys[k]![i]! += row[s.key]));
  }
  return [xs, ...ys];
}

/** Scans per hour, by kind: a uPlot line chart (bundled; no CDN). */
export function ThroughputChart({ report }: { report: ThroughputReport }) {
  const box = useRef<HTMLDivElement>(null);
  const { t } = useStaffT();
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = new uPlot(
      {
        width: Math.max(320, el.clientWidth),
        height: 280,
        scales: { x: { time: true } },
        axes: [{}, { label: t('reports.axis') }],
        series: [{}, ...SERIES.map((s) => ({ label: t(s.label), stroke: s.stroke, width: 2 }))],
      },
      hourlySeries(report),
      el,
    );
    return () => chart.destroy();
  }, [report, t]);
  return <div ref={box} className="chart" role="img" aria-label={t('reports.chart')} />;
}
