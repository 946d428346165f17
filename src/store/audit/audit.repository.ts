import { sql, type Kysely, type Transaction } from 'kysely';
import { dialectOf } from '../dialect.js';
import { newestFirst, type PageParams } from '../pagination.js';
import type { AuditLogTable, DB } from '../schema.js';

/** The audit trail's rows (DESIGN §17): appended in a change's transaction, never updated. */

/**
 * PostgreSQL: the advisory lock (namespace 'fdb1' as in postgres.ts, key 20) that makes appends
 * to the one chain take turns across every factoryd on the database. Write transactions already
 * take the write lock, which serialises them; this one keeps the chain linear by itself, whatever
 * becomes of that. (`seq` is unique too: a second row after the same one cannot commit.)
 */
const AUDIT_LOCK = sql`select pg_advisory_xact_lock(${sql.lit(0x66646231)}, ${sql.lit(20)})`;

/** The chain's last row (seq and hash), or undefined when it is empty; taken in turn on PostgreSQL. */
export async function lastAuditLink(
  trx: Transaction<DB>,
): Promise<{ seq: number; hash: string } | undefined> {
  if (dialectOf(trx) === 'postgres') await AUDIT_LOCK.execute(trx);
  const row = await trx
    .selectFrom('audit_log')
    .select(['seq', 'hash'])
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { seq: Number(row.seq), hash: row.hash } : undefined;
}

export async function insertAuditRow(trx: Transaction<DB>, row: AuditLogTable): Promise<void> {
  await trx.insertInto('audit_log').values(row).execute();
}

/** The display name of an actor: a staff user's or retailer user's name (else e-mail), a key's name. */
export async function auditActorName(
  trx: Transaction<DB>,
  factoryId: string,
  type: 'staff' | 'api_key' | 'retailer_user',
  id: string,
): Promise<string | null> {
  if (type === 'api_key') {
    const row = await trx
      .selectFrom('api_keys')
      .select('name')
      .where('factory_id', '=', factoryId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.name ?? null;
  }
  const table = type === 'staff' ? 'staff_users' : 'retailer_users';
  const row = await trx
    .selectFrom(table)
    .select(['name', 'email'])
    .where('factory_id', '=', factoryId)
    .where('id', '=', id)
    .executeTakeFirst();
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
 * span factories (no factory) are included.
 */
export function listAuditRows(
  db: Kysely<DB>,
  factoryId: string,
  filters: AuditFilters,
  params: PageParams,
): Promise<AuditLogTable[]> {
  let q = db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) => eb.or([eb('factory_id', '=', factoryId), eb('factory_id', 'is', null)]));
  if (filters.actor_id !== undefined) q = q.where('actor_id', '=', filters.actor_id);
  if (filters.action !== undefined) q = q.where('action', '=', filters.action);
  if (filters.target_id !== undefined) q = q.where('target_id', '=', filters.target_id);
  if (filters.from !== undefined) q = q.where('at', '>=', filters.from);
  if (filters.to !== undefined) q = q.where('at', '<', filters.to);
  return q.$call(newestFirst(params)).execute();
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
