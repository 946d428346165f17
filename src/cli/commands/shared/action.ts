import type { CommandContext } from '../../context.js';

/**
 * A command's run function: gets the invocation's context, the command's own options and its
 * positional arguments (variadic ones flattened). Returns an exit code, or nothing for success.
 */
export type RunFunction<Options = Record<string, unknown>> = (
  ctx: CommandContext,
  options: Options,
  args: string[],
) => Promise<number | void>;

/**
 * Makes a commander action that loads a command's module only when that command runs, so that
 * registering every command at start-up costs nothing but the definitions themselves.
 */
export type ActionFactory = <Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => RunFunction<never>,
) => (...args: unknown[]) => Promise<void>;
