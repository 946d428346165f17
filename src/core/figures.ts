import type { CounterFigure, HistogramFigure, Metrics } from '../runtime/metrics.js';

/**
 * The figures use cases record (docs/operate.md, "Monitoring"): kept in memory, read when
 * Prometheus scrapes. One set per core context, made from the process's metrics.
 */
export interface CoreFigures {
  /** Scans recorded (not replays), by the station's role and the verdict (`accepted` or the refusal reason). */
  scans: CounterFigure;
  /** Units of work (scans, replays of a scan included) per group-committed transaction. */
  groupCommitBatch: HistogramFigure;
  /** Webhook delivery attempts by outcome (`succeeded`, `failed`, `gone`). */
  deliveryAttempts: CounterFigure;
}

export function coreFigures(metrics: Metrics): CoreFigures {
  return {
    scans: metrics.counter({
      name: 'factoryd_scans_total',
      help: 'Scans recorded, by the station role and the verdict (accepted, or the refusal reason).',
      labelNames: ['role', 'verdict'],
    }),
    groupCommitBatch: metrics.histogram({
      name: 'factoryd_group_commit_batch_size',
      help: 'Scans (replays included) committed together in one transaction (group commit).',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    }),
    deliveryAttempts: metrics.counter({
      name: 'factoryd_webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts by outcome (succeeded, failed, gone: the endpoint answered 410).',
      labelNames: ['outcome'],
    }),
  };
}
