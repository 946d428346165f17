import { unchecked } from '../../api-client.js';
import type { CommandContext } from '../../context.js';
import { parseAssignments } from '../shared/input.js';

export async function getSso(ctx: CommandContext) {
  const client = await ctx.client();
  ctx.output.record(await client.get('/v1/sso'));
}

export async function setSso(ctx: CommandContext, _options: unknown, pairs: string[]) {
  const changes = parseAssignments(pairs);
  const client = await ctx.client();
  ctx.output.record(await client.patch('/v1/sso', { body: unchecked(changes) }));
}

export async function removeSso(ctx: CommandContext) {
  const client = await ctx.client();
  ctx.output.record(await client.delete('/v1/sso'));
}
