import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';

export async function openTui(ctx: CommandContext) {
  if (!ctx.io.stdout.isTTY || !ctx.io.stdin.isTTY) {
    throw new UsageError('the terminal UI needs a terminal; use the other commands in scripts');
  }
  const tuiContext = await ctx.tuiContext();
  // Ink draws only a final frame when the environment says CI (CI or CONTINUOUS_INTEGRATION),
  // and reads that when it loads. The terminal UI runs only on a terminal (checked above), which
  // is interactive whatever those variables say, so they must not reach Ink.
  for (const name of ['CI', 'CONTINUOUS_INTEGRATION']) delete process.env[name];
  // Ink and React are loaded only for this command.
  const { runTui } = await import('../../tui/run.js');
  return runTui(tuiContext);
}
