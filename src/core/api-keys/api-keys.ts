import { notFound } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import { hashToken, newToken } from '../../domain/tokens.js';
import * as apiKeys from '../../store/accounts/api-keys.repository.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import type { ApiKeyTable, DB } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';
import type { Transaction } from 'kysely';

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
  await apiKeys.insertApiKey(trx, row);
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
  const rows = await apiKeys.listApiKeys(ctx.db, factoryId, params);
  return toPage(rows, params, toView);
}

/** Revokes a key; revoking it again answers the first revocation. */
export function revokeApiKey(
  ctx: CoreContext,
  factoryId: string,
  id: string,
): Promise<{ id: string; object: 'api_key'; revoked_at: string }> {
  return transact(ctx, async (tx) => {
    const row = await apiKeys.apiKeyRevocationOf(tx.trx, factoryId, id);
    if (!row) throw notFound('API key', 'id', id);
    if (row.revoked_at) return { id, object: 'api_key', revoked_at: row.revoked_at };
    await apiKeys.revokeApiKey(tx.trx, id, tx.nowIso);
    return { id, object: 'api_key', revoked_at: tx.nowIso };
  });
}
