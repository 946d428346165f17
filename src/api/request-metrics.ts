import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../runtime/metrics.js';

/** Seconds: from a fast scan (a few ms) to a large upload or label run. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Counts every answered request by method, route (its pattern, `/v1/orders/:id`, so the number
 * of series stays small; `(web)` for the web app's files, `(none)` for no route) and status, with
 * its latency, in `factoryd_http_request_duration_seconds` (its `_count` is the requests).
 */
export function countRequests(app: FastifyInstance, metrics: Metrics): void {
  const requests = metrics.histogram({
    name: 'factoryd_http_request_duration_seconds',
    help: 'HTTP requests answered, by method, route pattern and status, with their latency.',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? (reply.statusCode < 400 ? '(web)' : '(none)');
    requests.observe(reply.elapsedTime / 1000, request.method, route, String(reply.statusCode));
    done();
  });
}
