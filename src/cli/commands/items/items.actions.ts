import { unchecked } from '../../api-client.js';
import type { CommandContext } from '../../context.js';
import { saveDownload } from '../shared/download.js';

export async function voidItem(
  ctx: CommandContext,
  options: { reason?: string },
  [barcode]: string[],
) {
  const client = await ctx.client();
  const voided = await client.post('/v1/items/{barcode}/void', {
    path: { barcode: barcode! },
    body: { reason: options.reason },
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
    '/v1/items/{barcode}/label',
    {
      path: { barcode: barcode! },
      query: unchecked({ format: options.format, dpi: options.dpi }),
    },
    { output: options.output, binary: options.format === 'pdf', label: 'label' },
  );
}
