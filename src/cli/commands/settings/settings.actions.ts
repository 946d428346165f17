import { unchecked } from '../../api-client.js';
import type { CommandContext } from '../../context.js';
import { parseAssignments } from '../shared/input.js';

export async function getSettings(ctx: CommandContext) {
  const client = await ctx.client();
  ctx.output.record(await client.get('/v1/settings'));
}

export async function setSettings(ctx: CommandContext, _options: unknown, pairs: string[]) {
  const changes = parseAssignments(pairs);
  const client = await ctx.client();
  ctx.output.record(await client.patch('/v1/settings', { body: unchecked(changes) }));
}
