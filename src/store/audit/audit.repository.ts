import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../dialect.js';
import { newestFirst, type PageParams } from '../pagination.js';
import { PreparedQuery, type Param } from '../prepared-query.js';
import type { AuditLogTable, DB } from '../schema.js';
import { recallWriterMemo, rememberWriterMemo, WriterMemo } from '../sqlite-driver.js';

/** The audit trail's rows (DESIGN §17): appended in a change's transaction, never updated. */

/**
 * PostgreSQL: the advisory lock (namespace 'fdb1' as in postgres.ts, key 20) that makes appends
 * to the one chain take turns across every factoryd on the database. Write transactions already
 * take the write lock, which serialises them; this one keeps the chain linear by itself, whatever
 * becomes of that. (`seq` is unique too: a second row after the same one cannot commit.)
 */
const AUDIT_LOCK = CompiledQuery.raw('select pg_advisory_xact_lock(1717854769, 20)');

/** The chain's last row: the one every append follows (prepared: every change reads it). */
const lastLink = new PreparedQuery((db, _p: Param<Record<string, never>>) =>
  db.selectFrom('audit_log').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1),
);

export interface AuditLink {
  seq: number;
  hash: string;
}

/**
 * On SQLite, the chain's end as the last append left it (`WriterMemo`: kept when its transaction
 * commits, forgotten when another process commits to the file): reading it back cost a change
 * more than the rest of its row, its page being cold by the next change. `insertAuditRow` is
 * the only writer of `audit_log`, so the memo follows every append.
 */
const CHAIN_END = new WriterMemo<AuditLink | undefined>('audit chain end');

/** The chain's last row (seq and hash), or undefined when it is empty; taken in turn on PostgreSQL. */
export async function lastAuditLink(trx: Transaction<DB>): Promise<AuditLink | undefined> {
  if (dialectOf(trx) === 'postgres') await trx.executeQuery(AUDIT_LOCK);
  const remembered = recallWriterMemo(trx, CHAIN_END);
  if (remembered) return remembered;
  const row = await lastLink.first(trx, {});
  return row ? { seq: Number(row.seq), hash: row.hash } : undefined;
}

type AuditRowValues = { [K in keyof AuditLogTable]: AuditLogTable[K] };
const COLUMNS: (keyof AuditLogTable)[] = [
  'id',
  'seq',
  'factory_id',
  'at',
  'actor_type',
  'actor_id',
  'actor_name',
  'action',
  'target_type',
  'target_id',
  'request_id',
  'ip',
  'changes',
  'prev_hash',
  'hash',
];
const insertRow = new PreparedQuery((db, p: Param<AuditRowValues>) =>
  db
    .insertInto('audit_log')
    .values(Object.fromEntries(COLUMNS.map((c) => [c, p(c)])) as unknown as AuditLogTable),
);

/** Appends `row` to the chain (after `lastAuditLink`, in the same transaction). */
export async function insertAuditRow(trx: Transaction<DB>, row: AuditLogTable): Promise<void> {
  await insertRow.execute(trx, row);
  rememberWriterMemo(trx, CHAIN_END, { seq: Number(row.seq), hash: row.hash });
}

interface ActorKey {
  factoryId: string;
  id: string;
}
const ACTOR_NAMES = {
  api_key: new PreparedQuery((db, p: Param<ActorKey>) =>
    db
      .selectFrom('api_keys')
      .select(['name', 'name as email'])
      .where('factory_id', '=', p('factoryId'))
      .where('id', '=', p('id')),
  ),
  staff: new PreparedQuery((db, p: Param<ActorKey>) =>
    db
      .selectFrom('staff_users')
      .select(['name', 'email'])
      .where('factory_id', '=', p('factoryId'))
      .where('id', '=', p('id')),
  ),
  retailer_user: new PreparedQuery((db, p: Param<ActorKey>) =>
    db
      .selectFrom('retailer_users')
      .select(['name', 'email'])
      .where('factory_id', '=', p('factoryId'))
      .where('id', '=', p('id')),
  ),
};

/** The display name of an actor: a staff user's or retailer user's name (else e-mail), a key's name. */
export async function auditActorName(
  trx: Transaction<DB>,
  factoryId: string,
  type: 'staff' | 'api_key' | 'retailer_user',
  id: string,
): Promise<string | null> {
  const row = await ACTOR_NAMES[type].first(trx, { factoryId, id });
  return row ? row.name || row.email : null;
}

export interface AuditFilters {
  actor_id?: string | undefined;
  action?: string | undefined;
  target_id?: string | undefined;
  /** Rows at or after this instant (ISO 8601). */
  from?: string | undefined;
  /** Rows before this instant (ISO 8601). */
  to?: string | undefined;
}

/**
 * A page of a factory's rows, newest first (`toPage` makes the page); rows of scheduler runs that
 * span factories (no factory) are included. The factory's rows and those of no factory are read
 * apart, each newest first along the index, and merged: one query with `or` would sort every
 * row of the factory for each page.
 */
export async function listAuditRows(
  db: Kysely<DB>,
  factoryId: string,
  filters: AuditFilters,
  params: PageParams,
): Promise<AuditLogTable[]> {
  let q = db.selectFrom('audit_log').selectAll();
  if (filters.actor_id !== undefined) q = q.where('actor_id', '=', filters.actor_id);
  if (filters.action !== undefined) q = q.where('action', '=', filters.action);
  if (filters.target_id !== undefined) q = q.where('target_id', '=', filters.target_id);
  if (filters.from !== undefined) q = q.where('at', '>=', filters.from);
  if (filters.to !== undefined) q = q.where('at', '<', filters.to);
  const [own, shared] = await Promise.all([
    q.where('factory_id', '=', factoryId).$call(newestFirst(params)).execute(),
    q.where('factory_id', 'is', null).$call(newestFirst(params)).execute(),
  ]);
  if (shared.length === 0) return own;
  return [...own, ...shared]
    .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
    .slice(0, params.limit + 1);
}

/** Up to `limit` rows of the chain after `afterSeq`, in chain order (the verification's walk). */
export async function auditChainAfter(
  db: Kysely<DB>,
  afterSeq: number,
  limit: number,
): Promise<AuditLogTable[]> {
  const rows = await db
    .selectFrom('audit_log')
    .selectAll()
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, seq: Number(r.seq) }));
}
