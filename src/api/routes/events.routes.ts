import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { EVENT_TYPES } from '../../core/events.js';
import { getEvent, listEvents } from '../../core/events/list-events.js';
import type { RouteDeps } from '../route-deps.js';
import { factoryOf } from '../route-helpers.js';
import { IdParams, IsoDateTime, ListOf, ListQuery, StringEnum } from '../schemas/common.js';
import { Event } from '../schemas/events.js';

export async function eventsRoutes(app: FastifyInstance, { core }: RouteDeps): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/v1/events',
    {
      schema: {
        operationId: 'listEvents',
        tags: ['events'],
        summary: 'List events, newest first',
        description:
          'The events webhooks carry, newest first with keyset paging, kept as long as webhook deliveries are (the `webhook_retention_days` setting, 30 days unless changed). A receiver that was down replays what it missed: page with `created_after` set to the last event it handled until `has_more` is false, then apply the events oldest first, skipping ids it has seen.',
        querystring: Type.Object(
          {
            ...ListQuery,
            type: Type.Optional(
              StringEnum(EVENT_TYPES, { description: 'Only events of this type.' }),
            ),
            created_after: Type.Optional({
              ...IsoDateTime,
              description: 'Only events created at or after this instant (inclusive).',
            }),
          },
          { additionalProperties: false },
        ),
        response: { 200: ListOf(Event) },
      },
    },
    async (request) => listEvents(core, factoryOf(request), request.query),
  );

  r.get(
    '/v1/events/:id',
    {
      schema: {
        operationId: 'getEvent',
        tags: ['events'],
        summary: 'One event',
        description:
          'One event by its id (the `webhook-id` of its deliveries), while it is kept. Test events (`webhook.test`) are not events of the factory and are not found here.',
        params: IdParams,
        response: { 200: Event },
      },
    },
    async (request) => getEvent(core, factoryOf(request), request.params.id),
  );
}
