import { unchecked } from '../../api-client.js';
import type { Item } from '../../api-types.js';
import type { CommandContext } from '../../context.js';
import type { Column } from '../../output/table.js';
import { saveDownload } from '../shared/download.js';
import { printList } from '../shared/list.js';
import type { ListOptions } from '../shared/list.js';

const CONSIGNMENT_COLUMNS: Column<Item<'/v1/consignments'>>[] = [
  { header: 'id', value: (item) => item.id, keep: true },
  { header: 'number', value: (item) => item.number, keep: true },
  { header: 'status', value: (item) => item.status },
  { header: 'retailer', value: (item) => item.retailer_code },
  {
    header: 'loaded',
    value: (item) => `${item.pieces_loaded} of ${item.pieces_loaded + item.pieces_to_load}`,
  },
  { header: 'incomplete units', value: (item) => String(item.units_incomplete), priority: 2 },
  { header: 'reference', value: (item) => item.reference, priority: 3 },
  { header: 'created', value: (item) => item.created_at, priority: 3 },
];

export async function listConsignments(
  ctx: CommandContext,
  options: ListOptions & { status?: string; retailerId?: string },
) {
  const query = unchecked({ status: options.status, retailer_id: options.retailerId });
  await printList(
    ctx,
    '/v1/consignments',
    { query },
    options,
    CONSIGNMENT_COLUMNS,
    'No consignments.',
  );
}

export async function getConsignment(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  ctx.output.record(await client.get('/v1/consignments/{id}', { path: { id: id! } }));
}

interface CreateOptions {
  retailerId: string;
  reference?: string;
  carrier?: string;
  vehicle?: string;
  notes?: string;
  idempotencyKey?: string;
}

export async function createConsignment(ctx: CommandContext, options: CreateOptions) {
  const client = await ctx.client();
  const body = {
    retailer_id: options.retailerId,
    reference: options.reference,
    carrier: options.carrier,
    vehicle: options.vehicle,
    notes: options.notes,
  };
  ctx.output.record(
    await client.post('/v1/consignments', { body, idempotencyKey: options.idempotencyKey }),
  );
}

export async function closeConsignment(
  ctx: CommandContext,
  options: { force?: boolean; reason?: string },
  [id]: string[],
) {
  const client = await ctx.client();
  const body = options.force ? { force: true, reason: options.reason } : {};
  ctx.output.record(await client.post('/v1/consignments/{id}/close', { path: { id: id! }, body }));
}

export async function cancelConsignment(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  ctx.output.record(await client.post('/v1/consignments/{id}/cancel', { path: { id: id! } }));
}

export async function addHandlingUnit(
  ctx: CommandContext,
  options: { idempotencyKey?: string },
  [id]: string[],
) {
  const client = await ctx.client();
  ctx.output.record(
    await client.post('/v1/consignments/{id}/handling-units', {
      path: { id: id! },
      idempotencyKey: options.idempotencyKey,
    }),
  );
}

export async function deliveryNote(
  ctx: CommandContext,
  options: { output?: string },
  [id]: string[],
) {
  await saveDownload(
    ctx,
    '/v1/consignments/{id}/delivery-note',
    { path: { id: id! } },
    { output: options.output, binary: true, label: 'delivery note' },
  );
}

export async function ssccLabels(
  ctx: CommandContext,
  options: { format: 'pdf' | 'zpl'; dpi: string; output?: string },
  [id]: string[],
) {
  await saveDownload(
    ctx,
    '/v1/consignments/{id}/labels',
    { path: { id: id! }, query: unchecked({ format: options.format, dpi: options.dpi }) },
    { output: options.output, binary: options.format === 'pdf', label: 'SSCC labels' },
  );
}
