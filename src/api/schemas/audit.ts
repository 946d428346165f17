import { Type, type Static } from '@sinclair/typebox';
import { AUDIT_ACTOR_TYPES } from '../../domain/audit-chain.js';
import type { AuditEntryView, AuditVerdict } from '../../core/audit/audit-log.js';
import { IsoDateTime, Nullable, StringEnum } from './common.js';
import type { Assert, Same } from './same-shape.js';

export const AuditActor = Type.Object(
  {
    type: StringEnum(AUDIT_ACTOR_TYPES),
    id: Nullable(Type.String()),
    name: Nullable(Type.String()),
  },
  { $id: 'AuditActor' },
);

/** One change: who made it, what it was, on what (DESIGN §17). */
export const AuditEntry = Type.Object(
  {
    id: Type.String(),
    object: Type.Literal('audit_entry'),
    seq: Type.Integer({ description: 'Position in the hash chain, from 1.' }),
    at: IsoDateTime,
    actor: AuditActor,
    action: Type.String({ description: '`<resource>.<verb>`, e.g. `order.cancel`.' }),
    target: Type.Object({ type: Type.String(), id: Nullable(Type.String()) }),
    request_id: Nullable(Type.String()),
    ip: Nullable(Type.String()),
    changes: Nullable(
      Type.Record(Type.String(), Type.Unknown(), {
        description: 'The fields the request set; secrets, passwords, tokens and keys left out.',
      }),
    ),
    hash: Type.String({ description: "SHA-256 over the previous row's hash and this row." }),
  },
  { $id: 'AuditEntry' },
);

export const AuditVerification = Type.Object(
  {
    ok: Type.Boolean(),
    rows: Type.Integer({ description: 'Rows checked that hold.' }),
    head: Type.Optional(Nullable(Type.String())),
    broken: Type.Optional(
      Type.Object({
        id: Type.String(),
        seq: Type.Integer(),
        reason: StringEnum(['edited', 'missing_before', 'relinked'] as const),
      }),
    ),
    message: Type.Optional(Type.String()),
  },
  { $id: 'AuditVerification' },
);

export const AuditLogQuery = Type.Object(
  {
    actor_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'Rows of this actor only: a staff user, API key or retailer user id.',
      }),
    ),
    action: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'Rows of this action only, as written: `order.cancel`.',
      }),
    ),
    target_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Rows about this record only: its id.',
      }),
    ),
    from: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'Rows at or after this instant (inclusive).',
      }),
    ),
    to: Type.Optional(
      Type.String({ format: 'date-time', description: 'Rows strictly before this instant.' }),
    ),
  },
  { additionalProperties: false },
);

export type AuditEntry = Static<typeof AuditEntry>;
export type AuditVerification = Static<typeof AuditVerification>;
export type _AuditEntrySame = Assert<Same<AuditEntry, AuditEntryView>>;
// The verdict's two forms fit the one schema.
export const _verdictFits = (v: AuditVerdict): AuditVerification => v;
