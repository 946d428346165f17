import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type Counter as CounterType,
  type Gauge as GaugeType,
  type Histogram as HistogramType,
} from 'prom-client';
import type {
  CounterFigure,
  GaugeDef,
  GaugeFigure,
  HistogramDef,
  HistogramFigure,
  MetricDef,
  Metrics,
} from './metrics.js';

/** Metrics on: figures kept by prom-client in one registry of this process's own. */
export interface PrometheusMetrics extends Metrics {
  readonly enabled: true;
  /** The Prometheus text exposition of every figure, collected now. */
  exposition(): Promise<string>;
  readonly contentType: string;
}

/**
 * Each distinct set of label values is looked up once and kept: recording is then a Map lookup
 * and an addition (prom-client hashes the labels object on every call otherwise).
 */
function children<C>(make: (labels: string[]) => C): (labels: string[]) => C {
  const cache = new Map<string, C>();
  return (labels) => {
    const key = labels.length === 1 ? labels[0]! : labels.join('\u0000');
    let child = cache.get(key);
    if (child === undefined) {
      child = make(labels);
      cache.set(key, child);
    }
    return child;
  };
}

/** A new registry with the process's default figures (CPU, memory, event-loop lag, GC). */
export function createPrometheusMetrics(): PrometheusMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const labelNames = (def: MetricDef) => [...(def.labelNames ?? [])];
  return {
    enabled: true,
    contentType: registry.contentType,
    exposition: async () => withoutMisnamedGauges(await registry.metrics()),
    counter(def): CounterFigure {
      const counter: CounterType<string> = new Counter({
        name: def.name,
        help: def.help,
        labelNames: labelNames(def),
        registers: [registry],
      });
      if (labelNames(def).length === 0) {
        return { inc: () => counter.inc(), add: (v) => counter.inc(v) };
      }
      const child = children((labels) => counter.labels(...labels));
      return {
        inc: (...labels) => child(labels).inc(),
        add: (v, ...labels) => child(labels).inc(v),
      };
    },
    gauge(def: GaugeDef): GaugeFigure {
      const collect = def.collect;
      const gauge: GaugeType<string> = new Gauge({
        name: def.name,
        help: def.help,
        labelNames: labelNames(def),
        registers: [registry],
        ...(collect
          ? {
              async collect(this: GaugeType<string>) {
                const seen: Array<[number, string[]]> = [];
                await collect((value, ...labels) => seen.push([value, labels]));
                // Label sets not reported this time (a status with no rows left) read 0.
                this.reset();
                for (const [value, labels] of seen) {
                  if (labels.length === 0) this.set(value);
                  else this.labels(...labels).set(value);
                }
              },
            }
          : {}),
      });
      return {
        set: (value, ...labels) =>
          labels.length === 0 ? gauge.set(value) : gauge.labels(...labels).set(value),
      };
    },
    histogram(def: HistogramDef): HistogramFigure {
      const histogram: HistogramType<string> = new Histogram({
        name: def.name,
        help: def.help,
        labelNames: labelNames(def),
        buckets: [...def.buckets],
        registers: [registry],
      });
      if (labelNames(def).length === 0) return { observe: (v) => histogram.observe(v) };
      const child = children((labels) => histogram.labels(...labels));
      return { observe: (v, ...labels) => child(labels).observe(v) };
    },
  };
}

/**
 * prom-client's default figures include three gauges named like counters
 * (`nodejs_active_handles_total` …), which `promtool check metrics` rejects; the same figures
 * are there by type without the suffix (`nodejs_active_handles`), so these are left out.
 */
const MISNAMED = /^(?:# (?:HELP|TYPE) )?nodejs_active_(?:handles|requests|resources)_total\b/;

function withoutMisnamedGauges(text: string): string {
  return text
    .split('\n')
    .filter((line) => !MISNAMED.test(line))
    .join('\n');
}
