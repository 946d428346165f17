import {
  AUDIT_GENESIS,
  auditHash,
  canonicalJson,
  type AuditContent,
} from '../../domain/audit-chain.js';
import { newId } from '../../domain/ids.js';
import {
  auditActorName,
  type AuditLink,
  insertAuditRow,
  lastAuditLink,
} from '../../store/audit/audit.repository.js';
import type { Transaction } from 'kysely';
import type { DB } from '../../store/schema.js';
import type { AuditRequest } from './audit-scope.js';

/** The `id` of a use case's result, when it is a record with one. */
function idOf(result: unknown): string | null {
  if (result === null || typeof result !== 'object') return null;
  const id = (result as { id?: unknown }).id;
  return typeof id === 'string' ? id : null;
}

/**
 * Appends the change's row to the chain inside its transaction, just before it commits: after
 * the chain's last row (taken in turn across processes), its hash covering its content and that
 * row's hash.
 */
/** What of a use case's transaction an append needs (core's `Tx` is one). */
export interface AuditTx {
  trx: Transaction<DB>;
  now: Date;
  nowIso: string;
}

export async function appendAuditRow(
  tx: AuditTx,
  request: AuditRequest,
  result: unknown,
): Promise<AuditLink> {
  const last = await lastAuditLink(tx.trx);
  const { actor, factoryId } = request;
  const name =
    actor.name ??
    (actor.type !== 'system' && actor.id !== null && factoryId !== null
      ? await auditActorName(tx.trx, factoryId, actor.type, actor.id)
      : null);
  const content: AuditContent = {
    seq: (last?.seq ?? 0) + 1,
    id: newId('audit', tx.now),
    at: tx.nowIso,
    factory_id: factoryId,
    actor: { type: actor.type, id: actor.id, name },
    action: request.action,
    target: { type: request.target.type, id: request.target.id ?? idOf(result) },
    request_id: request.requestId,
    ip: request.ip,
    changes: request.changesOf ? request.changesOf(result) : request.changes,
  };
  const prevHash = last?.hash ?? AUDIT_GENESIS;
  // Kept as hashed: canonical JSON (one writing serves both).
  const changes = content.changes === null ? null : canonicalJson(content.changes);
  const hash = auditHash(prevHash, content, changes ?? 'null');
  await insertAuditRow(tx.trx, {
    id: content.id,
    seq: content.seq,
    factory_id: content.factory_id,
    at: content.at,
    actor_type: content.actor.type,
    actor_id: content.actor.id,
    actor_name: content.actor.name,
    action: content.action,
    target_type: content.target.type,
    target_id: content.target.id,
    request_id: content.request_id,
    ip: content.ip,
    changes,
    prev_hash: prevHash,
    hash,
  });
  return { seq: content.seq, hash };
}
