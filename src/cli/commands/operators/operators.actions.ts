import { unchecked } from '../../api-client.js';
import type { Item } from '../../api-types.js';
import type { CommandContext } from '../../context.js';
import type { Column } from '../../output/table.js';
import { saveDownload } from '../shared/download.js';
import { printList, type ListOptions } from '../shared/list.js';

type Language = 'en' | 'pl' | 'ro';

const OPERATOR_COLUMNS: Column<Item<'/v1/operators'>>[] = [
  { header: 'id', value: (o) => o.id, keep: true },
  { header: 'name', value: (o) => o.name },
  { header: 'badge', value: (o) => o.badge },
  { header: 'language', value: (o) => o.language },
  { header: 'active', value: (o) => (o.active ? 'yes' : 'no') },
];

export async function listOperators(ctx: CommandContext, options: ListOptions) {
  await printList(ctx, '/v1/operators', {}, options, OPERATOR_COLUMNS, 'No operators.');
}

export async function getOperator(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  ctx.output.record(await client.get('/v1/operators/{id}', { path: { id: id! } }));
}

export async function createOperator(
  ctx: CommandContext,
  options: { name: string; language?: Language; idempotencyKey?: string },
) {
  const client = await ctx.client();
  const body = { name: options.name, ...(options.language ? { language: options.language } : {}) };
  ctx.output.record(
    await client.post('/v1/operators', { body, idempotencyKey: options.idempotencyKey }),
  );
}

export async function updateOperator(
  ctx: CommandContext,
  options: { name?: string; language?: Language; active?: boolean },
  [id]: string[],
) {
  const client = await ctx.client();
  const body = {
    ...(options.name !== undefined ? { name: options.name } : {}),
    ...(options.language !== undefined ? { language: options.language } : {}),
    ...(options.active !== undefined ? { active: options.active } : {}),
  };
  ctx.output.record(await client.patch('/v1/operators/{id}', { path: { id: id! }, body }));
}

interface BadgeOptions {
  format: 'pdf' | 'zpl';
  dpi: string;
  output?: string;
}

/** An operator's badge, or with `sign-out` as the id the sign-out badge. */
export async function badge(ctx: CommandContext, options: BadgeOptions, [id]: string[]) {
  const query = unchecked({ format: options.format, dpi: options.dpi });
  const target = { output: options.output, binary: options.format === 'pdf', label: 'badge' };
  if (id === 'sign-out') {
    await saveDownload(ctx, '/v1/operators/sign-out-badge', { query }, target);
  } else {
    await saveDownload(ctx, '/v1/operators/{id}/badge', { path: { id: id! }, query }, target);
  }
}
