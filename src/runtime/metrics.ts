/**
 * The process's figures for monitoring (`GET /metrics`, docs/operate.md, "Monitoring"), as any
 * part of the program records them. Recording is a few in-memory operations: nothing is written
 * anywhere until Prometheus scrapes. With metrics off (no token, no metrics listener) every
 * instrument is a no-op and prom-client is never loaded (prometheus.ts is imported only then).
 *
 * A feature adds its own figures through `metrics.counter`, `metrics.gauge` and
 * `metrics.histogram` (docs/operate.md, "Adding a figure"): a counter it increments, or a gauge
 * whose `collect` reads its current value when scraped (a queue's depth, a count of clients).
 * Label values are passed in the order of `labelNames`.
 */
export interface Metrics {
  readonly enabled: boolean;
  counter(def: MetricDef): CounterFigure;
  gauge(def: GaugeDef): GaugeFigure;
  histogram(def: HistogramDef): HistogramFigure;
}

export interface MetricDef {
  /** `factoryd_<what>_<unit>`; counters end in `_total` (Prometheus' naming). */
  name: string;
  help: string;
  labelNames?: readonly string[];
}

export interface GaugeDef extends MetricDef {
  /**
   * Called at each scrape to set the gauge's current values (`set(value, ...labels)`); may be
   * async (a count read from the database). A collect that throws leaves the gauge as it was.
   */
  collect?: (set: (value: number, ...labels: string[]) => void) => void | Promise<void>;
}

export interface HistogramDef extends MetricDef {
  buckets: readonly number[];
}

export interface CounterFigure {
  inc(...labels: string[]): void;
  add(value: number, ...labels: string[]): void;
}

export interface GaugeFigure {
  set(value: number, ...labels: string[]): void;
}

export interface HistogramFigure {
  observe(value: number, ...labels: string[]): void;
}

const nothing = (): void => {};

/** Metrics off: every figure is a no-op. */
export const noMetrics: Metrics = {
  enabled: false,
  counter: () => ({ inc: nothing, add: nothing }),
  gauge: () => ({ set: nothing }),
  histogram: () => ({ observe: nothing }),
};
