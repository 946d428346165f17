import type { CommandContext } from '../context.js';
import { UsageError } from '../errors.js';

export async function openTui(ctx: CommandContext) {
  if (!ctx.io.stdout.isTTY || !ctx.io.stdin.isTTY) {
    throw new UsageError('the terminal UI needs a terminal; use the other commands in scripts');
  }
  const tuiContext = await ctx.tuiContext();
  // Ink and React are loaded only for this command.
  const { runTui } = await import('../tui/run.js');
  return runTui(tuiContext);
}
