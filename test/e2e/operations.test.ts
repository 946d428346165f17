import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/app.js';
import { runFactoryd, startDaemon, type RunningDaemon } from '../helpers/daemon.js';
import { freePort } from '../helpers/postgres-cluster.js';

/**
 * What IT sees of a running factoryd, the executable as shipped (this suite also runs against
 * the single executable: vitest.binary.config.ts): `/metrics` behind its token and on a
 * listener of its own, and a scheduled backup that runs at its time and verifies.
 */
const TOKEN = 'metrics-token-e2e-0123456789abcdef';
let daemon: RunningDaemon;
let metricsPort: number;

beforeAll(async () => {
  metricsPort = await freePort();
  daemon = await startDaemon({
    args: ['--metrics-listen', `127.0.0.1:${metricsPort}`],
    env: { FACTORYD_METRICS_TOKEN: TOKEN, FACTORYD_BACKUP_CHECK_SECONDS: '1' },
  });
});
afterAll(async () => {
  await daemon.stop();
});

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${daemon.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${daemon.apiKey}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const scrapeListener = async () => {
  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
};

describe('factoryd serve for IT', () => {
  it('serves /metrics to its token only, and without one on the metrics listener', async () => {
    expect((await fetch(`${daemon.url}/metrics`)).status).toBe(401);
    const apiKey = await fetch(`${daemon.url}/metrics`, {
      headers: { authorization: `Bearer ${daemon.apiKey}` },
    });
    expect(apiKey.status).toBe(401);
    const res = await fetch(`${daemon.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('# TYPE factoryd_scans_total counter');
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);

    const listened = await scrapeListener();
    expect(listened).toMatch(
      /factoryd_http_request_duration_seconds_count\{method="GET",route="\/metrics",status="200"\} [1-9]/,
    );
    const check = spawnSync('promtool', ['check', 'metrics'], {
      input: listened,
      encoding: 'utf8',
    });
    expect(check.stdout + check.stderr).toBe('');
    expect(check.status).toBe(0);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/v1/orders`)).status).toBe(404);
  });

  it('runs a scheduled backup at its time, and it verifies', async () => {
    const dir = tempDir('factoryd-scheduled-');
    // The next whole minute, in UTC.
    const at = new Date(Math.ceil((Date.now() + 1000) / 60_000) * 60_000);
    const time = at.toISOString().slice(11, 16);
    const set = await api('PATCH', '/v1/settings', {
      timezone: 'UTC',
      backup_schedule: time,
      backup_dir: dir,
    });
    expect(set.status, JSON.stringify(set.json)).toBe(200);
    expect(set.json.backup_schedule).toBe(time);

    let status: Record<string, unknown> = {};
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      status = (await api('GET', '/v1/backups')).json;
      if (status.last_run) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const run = status.last_run as { status: string; file: string; started_at: string };
    expect(run, 'a backup ran').toBeTruthy();
    expect(run.status).toBe('completed');
    expect(Date.parse(run.started_at)).toBeGreaterThanOrEqual(at.getTime());
    expect(existsSync(run.file)).toBe(true);
    expect(statSync(run.file).mode & 0o777).toBe(0o600);
    const verified = runFactoryd(['backup', '--verify', run.file]);
    expect(verified.status, verified.stderr).toBe(0);

    const text = await scrapeListener();
    expect(text).toMatch(/^factoryd_backups_total\{outcome="completed"\} 1$/m);
    expect(text).toMatch(/^factoryd_backup_last_failed 0$/m);
  }, 120_000);
});
