import { unchecked } from '../../api-client.js';
import type { Item } from '../../api-types.js';
import type { CommandContext } from '../../context.js';
import type { Column } from '../../output/table.js';
import { printList } from '../shared/list.js';
import type { ListOptions } from '../shared/list.js';
import { printResult } from '../shared/result.js';

const JOB_COLUMNS: Column<Item<'/v1/print-jobs'>>[] = [
  { header: 'id', value: (job) => job.id, keep: true },
  { header: 'status', value: (job) => job.status },
  { header: 'waits for', value: (job) => job.held_reason },
  { header: 'labels', value: (job) => job.labels },
  { header: 'order', value: (job) => job.order_id ?? job.source },
  { header: 'printer', value: (job) => job.printer_id },
  { header: 'error', value: (job) => job.error },
  { header: 'created', value: (job) => job.created_at },
];

interface OrderOptions {
  printer: string;
  pieces: 'all' | 'unprinted';
}

export async function printOrder(ctx: CommandContext, options: OrderOptions, [order]: string[]) {
  const client = await ctx.client();
  const job = await client.post('/v1/print-jobs', {
    body: unchecked({ printer_id: options.printer, order_id: order, pieces: options.pieces }),
  });
  printResult(ctx, job, `Queued ${job.labels} label(s) as ${job.id} on ${options.printer}.`);
}

interface JobsOptions extends ListOptions {
  printer?: string;
  status?: string;
}

export async function listJobs(ctx: CommandContext, options: JobsOptions) {
  const query = { printer_id: options.printer, status: options.status };
  await printList(
    ctx,
    '/v1/print-jobs',
    { query: unchecked(query) },
    options,
    JOB_COLUMNS,
    'No print jobs.',
  );
}

export async function cancelJob(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  const job = await client.post('/v1/print-jobs/{id}/cancel', { path: { id: id! } });
  printResult(ctx, job, `Cancelled ${id}.`);
}

export async function retryJob(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  const job = await client.post('/v1/print-jobs/{id}/retry', { path: { id: id! } });
  printResult(ctx, job, `Queued ${id} again.`);
}
