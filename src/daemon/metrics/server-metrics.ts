import { statSync } from 'node:fs';
import type { Metrics } from '../../runtime/metrics.js';
import type { Store } from '../../store/database.js';
import { queuedDeliveries } from '../../store/webhooks/delivery-counts.js';

/**
 * The figures `factoryd serve` reads when scraped, besides what its parts count as they work:
 * the webhook queue's depth, and the database (the SQLite WAL file's size, or the PostgreSQL
 * connection pool's use).
 */
export function registerServerMetrics(metrics: Metrics, store: Store): void {
  metrics.gauge({
    name: 'factoryd_webhook_deliveries_queued',
    help: 'Webhook deliveries waiting to be sent, by status (pending, retrying).',
    labelNames: ['status'],
    collect: async (set) => {
      set(0, 'pending');
      set(0, 'retrying');
      for (const { status, n } of await queuedDeliveries(store.db)) set(n, status);
    },
  });
  if (store.dialect === 'sqlite') {
    metrics.gauge({
      name: 'factoryd_sqlite_wal_bytes',
      help: "Size of the SQLite database's write-ahead log (emptied by checkpoints).",
      collect: (set) => {
        try {
          set(statSync(`${store.file}-wal`).size);
        } catch {
          set(0);
        }
      },
    });
    metrics.gauge({
      name: 'factoryd_sqlite_database_bytes',
      help: 'Size of the SQLite database file.',
      collect: (set) => set(statSync(store.file).size),
    });
  } else {
    const { pool } = store;
    metrics.gauge({
      name: 'factoryd_postgres_pool_connections',
      help: 'PostgreSQL connections of this process, by state (idle, busy), and requests waiting for one (waiting).',
      labelNames: ['state'],
      collect: (set) => {
        set(pool.idleCount, 'idle');
        set(pool.totalCount - pool.idleCount, 'busy');
        set(pool.waitingCount, 'waiting');
      },
    });
  }
}
