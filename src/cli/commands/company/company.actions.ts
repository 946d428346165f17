import { unchecked } from '../../api-client.js';
import type { CommandContext } from '../../context.js';
import { parseAssignments } from '../shared/input.js';

export async function getCompany(ctx: CommandContext) {
  const client = await ctx.client();
  ctx.output.record(await client.get('/v1/company'));
}

/**
 * PATCH /v1/company needs `company`, `name` and `legal_name` every time; `set` fills them from
 * the current record so a person can change one field at a time. Unknown fields go through and
 * the server refuses them.
 */
export async function setCompany(ctx: CommandContext, _options: unknown, pairs: string[]) {
  const changes = parseAssignments(pairs);
  const client = await ctx.client();
  const current = await client.get('/v1/company');
  const body: Record<string, unknown> = {
    company: current.company,
    name: current.name,
    legal_name: current.legal_name,
  };
  for (const [field, value] of Object.entries(changes)) {
    // One address field changed must not drop the others.
    body[field] = field === 'address' && isObject(value) ? { ...current.address, ...value } : value;
  }
  ctx.output.record(await client.patch('/v1/company', { body: unchecked(body) }));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
