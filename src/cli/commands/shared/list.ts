import type { Command } from 'commander';
import type { CallOptions } from '../../api-client.js';
import type { Item, ListPaths } from '../../api-types.js';
import type { CommandContext } from '../../context.js';
import type { Column } from '../../output/table.js';
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
export async function printList<P extends ListPaths>(
  ctx: CommandContext,
  path: P,
  call: CallOptions<P, 'get'>,
  options: ListOptions,
  columns?: Column<Item<P>>[],
  empty?: string,
): Promise<void> {
  const client = await ctx.client();
  if (options.all) {
    const items: Item<P>[] = [];
    const window = { limit: options.limit, starting_after: options.startingAfter };
    for await (const item of client.paginate(path, call, window)) items.push(item);
    ctx.output.list(items, columns, empty);
    return;
  }
  const window = { limit: options.limit, starting_after: options.startingAfter };
  const page = await client.page(path, call, window);
  ctx.output.list(page.data, columns, empty);
  if (page.has_more && page.next_cursor) {
    ctx.output.notice(
      ctx.output.errStyle.dim(
        `More records: add --all, or --starting-after ${page.next_cursor} for the next page.`,
      ),
    );
  }
}
