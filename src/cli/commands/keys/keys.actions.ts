import type { Item } from '../../api-types.js';
import type { CommandContext } from '../../context.js';
import type { Column } from '../../output/table.js';
import { printList } from '../shared/list.js';
import type { ListOptions } from '../shared/list.js';
import { printResult } from '../shared/result.js';
import { parseExpiry, parseOverlap, parseScopes } from './key-expiry.js';

const KEY_COLUMNS: Column<Item<'/v1/api-keys'>>[] = [
  { header: 'id', value: (key) => key.id, keep: true },
  { header: 'name', value: (key) => key.name },
  { header: 'ends with', value: (key) => (key.last4 ? `…${key.last4}` : null) },
  { header: 'scopes', value: (key) => key.scopes.join(',') },
  { header: 'created', value: (key) => key.created_at },
  { header: 'last used', value: (key) => key.last_used_at },
  { header: 'expires', value: (key) => key.expires_at },
  { header: 'revoked', value: (key) => key.revoked_at },
];

const SHOWN_ONCE =
  'The key is shown only this once: store it now. Lost keys cannot be recovered, only revoked.';

export async function listKeys(ctx: CommandContext, options: ListOptions) {
  await printList(ctx, '/v1/api-keys', {}, options, KEY_COLUMNS, 'No API keys.');
}

export async function createKey(
  ctx: CommandContext,
  options: { name: string; scope?: string[]; expires?: string; idempotencyKey?: string },
) {
  const scopes = options.scope === undefined ? undefined : parseScopes(options.scope);
  const expiresAt =
    options.expires === undefined ? undefined : parseExpiry(options.expires, ctx.now());
  const client = await ctx.client();
  const key = await client.post('/v1/api-keys', {
    body: {
      name: options.name,
      ...(scopes ? { scopes } : {}),
      ...(expiresAt ? { expires_at: expiresAt } : {}),
    },
    idempotencyKey: options.idempotencyKey,
  });
  ctx.output.record(key);
  ctx.output.notice(ctx.output.errStyle.yellow(SHOWN_ONCE));
}

export async function rollKey(
  ctx: CommandContext,
  options: { overlap?: string; expires?: string; idempotencyKey?: string },
  [id]: string[],
) {
  const overlap = options.overlap === undefined ? undefined : parseOverlap(options.overlap);
  const expiresAt =
    options.expires === undefined ? undefined : parseExpiry(options.expires, ctx.now());
  const client = await ctx.client();
  const rolled = await client.post('/v1/api-keys/{id}/roll', {
    path: { id: id! },
    body: {
      ...(overlap === undefined ? {} : { overlap_seconds: overlap }),
      ...(expiresAt ? { expires_at: expiresAt } : {}),
    },
    idempotencyKey: options.idempotencyKey,
  });
  ctx.output.record(rolled);
  ctx.output.notice(
    `${id} keeps working until ${rolled.previous.expires_at ?? 'revoked'}: switch to the new key before then.`,
  );
  ctx.output.notice(ctx.output.errStyle.yellow(SHOWN_ONCE));
}

export async function revokeKey(ctx: CommandContext, _options: unknown, [id]: string[]) {
  const client = await ctx.client();
  const revoked = await client.delete('/v1/api-keys/{id}', { path: { id: id! } });
  printResult(ctx, revoked, `Revoked ${id}.`);
}
