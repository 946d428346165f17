import type { Command } from 'commander';
import type { CliIO } from './cli-io.js';
import { buildProgram } from './program.js';
import type { ActionFactory, RunFunction } from './commands/shared/action.js';
import type { GlobalFlags } from './context.js';
import { ApiError } from './errors.js';
import { ExitCode, exitCodeFor, isCommanderError } from './exit-codes.js';
import { colourEnabled, palette } from './output/colour.js';

/**
 * Runs one `factory` invocation and returns its exit code. `argv` holds the user's arguments only
 * (`process.argv.slice(2)`); every stream, the environment and the clock come from `io`.
 */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  let exitCode: number = ExitCode.ok;
  const action: ActionFactory = (load, pick) =>
    async function (this: Command) {
      // Loaded here, not at start-up: `factory --version` must not pay for undici.
      const { CommandContext } = await import('./context.js');
      const ctx = new CommandContext(io, this.optsWithGlobals<GlobalFlags>());
      try {
        const run = pick(await load()) as RunFunction<Record<string, unknown>>;
        const options = this.opts();
        const args = (this.processedArgs as unknown[]).flat() as string[];
        exitCode = (await run(ctx, options, args)) ?? ExitCode.ok;
      } finally {
        await ctx.close();
      }
    };

  const program = buildProgram({ io, action, nodeVersion: process.version });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (!isCommanderError(error)) reportError(error, io);
    return exitCodeFor(error);
  }
}

/** One line on stderr: `error: <message> (<code>, request <request_id>)`, plus CSV row problems. */
function reportError(error: unknown, io: CliIO): void {
  const style = palette(colourEnabled(io.stderr.isTTY, io.env));
  const prefix = style.red('error:');
  if (error instanceof ApiError) {
    const details = [error.code, error.requestId ? `request ${error.requestId}` : undefined];
    let text = `${prefix} ${error.message} (${details.filter(Boolean).join(', ')})\n`;
    // Which field was refused helps with a 400; on a 404 or 409 it only repeats the command line.
    if (error.status === 400 && error.param && !error.message.includes(error.param)) {
      text += `  field: ${error.param}\n`;
    }
    for (const item of error.errors ?? []) {
      const where = [
        item.row !== undefined ? `row ${item.row}` : undefined,
        item.column ? `column ${item.column}` : undefined,
      ].filter(Boolean);
      text += `  ${where.join(', ')}${where.length ? ': ' : ''}${item.message ?? ''}`;
      text += item.code ? ` (${item.code})\n` : '\n';
    }
    if (error.status === 401) {
      text += `  hint: check the API key, or run "factory login" again if the session expired\n`;
    }
    if (error.status === 429 && error.retryAfter) {
      text += `  hint: retry after ${error.retryAfter} s\n`;
    }
    io.stderr.write(text);
    return;
  }
  if (error instanceof Error) {
    io.stderr.write(`${prefix} ${error.message}\n`);
    if (io.env.FACTORY_DEBUG && error.stack) io.stderr.write(`${error.stack}\n`);
    return;
  }
  io.stderr.write(`${prefix} ${String(error)}\n`);
}
