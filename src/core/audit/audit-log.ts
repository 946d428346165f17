import { AUDIT_GENESIS, auditHash, type AuditContent } from '../../domain/audit-chain.js';
import type { Db } from '../../store/database.js';
import {
  auditChainAfter,
  listAuditRows,
  type AuditFilters,
} from '../../store/audit/audit.repository.js';
import { toPage, type Page, type PageParams } from '../../store/pagination.js';
import type { AuditLogTable } from '../../store/schema.js';

/** An audit row as the API shows it (DESIGN §17). */
export interface AuditEntryView {
  id: string;
  object: 'audit_entry';
  seq: number;
  at: string;
  actor: AuditContent['actor'];
  action: string;
  target: AuditContent['target'];
  request_id: string | null;
  ip: string | null;
  changes: Record<string, unknown> | null;
  hash: string;
}

function contentOf(row: AuditLogTable): AuditContent {
  return {
    seq: Number(row.seq),
    id: row.id,
    at: row.at,
    factory_id: row.factory_id,
    actor: { type: row.actor_type, id: row.actor_id, name: row.actor_name },
    action: row.action,
    target: { type: row.target_type, id: row.target_id },
    request_id: row.request_id,
    ip: row.ip,
    changes: row.changes === null ? null : (JSON.parse(row.changes) as Record<string, unknown>),
  };
}

function viewOf(row: AuditLogTable): AuditEntryView {
  const c = contentOf(row);
  return {
    id: c.id,
    object: 'audit_entry',
    seq: c.seq,
    at: c.at,
    actor: c.actor,
    action: c.action,
    target: c.target,
    request_id: c.request_id,
    ip: c.ip,
    changes: c.changes,
    hash: row.hash,
  };
}

/** The factory's audit rows, newest first, filtered. */
export async function listAuditLog(
  ctx: { db: Db },
  factoryId: string,
  query: AuditFilters & PageParams,
): Promise<Page<AuditEntryView>> {
  const rows = await listAuditRows(ctx.db, factoryId, query, query);
  return toPage(rows, query, viewOf);
}

export type AuditVerdict =
  | { ok: true; rows: number; head: string | null }
  | {
      ok: false;
      rows: number;
      /** The first row that does not hold: edited, or the one after a deleted row. */
      broken: { id: string; seq: number; reason: 'edited' | 'missing_before' | 'relinked' };
      message: string;
    };

const WALK = 1000;

/**
 * Walks the whole chain in order and names the first row that breaks it: its content no longer
 * gives its hash (edited), a row before it is gone (its `seq` skips), or it does not follow the
 * previous row's hash. Deleting the newest rows leaves a shorter chain that holds; compare
 * `head` with one kept elsewhere to see that (docs/audit.md).
 */
export async function verifyAuditChain(ctx: { db: Db }): Promise<AuditVerdict> {
  let prev = { seq: 0, hash: AUDIT_GENESIS, id: null as string | null };
  let count = 0;
  for (;;) {
    const rows = await auditChainAfter(ctx.db, prev.seq, WALK);
    for (const row of rows) {
      const seq = Number(row.seq);
      const at = { id: row.id, seq };
      if (seq !== prev.seq + 1) {
        return {
          ok: false,
          rows: count,
          broken: { ...at, reason: 'missing_before' },
          message: `audit row ${seq - 1} is missing (deleted): the chain goes from ${prev.id ?? 'its start'} to ${row.id} (row ${seq})`,
        };
      }
      if (row.prev_hash !== prev.hash) {
        return {
          ok: false,
          rows: count,
          broken: { ...at, reason: 'relinked' },
          message: `audit row ${seq} (${row.id}) does not follow the row before it`,
        };
      }
      if (auditHash(row.prev_hash, contentOf(row)) !== row.hash) {
        return {
          ok: false,
          rows: count,
          broken: { ...at, reason: 'edited' },
          message: `audit row ${seq} (${row.id}) was edited: its content no longer gives its hash`,
        };
      }
      prev = { seq, hash: row.hash, id: row.id };
      count++;
    }
    if (rows.length < WALK) return { ok: true, rows: count, head: count ? prev.hash : null };
  }
}
