import { segment } from '../api-client.js';
import type { CommandContext } from '../context.js';
import { saveDownload } from './download.js';

type Row = Record<string, unknown>;

export async function voidItem(
  ctx: CommandContext,
  options: { reason?: string },
  [barcode]: string[],
) {
  const client = await ctx.client();
  const voided = await client.post<Row>(`/v1/items/${segment(barcode!)}/void`, {
    reason: options.reason,
  });
  ctx.output.record(voided);
}

interface LabelOptions {
  format: 'pdf' | 'zpl';
  dpi?: string;
  output?: string;
}

export async function itemLabel(ctx: CommandContext, options: LabelOptions, [barcode]: string[]) {
  await saveDownload(
    ctx,
    `/v1/items/${segment(barcode!)}/label`,
    { format: options.format, dpi: options.dpi },
    { output: options.output, binary: options.format === 'pdf', label: 'label' },
  );
}
