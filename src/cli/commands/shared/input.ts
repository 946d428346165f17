import { readFile } from 'node:fs/promises';
import type { CommandContext } from '../../context.js';
import { UsageError } from '../../errors.js';
import { readAll } from '../../prompt.js';

/** The bytes of a file argument, where `-` means stdin (refused when stdin is a terminal). */
export async function readFileArgument(ctx: CommandContext, path: string): Promise<Buffer> {
  if (path === '-') {
    if (ctx.io.stdin.isTTY) {
      throw new UsageError('"-" reads stdin, but stdin is a terminal: pipe the file in');
    }
    return readAll(ctx.io.stdin);
  }
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new UsageError(`cannot read ${path}: ${reason}`);
  }
}

/** A JSON document from a file argument or stdin. */
export async function readJsonArgument(ctx: CommandContext, path: string): Promise<unknown> {
  const text = (await readFileArgument(ctx, path)).toString('utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `${path === '-' ? 'stdin' : path} is not valid JSON: ${(error as Error).message}`,
    );
  }
}

/**
 * `key=value` pairs into an object. Values that read as JSON (numbers, true, false, null, arrays,
 * objects) are sent as such; anything else is a string. Dotted keys make nested objects.
 */
export function parseAssignments(pairs: string[]): Record<string, unknown> {
  if (pairs.length === 0) throw new UsageError('give at least one key=value');
  const result: Record<string, unknown> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`"${pair}" is not key=value`);
    const path = pair.slice(0, at).split('.');
    let target = result;
    for (const key of path.slice(0, -1)) {
      const next = target[key];
      target = (typeof next === 'object' && next !== null ? next : (target[key] = {})) as Record<
        string,
        unknown
      >;
    }
    target[path[path.length - 1]!] = parseValue(pair.slice(at + 1));
  }
  return result;
}

function parseValue(text: string): unknown {
  if (/^(-?\d+(\.\d+)?|true|false|null|\[.*\]|\{.*\})$/s.test(text.trim())) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
