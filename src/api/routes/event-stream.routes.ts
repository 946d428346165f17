import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ServerResponse } from 'node:http';
import { EVENT_TYPES } from '../../core/events.js';
import type { FeedEvent, StreamAudience } from '../../core/event-stream/event-feed.js';
import { openEventStream, type EventStream } from '../../core/event-stream/event-stream.js';
import { AppError } from '../../domain/errors.js';
import type { EventStreamOptions, RouteDeps } from '../route-deps.js';
import { principalOf } from '../route-helpers.js';
import { EventStreamQuery } from '../schemas/event-stream.js';

export const EVENT_STREAM_DEFAULTS: EventStreamOptions = {
  pingMs: 15_000,
  maxBufferedBytes: 1024 * 1024,
  stallMs: 30_000,
};

/** How long a browser waits before reconnecting (the `retry:` field). */
const RETRY_MS = 2_000;

/** The webhook body of an event (DESIGN §6), as its `data:` line. */
function frameOf(event: FeedEvent, retailer: boolean): string {
  const frames = (event.frames ??= {});
  const key = retailer ? 'retailer' : 'staff';
  let frame = frames[key];
  if (frame === undefined) {
    const data = retailer ? event.retailerData! : event.data;
    const body = `{"type":${JSON.stringify(event.type)},"timestamp":${JSON.stringify(event.createdAt)},"data":${data}}`;
    frame = `id: ${event.id}\nevent: ${event.type}\ndata: ${body}\n\n`;
    frames[key] = frame;
  }
  return frame;
}

function audienceOf(request: FastifyRequest, types: string | undefined): StreamAudience {
  const principal = principalOf(request);
  let wanted: Set<string> | null = null;
  if (types !== undefined && types.trim() !== '') {
    wanted = new Set(
      types
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    );
    for (const type of wanted) {
      if (!(EVENT_TYPES as readonly string[]).includes(type)) {
        throw new AppError('validation_failed', {
          param: 'types',
          message: `Unknown event type "${type}". Known types: ${EVENT_TYPES.join(', ')}.`,
        });
      }
    }
  }
  return {
    factoryId: principal.factoryId,
    retailerId: principal.kind === 'retailer' ? principal.retailerId : null,
    types: wanted,
  };
}

export async function eventStreamRoutes(
  app: FastifyInstance,
  { core, eventStream }: RouteDeps,
): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const options = eventStream ?? EVENT_STREAM_DEFAULTS;
  // Every open stream of this app, ended when it closes.
  const streams = new Set<EventStream>();
  app.addHook('preClose', async () => {
    for (const stream of [...streams]) stream.close();
  });

  r.get(
    '/v1/events/stream',
    {
      schema: {
        operationId: 'streamEvents',
        tags: ['events'],
        summary: 'Follow the factory’s events as Server-Sent Events',
        description:
          'A `text/event-stream` of the factory’s events, each as `id:` (the event id), `event:` ' +
          '(its type) and `data:` (the webhook body `{type, timestamp, data}`), in the order they ' +
          'were committed. Send `Last-Event-ID` to resume after an event: the events missed ' +
          'follow with no gap and no duplicate. A comment line `: ping` comes every 15 s. A client ' +
          'that leaves more than 1 MiB unread is disconnected and resumes. A retailer session ' +
          'sees its own orders’ events only, their data reduced to `{order_id, order_no, status}` ' +
          '(docs/live.md).',
        querystring: EventStreamQuery,
        headers: Type.Object({
          'last-event-id': Type.Optional(
            Type.String({
              maxLength: 64,
              description: 'The id of the last event received: the stream resumes after it.',
            }),
          ),
        }),
        response: {
          200: {
            description: 'The event stream (never ends by itself).',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
        },
      },
    },
    async (request, reply) => {
      const audience = audienceOf(request, request.query.types);
      const lastEventId = request.headers['last-event-id'] ?? request.query.last_event_id ?? null;
      const follow = request.query.follow;
      await serveStream(request, reply, { audience, lastEventId, follow }, options, streams, core);
    },
  );
}

async function serveStream(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    audience,
    lastEventId,
    follow,
  }: { audience: StreamAudience; lastEventId: string | null; follow: boolean },
  options: EventStreamOptions,
  streams: Set<EventStream>,
  core: RouteDeps['core'],
): Promise<void> {
  const raw: ServerResponse = reply.raw;
  const retailer = audience.retailerId !== null;
  // Set once the stream is open; `finish` may run before (the client went away at once).
  const held: { stream?: EventStream; ping?: NodeJS.Timeout } = {};
  let ended = false;
  const finish = () => {
    if (ended) return;
    ended = true;
    if (held.ping) clearInterval(held.ping);
    if (held.stream) {
      held.stream.detach();
      streams.delete(held.stream);
    }
  };
  const cut = () => {
    finish();
    raw.destroy();
  };
  const sink = {
    write(event: FeedEvent): void | Promise<void> {
      if (ended) return;
      raw.write(frameOf(event, retailer));
      if (raw.writableLength <= options.maxBufferedBytes) return;
      // Behind: nothing more is written until it drains (the stream reads what it missed from
      // the table then). One that stays stalled is cut, and resumes from its last id.
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(stall);
          raw.off('drain', done);
          raw.off('close', done);
          resolve();
        };
        const stall = setTimeout(() => {
          request.log.warn(
            { buffered: raw.writableLength, last_event_id: event.id },
            'event stream client too far behind: disconnected',
          );
          cut();
          done();
        }, options.stallMs);
        raw.on('drain', done);
        raw.on('close', done);
      });
    },
    end(): void {
      finish();
      raw.end();
    },
  };

  const stream = await openEventStream(core, audience, lastEventId, sink);
  held.stream = stream;
  streams.add(stream);
  reply.hijack();
  raw.on('close', finish);
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);
  held.ping = setInterval(() => {
    if (!ended) raw.write(': ping\n\n');
  }, options.pingMs);
  held.ping.unref();
  try {
    await stream.catchUp();
    if (!follow && !ended) {
      finish();
      raw.end();
    }
  } catch (err) {
    request.log.error({ err }, 'event stream: catching up failed');
    if (!ended) {
      finish();
      raw.end();
    }
  }
}
