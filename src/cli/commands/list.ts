import type { Command } from 'commander';
import type { Query } from '../api-client.js';
import type { CommandContext } from '../context.js';
import type { Column } from '../output/table.js';
import { integerIn } from './help-text.js';

export interface ListOptions {
  limit?: number;
  startingAfter?: string;
  all?: boolean;
}

/** `--limit`, `--starting-after` and `--all`, the same on every list command. */
export function addListOptions(command: Command): Command {
  return command
    .option('--limit <n>', 'records per page, 1-100 (default: the server’s, 20)', integerIn(1, 100))
    .option('--starting-after <cursor>', 'start after this cursor (next_cursor of a page)')
    .option('--all', 'follow every page and print all records');
}

/**
 * Prints a list endpoint: one page, or with `--all` every page (as one JSON array when piped).
 * When more pages exist a person is told how to get them; a pipeline's stdout stays pure JSON.
 */
export async function printList<T extends object>(
  ctx: CommandContext,
  path: string,
  query: Query,
  options: ListOptions,
  columns?: Column<T>[],
  empty?: string,
): Promise<void> {
  const client = await ctx.client();
  if (options.all) {
    const items: T[] = [];
    const pages = client.paginate<T>(
      path,
      { ...query, starting_after: options.startingAfter },
      options.limit,
    );
    for await (const item of pages) items.push(item);
    ctx.output.list(items, columns, empty);
    return;
  }
  const page = await client.page<T>(path, {
    ...query,
    limit: options.limit,
    starting_after: options.startingAfter,
  });
  ctx.output.list(page.data, columns, empty);
  if (page.has_more && page.next_cursor) {
    ctx.output.notice(
      ctx.output.errStyle.dim(
        `More records: add --all, or --starting-after ${page.next_cursor} for the next page.`,
      ),
    );
  }
}
