import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { checkWritable } from '../../core/health/readiness.js';
import type { RouteDeps } from '../route-deps.js';

/** How long one readiness check answers for (ms). */
const READY_CHECK_REUSE_MS = 1_000;

export async function healthRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        security: [],
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  // A probe every second from a monitor and a load balancer makes one write, not two.
  let lastCheck: { at: number; result: Promise<void> } | undefined;
  const writable = (): Promise<void> => {
    const now = Date.now();
    if (!lastCheck || now - lastCheck.at >= READY_CHECK_REUSE_MS) {
      lastCheck = { at: now, result: checkWritable(core) };
      // The answer is read by whoever asked; a failure here is only kept for reuse.
      lastCheck.result.catch(() => {});
    }
    return lastCheck.result;
  };

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers and can write',
        description:
          'A one-row write, committed: 503 `disk_full` while the disk of the database is full ' +
          '(or has under 1 MiB free), 503 `not_ready` while the database does not answer; ' +
          'ready again by itself once it can write. Checked at most once a second.',
        security: [],
        response: { 200: Type.Object({ status: Type.Literal('ready') }) },
      },
    },
    async () => {
      await writable();
      return { status: 'ready' as const };
    },
  );

  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
