import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_GENESIS,
  auditContentJson,
  auditHash,
  canonicalJson,
  type AuditContent,
} from '../../src/domain/audit-chain.js';

const content: AuditContent = {
  seq: 7,
  id: 'aud_01KE0000000000000000000000',
  at: '2026-11-26T10:32:05.123Z',
  factory_id: 'fac_01KE0000000000000000000000',
  actor: { type: 'staff', id: 'stf_01KE0000000000000000000000', name: 'Zoë "Z" Łukasz' },
  action: 'order.cancel',
  target: { type: 'order', id: null },
  request_id: null,
  ip: '192.0.2.10',
  changes: { reason: 'customer cancelled', lines: [{ qty: 2, sku: 'SOFA' }], b: null, a: 1 },
};

describe('the audit chain', () => {
  it('writes a row the way canonical JSON does, keys sorted at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { f: 1, e: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[3,{"e":2,"f":1}]},"b":1}',
    );
    expect(auditContentJson(content)).toBe(canonicalJson(content));
    const system = { ...content, actor: { type: 'system' as const, id: null, name: 'scheduler' } };
    expect(auditContentJson({ ...system, changes: null, factory_id: null })).toBe(
      canonicalJson({ ...system, changes: null, factory_id: null }),
    );
  });

  it('hashes the previous hash and the canonical content', () => {
    const expected = createHash('sha256')
      .update(`${AUDIT_GENESIS}\n${canonicalJson(content)}`)
      .digest('hex');
    expect(auditHash(AUDIT_GENESIS, content)).toBe(expected);
    expect(auditHash(AUDIT_GENESIS, content, canonicalJson(content.changes))).toBe(expected);
    expect(auditHash(AUDIT_GENESIS, { ...content, seq: 8 })).not.toBe(expected);
  });
});
