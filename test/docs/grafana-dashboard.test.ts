import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { countRequests } from '../../src/api/request-metrics.js';
import { registerServerMetrics } from '../../src/daemon/metrics/server-metrics.js';
import { createPrometheusMetrics } from '../../src/runtime/prometheus.js';
import { openStore } from '../../src/store/database.js';
import { tempDir } from '../helpers/app.js';

// docs/grafana-dashboard.json: every query is PromQL that Prometheus accepts (promtool checks
// it as a recording rule) and names only figures factoryd serves.
const dashboard = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'grafana-dashboard.json'), 'utf8'),
) as { panels: { title: string; targets: { expr: string }[] }[] };
const queries = dashboard.panels.flatMap((p) =>
  p.targets.map((t) => ({ panel: p.title, expr: t.expr })),
);

describe('the Grafana dashboard', () => {
  it('has queries Prometheus accepts', () => {
    const file = join(tempDir(), 'rules.yml');
    const rules = queries.map(
      (q, i) =>
        `      - record: dashboard_query_${i}\n        expr: ${JSON.stringify(q.expr.replaceAll('$job', 'factoryd'))}`,
    );
    writeFileSync(file, `groups:\n  - name: dashboard\n    rules:\n${rules.join('\n')}\n`);
    const check = spawnSync('promtool', ['check', 'rules', file], { encoding: 'utf8' });
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it('names only figures the server serves', async () => {
    const store = await openStore({ file: join(tempDir(), 'factoryd.db') });
    try {
      const metrics = createPrometheusMetrics();
      registerServerMetrics(metrics, store);
      const { backupJob } = await import('../../src/daemon/jobs/backup.job.js');
      const { createCoreContext } = await import('../../src/core/context.js');
      const { systemClock } = await import('../../src/domain/clock.js');
      const core = createCoreContext({ db: store.db, clock: systemClock, metrics });
      backupJob({ core, store, dataDir: tempDir(), env: {}, log: { info() {}, error() {} } });
      countRequests(Fastify(), metrics);
      const served = new Set(
        (await metrics.exposition())
          .split('\n')
          .filter((l) => l.startsWith('# TYPE '))
          .map((l) => l.split(' ')[2]!),
      );
      // Figures of a PostgreSQL server, or of a histogram's series.
      served.add('factoryd_postgres_pool_connections');
      for (const { panel, expr } of queries) {
        for (const name of expr.match(/\b(?:factoryd|nodejs|process)_[a-z_0-9]+/g) ?? []) {
          const family = name.replace(/_(bucket|sum|count)$/, '');
          expect(served.has(name) || served.has(family), `${panel}: ${name}`).toBe(true);
        }
      }
    } finally {
      await store.close();
    }
  });
});
