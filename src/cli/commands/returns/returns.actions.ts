import { unchecked } from '../../api-client.js';
import type { Item } from '../../api-types.js';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/table.js';
import { printList } from '../shared/list.js';
import type { ListOptions } from '../shared/list.js';

const RETURN_COLUMNS: Column<Item<'/v1/returns'>>[] = [
  { header: 'id', value: (item) => item.id, keep: true },
  { header: 'status', value: (item) => item.status },
  { header: 'barcode', value: (item) => item.barcode },
  { header: 'order', value: (item) => item.order_no },
  { header: 'reason', value: (item) => item.reason },
  { header: 'location', value: (item) => item.location },
  { header: 'created', value: (item) => item.created_at },
];

export async function listReturns(ctx: CommandContext, options: ListOptions & { status?: string }) {
  const query = unchecked({ status: options.status });
  await printList(ctx, '/v1/returns', { query }, options, RETURN_COLUMNS, 'No returns.');
}

export async function getReturn(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  ctx.output.record(await client.get('/v1/returns/{id}', { path: { id: id! } }));
}

interface CreateOptions {
  barcode?: string;
  pieceId?: string;
  reason?: string;
  idempotencyKey?: string;
}

/**
 * The piece is named by the BARCODE argument, or `--barcode` (the older spelling, kept), or
 * `--piece-id`: exactly one of them.
 */
export async function createReturn(
  ctx: CommandContext,
  options: CreateOptions,
  [positional]: string[],
) {
  const named = [positional, options.barcode, options.pieceId].filter(
    (given) => given !== undefined,
  );
  if (named.length === 0) {
    throw new UsageError(
      'say which piece came back: factory returns create BARCODE (or --piece-id ID)',
    );
  }
  if (named.length > 1) {
    throw new UsageError('name the piece once: a BARCODE argument, --barcode or --piece-id');
  }
  const barcode = positional ?? options.barcode;
  const client = await ctx.client();
  const body = { barcode, piece_id: options.pieceId, reason: options.reason };
  const created = await client.post('/v1/returns', {
    body,
    idempotencyKey: options.idempotencyKey,
  });
  ctx.output.record(created);
}

export async function restockReturn(
  ctx: CommandContext,
  options: { location: string },
  [id]: string[],
) {
  const client = await ctx.client();
  const body = { status: 'restocked' as const, location: options.location };
  ctx.output.record(await client.patch('/v1/returns/{id}', { path: { id: id! }, body }));
}

export async function writeOffReturn(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  const body = { status: 'written_off' as const };
  ctx.output.record(await client.patch('/v1/returns/{id}', { path: { id: id! }, body }));
}
