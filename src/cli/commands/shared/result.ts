import type { CommandContext } from '../../context.js';

/**
 * Prints what a change answered: the record, or when the server answered with no body, a
 * confirmation for a person (and `{}` in JSON, so a pipeline still gets a document).
 */
export function printResult(ctx: CommandContext, result: unknown, confirmation: string): void {
  if (result !== undefined && result !== null && typeof result === 'object') {
    ctx.output.record(result);
    return;
  }
  if (ctx.output.json) ctx.output.writeJson({});
  else ctx.output.write(`${ctx.output.style.green('✓')} ${confirmation}\n`);
}
