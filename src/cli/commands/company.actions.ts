import type { CommandContext } from '../context.js';
import { parseAssignments } from './input.js';

type Row = Record<string, unknown>;

/**
 * PATCH /v1/company needs these three every time; `set` fills them from the current record so a
 * person can change one field at a time. Unknown fields go through and the server refuses them.
 */
const ALWAYS_SENT = ['company', 'name', 'legal_name'];

export async function getCompany(ctx: CommandContext) {
  const client = await ctx.client();
  ctx.output.record(await client.get<Row>('/v1/company'));
}

export async function setCompany(ctx: CommandContext, _options: unknown, pairs: string[]) {
  const changes = parseAssignments(pairs);
  const client = await ctx.client();
  const current = await client.get<Row>('/v1/company');
  const body: Row = {};
  for (const field of ALWAYS_SENT) body[field] = current[field];
  for (const [field, value] of Object.entries(changes)) {
    if (field === 'address' && isObject(value)) {
      // One address field changed must not drop the others.
      body.address = { ...(isObject(current.address) ? current.address : {}), ...value };
    } else {
      body[field] = value;
    }
  }
  ctx.output.record((await client.patch<Row>('/v1/company', body)) ?? body);
}

function isObject(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
