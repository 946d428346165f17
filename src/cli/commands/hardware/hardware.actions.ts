import { unchecked } from '../../api-client.js';
import type { CommandContext } from '../../context.js';
import { saveDownload } from '../shared/download.js';

interface TestLabelOptions {
  format: 'pdf' | 'zpl';
  dpi: string;
  output?: string;
}

export async function testLabel(ctx: CommandContext, options: TestLabelOptions) {
  await saveDownload(
    ctx,
    '/v1/hardware/test-label',
    { query: unchecked({ format: options.format, dpi: options.dpi }) },
    { output: options.output, binary: options.format === 'pdf', label: 'test label' },
  );
}
