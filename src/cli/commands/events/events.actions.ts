import { unchecked } from '../../api-client.js';
import type { Item } from '../../api-types.js';
import type { CommandContext } from '../../context.js';
import type { Column } from '../../output/table.js';
import { printList } from '../shared/list.js';
import type { ListOptions } from '../shared/list.js';

const EVENT_COLUMNS: Column<Item<'/v1/events'>>[] = [
  { header: 'id', value: (event) => event.id, keep: true },
  { header: 'type', value: (event) => event.type },
  { header: 'created', value: (event) => event.created_at },
];

export async function listEvents(
  ctx: CommandContext,
  options: ListOptions & { type?: string; createdAfter?: string },
) {
  const query = { type: options.type, created_after: options.createdAfter };
  await printList(
    ctx,
    '/v1/events',
    { query: unchecked(query) },
    options,
    EVENT_COLUMNS,
    'No events.',
  );
}

export async function getEvent(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  ctx.output.record(await client.get('/v1/events/{id}', { path: { id: id! } }));
}
