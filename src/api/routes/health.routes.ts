import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { AppError } from '../../domain/errors.js';
import type { RouteDeps } from '../route-deps.js';

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

  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'getReadiness',
        description:
          'Answers 200 when the database answers a query, 503 `not_ready` otherwise. Needs no token.',
        tags: ['health'],
        summary: 'The database answers',
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
      try {
        await sql`select 1`.execute(core.db);
      } catch {
        throw new AppError('not_ready');
      }
      return { status: 'ready' as const };
    },
  );

  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
