import { Type, type Static } from '@sinclair/typebox';

/** `GET /v1/events/stream`'s query (DESIGN §16). */
export const EventStreamQuery = Type.Object(
  {
    types: Type.Optional(
      Type.String({
        maxLength: 2000,
        description:
          'Comma-separated event types to receive (e.g. `scan.recorded,order.status_changed`); all when absent.',
      }),
    ),
    follow: Type.Boolean({
      default: true,
      description:
        '`false`: send what came after `Last-Event-ID` (nothing without one) and end the stream, for scripts that poll.',
    }),
    last_event_id: Type.Optional(
      Type.String({
        maxLength: 64,
        description:
          'Resume after this event, for clients that cannot send the `Last-Event-ID` header (the header wins).',
      }),
    ),
  },
  { additionalProperties: false },
);
export type EventStreamQuery = Static<typeof EventStreamQuery>;
