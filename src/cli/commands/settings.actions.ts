import type { CommandContext } from '../context.js';
import { parseAssignments } from './input.js';

type Row = Record<string, unknown>;

export async function getSettings(ctx: CommandContext) {
  const client = await ctx.client();
  ctx.output.record(await client.get<Row>('/v1/settings'));
}

export async function setSettings(ctx: CommandContext, _options: unknown, pairs: string[]) {
  const changes = parseAssignments(pairs);
  const client = await ctx.client();
  ctx.output.record(await client.patch<Row>('/v1/settings', changes));
}
