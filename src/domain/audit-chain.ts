import { hash } from 'node:crypto';

/**
 * The audit trail's rules (DESIGN §17): who may appear as an actor, how a row's hash covers its
 * content and the previous row's hash, and which changed fields are never written down.
 */

export const AUDIT_ACTOR_TYPES = ['staff', 'api_key', 'retailer_user', 'system'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export interface AuditActor {
  type: AuditActorType;
  id: string | null;
  name: string | null;
}

/** What a row says, before it is chained. */
export interface AuditContent {
  seq: number;
  id: string;
  at: string;
  factory_id: string | null;
  actor: AuditActor;
  action: string;
  target: { type: string; id: string | null };
  request_id: string | null;
  ip: string | null;
  changes: Record<string, unknown> | null;
}

/** The previous hash of the first row. */
export const AUDIT_GENESIS = '0'.repeat(64);

/** JSON with object keys sorted at every depth: the same content always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const object = value as Record<string, unknown>;
  // Default sort: UTF-16 code unit order, as `a < b` compares.
  const keys = Object.keys(object).sort();
  let out = '';
  for (const key of keys) {
    const v = object[key];
    if (v === undefined) continue;
    out += `${out === '' ? '' : ','}${JSON.stringify(key)}:${canonicalJson(v)}`;
  }
  return `{${out}}`;
}

const json = JSON.stringify;

/**
 * `canonicalJson(content)`, written in its fixed key order at once (every change hashes one).
 * `changesJson`: `canonicalJson(content.changes)`, when the caller has it already.
 */
export function auditContentJson(
  content: AuditContent,
  changesJson = canonicalJson(content.changes),
): string {
  const { actor, target } = content;
  return (
    `{"action":${json(content.action)},` +
    `"actor":{"id":${json(actor.id)},"name":${json(actor.name)},"type":${json(actor.type)}},` +
    `"at":${json(content.at)},"changes":${changesJson},"factory_id":${json(content.factory_id)},` +
    `"id":${json(content.id)},"ip":${json(content.ip)},"request_id":${json(content.request_id)},` +
    `"seq":${json(content.seq)},"target":{"id":${json(target.id)},"type":${json(target.type)}}}`
  );
}

/**
 * A row's hash: SHA-256 over the previous row's hash and the row's canonical content.
 * `changesJson`: `canonicalJson(content.changes)`, when the caller has it already.
 */
export function auditHash(prevHash: string, content: AuditContent, changesJson?: string): string {
  // One-shot: no Hash object per row.
  return hash('sha256', `${prevHash}\n${auditContentJson(content, changesJson)}`, 'hex');
}

/** Field names whose values are secrets: never written into a row (the field is left out). */
const SECRET_FIELD = /password|secret|token|api_?key|^key$|private|credential|authorization/i;

/** Most characters of one string value kept; longer ones are cut (a CSV body, a long note). */
const MAX_VALUE_LENGTH = 500;

/**
 * The changed fields of a request body as a row keeps them: secrets left out at every depth,
 * long strings cut. A body that is not a JSON object (a CSV upload) is described by its size.
 */
export function auditChanges(body: unknown): Record<string, unknown> | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return { body_bytes: Buffer.byteLength(body) };
  if (typeof body !== 'object' || Array.isArray(body)) return null;
  const kept = scrub(body) as Record<string, unknown>;
  return Object.keys(kept).length === 0 ? null : kept;
}

function scrub(value: unknown): unknown {
  if (typeof value === 'string') {
    return value.length > MAX_VALUE_LENGTH ? `${value.slice(0, MAX_VALUE_LENGTH)}…` : value;
  }
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(scrub);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (!SECRET_FIELD.test(k)) out[k] = scrub(v);
  }
  return out;
}
