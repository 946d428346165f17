import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/errors.js';
import type { RouteDeps } from '../route-deps.js';

/** The same reading of `Authorization: Bearer <token>` as the auth hook's (app.ts). */
const BEARER = /^Bearer ([^\s]+)$/i;

/**
 * Whether `given` is the metrics token, in a time that does not depend on where they differ
 * (both hashed first, so their lengths do not show either).
 */
export function isMetricsToken(given: string | undefined, token: string): boolean {
  if (given === undefined) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * `GET /metrics` (DESIGN §18, docs/operate.md "Monitoring"): Prometheus text, answered only to
 * the metrics token (`--metrics-token`, `FACTORYD_METRICS_TOKEN`), never to an API key or a
 * session. Without a token it answers 404 saying how to turn metrics on; a metrics listener of its
 * own (`--metrics-listen`) serves the same text without one.
 */
export async function metricsRoutes(app: FastifyInstance, { metrics }: RouteDeps): Promise<void> {
  app.get(
    '/metrics',
    {
      // Prometheus' text, not a JSON operation: left out of /v1/openapi.json, documented in
      // docs/operate.md, "Monitoring".
      schema: { hide: true },
    },
    async (request, reply) => {
      if (!metrics?.token) {
        throw new AppError('not_found', {
          message:
            'Metrics are off: start factoryd with --metrics-token (or FACTORYD_METRICS_TOKEN) to serve them here.',
        });
      }
      const given = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (given === undefined) throw new AppError('missing_token');
      if (!isMetricsToken(given, metrics.token)) {
        throw new AppError('invalid_token', {
          message: '/metrics answers only the metrics token (--metrics-token).',
        });
      }
      const body = await metrics.scrape();
      return reply.type(metrics.contentType).send(body);
    },
  );
}
