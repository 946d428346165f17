import { unchecked } from '../../api-client.js';
import type { Item } from '../../api-types.js';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Column } from '../../output/table.js';
import { printList } from '../shared/list.js';
import type { ListOptions } from '../shared/list.js';
import { printResult } from '../shared/result.js';

const PRINTER_COLUMNS: Column<Item<'/v1/printers'>>[] = [
  { header: 'id', value: (printer) => printer.id, keep: true },
  { header: 'name', value: (printer) => printer.name },
  { header: 'language', value: (printer) => printer.language },
  { header: 'state', value: (printer) => printer.state },
  { header: 'reasons', value: (printer) => printer.state_reasons },
  { header: 'uri', value: (printer) => printer.uri },
  { header: 'last seen', value: (printer) => printer.last_seen_at },
];

export async function listPrinters(ctx: CommandContext, options: ListOptions) {
  await printList(ctx, '/v1/printers', {}, options, PRINTER_COLUMNS, 'No printers.');
}

export async function getPrinter(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  ctx.output.record(await client.get('/v1/printers/{id}', { path: { id: id! } }));
}

interface AddOptions {
  language: 'zpl' | 'pdf';
  uri: string;
  dpi?: string;
}

export async function addPrinter(ctx: CommandContext, options: AddOptions, [name]: string[]) {
  const client = await ctx.client();
  const body = {
    name,
    language: options.language,
    uri: options.uri,
    dpi: options.dpi === undefined ? undefined : Number(options.dpi),
  };
  ctx.output.record(await client.post('/v1/printers', { body: unchecked(body) }));
}

interface UpdateOptions {
  name?: string;
  uri?: string;
  language?: string;
  dpi?: string;
}

export async function updatePrinter(ctx: CommandContext, options: UpdateOptions, [id]: string[]) {
  const body = {
    name: options.name,
    uri: options.uri,
    language: options.language,
    dpi: options.dpi === undefined ? undefined : Number(options.dpi),
  };
  if (Object.values(body).every((value) => value === undefined)) {
    throw new UsageError('nothing to change: give --name, --uri, --language or --dpi');
  }
  const client = await ctx.client();
  ctx.output.record(
    await client.patch('/v1/printers/{id}', { path: { id: id! }, body: unchecked(body) }),
  );
}

export async function removePrinter(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  const deleted = await client.delete('/v1/printers/{id}', { path: { id: id! } });
  printResult(ctx, deleted, `Removed ${id}; its queued jobs are cancelled.`);
}

export async function testPrinter(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  const job = await client.post('/v1/print-jobs', {
    body: unchecked({ printer_id: id, test_label: true }),
  });
  printResult(ctx, job, `Queued the test label as ${job.id} on ${id}.`);
}
