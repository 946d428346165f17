import { notFound } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import { hashToken, newToken } from '../../domain/tokens.js';
import { newestFirst, toPage, type Page, type PageParams } from '../../store/pagination.js';
import type { ApiKeyTable } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';
import type { Transaction } from 'kysely';
import type { DB } from '../../store/schema.js';

export interface ApiKeyView {
  id: string;
  object: 'api_key';
  name: string;
  last4: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface CreatedApiKey extends ApiKeyView {
  /** The plain key: returned this once, never stored. */
  key: string;
}

const toView = (row: ApiKeyTable): ApiKeyView => ({
  id: row.id,
  object: 'api_key',
  name: row.name,
  last4: row.last4,
  created_at: row.created_at,
  last_used_at: row.last_used_at,
  revoked_at: row.revoked_at,
});

/** Inserts a key inside an open transaction (factory set-up uses this too). */
export async function insertApiKey(
  trx: Transaction<DB>,
  factoryId: string,
  name: string,
  now: Date,
): Promise<CreatedApiKey> {
  const key = newToken('apiKey');
  const row: ApiKeyTable = {
    id: newId('apiKey', now),
    factory_id: factoryId,
    name,
    token_hash: hashToken(key),
    last4: key.slice(-4),
    created_at: now.toISOString(),
    last_used_at: null,
    revoked_at: null,
  };
  await trx.insertInto('api_keys').values(row).execute();
  return { ...toView(row), key };
}

export function createApiKey(
  ctx: CoreContext,
  factoryId: string,
  input: { name: string },
): Promise<CreatedApiKey> {
  return transact(ctx, (tx) => insertApiKey(tx.trx, factoryId, input.name.trim(), tx.now));
}

export async function listApiKeys(
  ctx: CoreContext,
  factoryId: string,
  params: PageParams,
): Promise<Page<ApiKeyView>> {
  const rows = await ctx.db
    .selectFrom('api_keys')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .$call(newestFirst(params))
    .execute();
  return toPage(rows, params, toView);
}

/** Revokes a key; revoking it again answers the first revocation. */
export function revokeApiKey(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<{ id: string; object: 'api_key'; revoked_at: string }> {
  return transact(ctx, async (tx) => {
    const row = await tx.trx
      .selectFrom('api_keys')
      .select(['id', 'revoked_at'])
      .where('factory_id', '=', factoryId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('API key', 'id', id);
    if (row.revoked_at) return { id, object: 'api_key', revoked_at: row.revoked_at };
    await tx.trx
      .updateTable('api_keys')
      .set({ revoked_at: tx.nowIso })
      .where('id', '=', id)
      .execute();
    return { id, object: 'api_key', revoked_at: tx.nowIso };
  });
}
