import { unchecked } from '../../api-client.js';
import type { Item } from '../../api-types.js';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/table.js';
import { printList } from '../shared/list.js';
import type { ListOptions } from '../shared/list.js';
import { printResult } from '../shared/result.js';
import { parseExpiry } from '../keys/key-expiry.js';

const ENDPOINT_COLUMNS: Column<Item<'/v1/webhooks'>>[] = [
  { header: 'id', value: (endpoint) => endpoint.id, keep: true },
  { header: 'url', value: (endpoint) => endpoint.url },
  { header: 'events', value: (endpoint) => endpoint.events },
  { header: 'enabled', value: (endpoint) => endpoint.enabled },
  { header: 'description', value: (endpoint) => endpoint.description },
  { header: 'created', value: (endpoint) => endpoint.created_at },
];

const DELIVERY_COLUMNS: Column<Item<'/v1/webhook-deliveries'>>[] = [
  { header: 'id', value: (delivery) => delivery.id, keep: true },
  { header: 'event', value: (delivery) => delivery.event_type },
  { header: 'status', value: (delivery) => delivery.status },
  { header: 'attempts', value: (delivery) => delivery.attempts },
  { header: 'answer', value: (delivery) => delivery.response_status ?? delivery.error },
  { header: 'next attempt', value: (delivery) => delivery.next_attempt_at },
  { header: 'created', value: (delivery) => delivery.created_at },
  { header: 'endpoint', value: (delivery) => delivery.endpoint_id },
];

function eventList(events: string): string[] {
  const list = events
    .split(',')
    .map((event) => event.trim())
    .filter(Boolean);
  if (list.length === 0) throw new UsageError('--events needs at least one event type, or *');
  return list;
}

export async function listWebhooks(ctx: CommandContext, options: ListOptions) {
  await printList(ctx, '/v1/webhooks', {}, options, ENDPOINT_COLUMNS, 'No webhook endpoints.');
}

export async function getWebhook(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  ctx.output.record(await client.get('/v1/webhooks/{id}', { path: { id: id! } }));
}

interface CreateOptions {
  events: string;
  description?: string;
  idempotencyKey?: string;
}

export async function createWebhook(ctx: CommandContext, options: CreateOptions, [url]: string[]) {
  const client = await ctx.client();
  const body = { url, events: eventList(options.events), description: options.description };
  const endpoint = await client.post('/v1/webhooks', {
    body: unchecked(body),
    idempotencyKey: options.idempotencyKey,
  });
  ctx.output.record(endpoint);
  ctx.output.notice(
    ctx.output.errStyle.yellow(
      'The signing secret is shown only this once: store it with the receiver.',
    ),
  );
}

interface UpdateOptions {
  endpointUrl?: string;
  events?: string;
  description?: string;
  enable?: boolean;
  disable?: boolean;
}

export async function updateWebhook(ctx: CommandContext, options: UpdateOptions, [id]: string[]) {
  const body = {
    url: options.endpointUrl,
    events: options.events === undefined ? undefined : eventList(options.events),
    description: options.description,
    enabled: options.enable ? true : options.disable ? false : undefined,
  };
  if (Object.values(body).every((value) => value === undefined)) {
    throw new UsageError(
      'nothing to change: give --endpoint-url, --events, --description, --enable or --disable',
    );
  }
  const client = await ctx.client();
  ctx.output.record(
    await client.patch('/v1/webhooks/{id}', { path: { id: id! }, body: unchecked(body) }),
  );
}

export async function deleteWebhook(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  const deleted = await client.delete('/v1/webhooks/{id}', { path: { id: id! } });
  printResult(ctx, deleted, `Deleted ${id}.`);
}

export async function rotateSecret(
  ctx: CommandContext,
  options: { oldUntil?: string },
  [id]: string[],
) {
  const expiresAt =
    options.oldUntil === undefined ? undefined : parseExpiry(options.oldUntil, ctx.now());
  const client = await ctx.client();
  const rotated = await client.post('/v1/webhooks/{id}/rotate-secret', {
    path: { id: id! },
    body: expiresAt ? { expires_at: expiresAt } : {},
  });
  ctx.output.record(rotated);
  ctx.output.notice(
    `Both secrets sign until ${rotated.previous_secret_expires_at}: give the receiver the new one before then.`,
  );
  ctx.output.notice(
    ctx.output.errStyle.yellow(
      'The new secret is shown only this once: store it with the receiver.',
    ),
  );
}

interface DeliveryOptions extends ListOptions {
  endpoint?: string;
  status?: string;
  eventType?: string;
  eventId?: string;
}

export async function listDeliveries(ctx: CommandContext, options: DeliveryOptions) {
  const query = {
    endpoint_id: options.endpoint,
    status: options.status,
    event_type: options.eventType,
    event_id: options.eventId,
  };
  await printList(
    ctx,
    '/v1/webhook-deliveries',
    { query: unchecked(query) },
    options,
    DELIVERY_COLUMNS,
    'No deliveries.',
  );
}

interface RetryOptions {
  since?: string;
  until?: string;
  endpoint?: string;
  status: 'failed' | 'retrying';
}

const AGE = /^(\d+)\s*(m|h|d)$/;
const AGE_MS = { m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** `--since`/`--until`: an age before now (`6h`), or a date (midnight UTC) or date and time. */
export function instantOf(value: string, flag: string, now: Date): string {
  const age = AGE.exec(value.trim());
  if (age) {
    return new Date(
      now.getTime() - Number(age[1]) * AGE_MS[age[2] as 'm' | 'h' | 'd'],
    ).toISOString();
  }
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value.trim())
    ? `${value.trim()}T00:00:00Z`
    : value.trim();
  const ms = /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new UsageError(
      `${flag} must be an age such as 30m, 6h or 2d, or a time such as 2026-11-26T08:00:00Z`,
    );
  }
  return new Date(ms).toISOString();
}

export async function retryDelivery(ctx: CommandContext, options: RetryOptions, [id]: string[]) {
  const client = await ctx.client();
  if (id) {
    if (options.since || options.until || options.endpoint) {
      throw new UsageError('give a delivery id, or --since (with --endpoint, --until): not both');
    }
    printResult(
      ctx,
      await client.post('/v1/webhook-deliveries/{id}/retry', { path: { id } }),
      `Retrying ${id}.`,
    );
    return;
  }
  if (!options.since) {
    throw new UsageError(
      'give a delivery id, or --since to retry the failed deliveries of a time window',
    );
  }
  const now = ctx.now();
  const body = {
    since: instantOf(options.since, '--since', now),
    status: options.status,
    ...(options.until ? { until: instantOf(options.until, '--until', now) } : {}),
    ...(options.endpoint ? { endpoint_id: options.endpoint } : {}),
  };
  const answer = await client.post('/v1/webhook-deliveries/retry', { body });
  if (ctx.output.json) {
    ctx.output.writeJson(answer);
    return;
  }
  const to = options.endpoint ? ` to ${options.endpoint}` : '';
  ctx.output.write(
    answer.retried === 0
      ? `No ${options.status} deliveries${to} made since ${body.since}.\n`
      : `${ctx.output.style.green('✓')} Retrying ${answer.retried} ${options.status} deliveries${to} made since ${body.since}; the sender works through them at its usual pace.\n`,
  );
}
