import type { Transaction } from 'kysely';
import { API_KEY_SCOPES, isApiKeyScope, type ApiKeyScope } from '../../domain/api-key-scopes.js';
import { DAY } from '../../domain/clock.js';
import { AppError, invalid, notFound } from '../../domain/errors.js';
import { newId } from '../../domain/ids.js';
import { hashToken, newToken } from '../../domain/tokens.js';
import * as apiKeys from '../../store/accounts/api-keys.repository.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import type { ApiKeyTable, DB } from '../../store/schema.js';
import type { CoreContext } from '../context.js';
import { transact } from '../transaction.js';

export interface ApiKeyView {
  id: string;
  object: 'api_key';
  name: string;
  last4: string;
  scopes: ApiKeyScope[];
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  revoked_at: string | null;
}

export interface CreatedApiKey extends ApiKeyView {
  /** The plain key: returned this once, never stored. */
  key: string;
}

export interface NewApiKey {
  name: string;
  /** Default `["admin"]`, what every key could do before scopes. */
  scopes?: readonly string[] | undefined;
  /** When the key stops working by itself; none = never. */
  expires_at?: string | null | undefined;
}

/** The overlap a roll gives the old key unless asked otherwise, and the longest one. */
export const ROLL_OVERLAP_SECONDS = 24 * 3600;
export const MAX_ROLL_OVERLAP_SECONDS = (30 * DAY) / 1000;

const toView = (row: ApiKeyTable): ApiKeyView => ({
  id: row.id,
  object: 'api_key',
  name: row.name,
  last4: row.last4,
  scopes: parseScopes(row.scopes),
  created_at: row.created_at,
  last_used_at: row.last_used_at,
  expires_at: row.expires_at,
  revoked_at: row.revoked_at,
});

/** A key's stored scopes (a JSON array), unknown ones dropped. */
export function parseScopes(stored: string): ApiKeyScope[] {
  return (JSON.parse(stored) as string[]).filter(isApiKeyScope);
}

/** Known scopes, at least one, each once, in the order of API_KEY_SCOPES. */
function checkScopes(scopes: readonly string[] | undefined): ApiKeyScope[] {
  if (scopes === undefined) return ['admin'];
  if (scopes.length === 0) throw invalid('scopes', 'scopes must list at least one scope.');
  scopes.forEach((scope, i) => {
    if (!isApiKeyScope(scope)) {
      throw invalid(
        `scopes.${i}`,
        `"${scope}" is not a scope; one of: ${API_KEY_SCOPES.join(', ')}.`,
      );
    }
  });
  return API_KEY_SCOPES.filter((scope) => scopes.includes(scope));
}

function checkExpiry(expiresAt: string | null | undefined, now: Date): string | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  const at = Date.parse(expiresAt);
  if (at <= now.getTime()) throw invalid('expires_at', 'expires_at must be in the future.');
  return new Date(at).toISOString();
}

/** Inserts a key inside an open transaction (factory set-up uses this too). */
export async function insertApiKey(
  trx: Transaction<DB>,
  factoryId: string,
  name: string,
  now: Date,
  options: { scopes?: readonly ApiKeyScope[]; expiresAt?: string | null } = {},
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
    scopes: JSON.stringify(options.scopes ?? ['admin']),
    expires_at: options.expiresAt ?? null,
  };
  await apiKeys.insertApiKey(trx, row);
  return { ...toView(row), key };
}

export function createApiKey(
  ctx: CoreContext,
  factoryId: string,
  input: NewApiKey,
): Promise<CreatedApiKey> {
  const scopes = checkScopes(input.scopes);
  return transact(ctx, (tx) =>
    insertApiKey(tx.trx, factoryId, input.name.trim(), tx.now, {
      scopes,
      expiresAt: checkExpiry(input.expires_at, tx.now),
    }),
  );
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

export interface RolledApiKey extends CreatedApiKey {
  /** The key rolled, with the `expires_at` its overlap gave it. */
  previous: ApiKeyView;
}

/**
 * Rolls a key: a new key with the same name and scopes (and `expires_at`, if asked), returned
 * once; the old one keeps working for `overlap_seconds` (default 24 h, 0 = stops now, 30 days
 * at most) — or until its own earlier expiry — so programs can be switched over without a gap.
 * A revoked or expired key cannot be rolled (409 `api_key_inactive`).
 */
export function rollApiKey(
  ctx: CoreContext,
  factoryId: string,
  id: string,
  input: { overlap_seconds?: number | undefined; expires_at?: string | null | undefined },
): Promise<RolledApiKey> {
  const overlap = input.overlap_seconds ?? ROLL_OVERLAP_SECONDS;
  return transact(ctx, async (tx) => {
    const old = await apiKeys.apiKeyOf(tx.trx, factoryId, id);
    if (!old) throw notFound('API key', 'id', id);
    if (old.revoked_at || (old.expires_at && Date.parse(old.expires_at) <= tx.now.getTime())) {
      throw new AppError('api_key_inactive');
    }
    const overlapEnd = tx.now.getTime() + overlap * 1000;
    const oldExpiresAt = new Date(
      old.expires_at ? Math.min(Date.parse(old.expires_at), overlapEnd) : overlapEnd,
    ).toISOString();
    await apiKeys.setApiKeyExpiry(tx.trx, id, oldExpiresAt);
    const created = await insertApiKey(tx.trx, factoryId, old.name, tx.now, {
      scopes: parseScopes(old.scopes),
      expiresAt: checkExpiry(input.expires_at, tx.now),
    });
    return { ...created, previous: toView({ ...old, expires_at: oldExpiresAt }) };
  });
}
