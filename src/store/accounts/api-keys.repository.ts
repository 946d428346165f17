import type { Kysely, Transaction } from 'kysely';
import { newestFirst, type PageParams } from '../pagination.js';
import { PreparedQuery, type Param } from '../prepared-query.js';
import type { ApiKeyTable, DB } from '../schema.js';

/** API keys: who calls the factory from a program (DESIGN §4). */

/**
 * Writes a key. A key of the default scope and no expiry is written without those columns
 * (their defaults), as keys were before they existed: creating a factory works on a database a
 * migration behind, as the migration tests do.
 */
export async function insertApiKey(trx: Transaction<DB>, row: ApiKeyTable): Promise<void> {
  const { scopes, expires_at, ...always } = row;
  await trx
    .insertInto('api_keys')
    .values({
      ...always,
      ...(scopes === DEFAULT_SCOPES ? {} : { scopes }),
      ...(expires_at === null ? {} : { expires_at }),
    } as ApiKeyTable)
    .execute();
}

/** The stored scopes of a key that may do everything (the column's default). */
const DEFAULT_SCOPES = '["admin"]';

/** A page of a factory's keys, newest first (`toPage` makes the page). */
export function listApiKeys(
  db: Kysely<DB>,
  factoryId: string,
  params: PageParams,
): Promise<ApiKeyTable[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .$call(newestFirst(params))
    .execute();
}

/** A key of the factory and when it was revoked, if it was. */
export function apiKeyRevocationOf(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<{ id: string; revoked_at: string | null } | undefined> {
  return db
    .selectFrom('api_keys')
    .select(['id', 'revoked_at'])
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function revokeApiKey(trx: Transaction<DB>, id: string, at: string): Promise<void> {
  await trx.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).execute();
}

/** A key of the factory; undefined when there is none. */
export function apiKeyOf(
  db: Kysely<DB>,
  factoryId: string,
  id: string,
): Promise<ApiKeyTable | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Sets when a key stops working by itself. */
export async function setApiKeyExpiry(
  trx: Transaction<DB>,
  id: string,
  expiresAt: string | null,
): Promise<void> {
  await trx.updateTable('api_keys').set({ expires_at: expiresAt }).where('id', '=', id).execute();
}

/** A key's id and name; throws when there is none. */
export function apiKeyNameOf(db: Kysely<DB>, id: string): Promise<{ id: string; name: string }> {
  return db
    .selectFrom('api_keys')
    .select(['id', 'name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

// Every request looks its token up: the lookup and the touch are prepared once.

const liveApiKeyByHash = new PreparedQuery((db, p: Param<{ hash: string }>) =>
  db
    .selectFrom('api_keys')
    .select(['id', 'factory_id', 'name', 'last_used_at', 'scopes', 'expires_at'])
    .where('token_hash', '=', p('hash'))
    .where('revoked_at', 'is', null),
);

const touchApiKeyQuery = new PreparedQuery((db, p: Param<{ id: string; at: string }>) =>
  db
    .updateTable('api_keys')
    .set({ last_used_at: p('at') })
    .where('id', '=', p('id')),
);

/** The unrevoked key whose token hashes to `hash` (its expiry is the caller's to check). */
export function liveApiKeyOfHash(
  db: Kysely<DB>,
  hash: string,
): Promise<
  | {
      id: string;
      factory_id: string;
      name: string;
      last_used_at: string | null;
      scopes: string;
      expires_at: string | null;
    }
  | undefined
> {
  return liveApiKeyByHash.first(db, { hash });
}

export async function touchApiKey(db: Kysely<DB>, id: string, at: string): Promise<void> {
  await touchApiKeyQuery.execute(db, { id, at });
}
