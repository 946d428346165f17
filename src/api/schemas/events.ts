import { Type, type Static } from '@sinclair/typebox';
import { EVENT_TYPES } from '../../core/events.js';
import { IsoDateTime, StringEnum } from './common.js';

/** An event of the outbox, as webhooks carry it (`data` is the delivery body's `data`). */
export const Event = Type.Object({
  id: Type.String({ description: 'The event id: the `webhook-id` header of its deliveries.' }),
  object: Type.Literal('event'),
  type: StringEnum(EVENT_TYPES),
  created_at: IsoDateTime,
  data: Type.Unknown({ description: 'The payload, as the webhook body’s `data`.' }),
});

export type Event = Static<typeof Event>;
