import { Type, type Static } from '@sinclair/typebox';
import { MAX_PASSWORD_LENGTH } from '../../core/sessions/credentials.js';
import { IsoDateTime, Nullable } from './common.js';

export const RetailerUserRole = Type.Union([
  Type.Literal('owner'),
  Type.Literal('buyer'),
  Type.Literal('viewer'),
  Type.Literal('accounts'),
  Type.Literal('integrations'),
]);

export const RetailerUser = Type.Object({
  id: Type.String(),
  object: Type.Literal('retailer_user'),
  retailer_id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  role: RetailerUserRole,
  has_password: Type.Boolean(),
  disabled: Type.Boolean(),
  disabled_at: Nullable(IsoDateTime),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});

export const Name = Type.String({ minLength: 1, maxLength: 200 });
/** The length rule (at least 10) is checked by the use case, with a sentence that says so. */
export const Password = Type.String({ maxLength: MAX_PASSWORD_LENGTH });

export type RetailerUser = Static<typeof RetailerUser>;
