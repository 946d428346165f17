import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { checkReadable, checkWritable } from '../../core/health/readiness.js';
import { AppError } from '../../domain/errors.js';
import type { RouteDeps } from '../route-deps.js';

/** How often `/readyz` writes to learn whether the database can (ms). */
const WRITE_PROBE_EVERY_MS = 1_000;

export async function healthRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'getHealth',
        description:
          'Answers 200 while the process runs, without touching the database and without a token: for a load balancer or a supervisor.',
        tags: ['health'],
        summary: 'The process is up',
        security: [],
        response: {
          200: Type.Object(
            { status: Type.Literal('ok') },
            { $id: 'Health', description: 'The process is up.' },
          ),
        },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  // The write probe runs beside the answers, at most once a second: a write waits its turn
  // behind other writes (a large upload), and a readiness check must not wait with it. Each
  // answer says what the latest finished probe found.
  let writable: AppError | null = null;
  let probing = false;
  let probedAt = 0;
  const probe = () => {
    if (probing || Date.now() - probedAt < WRITE_PROBE_EVERY_MS) return;
    probing = true;
    probedAt = Date.now();
    checkWritable(core)
      .then(
        () => {
          writable = null;
        },
        (err: unknown) => {
          writable = err instanceof AppError ? err : new AppError('not_ready');
        },
      )
      .finally(() => {
        probing = false;
      });
  };

  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'getReadiness',
        tags: ['health'],
        summary: 'The database answers and can write',
        description:
          'The database answers a read, and the latest one-row write (made beside the answers, ' +
          'at most once a second) committed: 503 `disk_full` while the disk of the database is ' +
          'full (or has under 1 MiB free), 503 `not_ready` while the database does not answer; ' +
          'ready again by itself once it can write. Needs no token.',
        security: [],
        response: {
          200: Type.Object(
            { status: Type.Literal('ready') },
            { $id: 'Readiness', description: 'The database answers.' },
          ),
        },
      },
    },
    async () => {
      probe();
      await checkReadable(core);
      if (writable) throw writable;
      return { status: 'ready' as const };
    },
  );

  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
