import { Type, type Static } from '@sinclair/typebox';
import { MAX_PASSWORD_LENGTH } from '../../core/sessions/credentials.js';
import { IsoDateTime, Nullable, StringEnum } from './common.js';

export const RetailerUserRole = StringEnum([
  'owner',
  'buyer',
  'viewer',
  'accounts',
  'integrations',
] as const);

export const RetailerUser = Type.Object(
  {
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
  },
  { $id: 'RetailerUser' },
);

export const Name = Type.String({ minLength: 1, maxLength: 200 });
/** The length rule (at least 10) is checked by the use case, with a sentence that says so. */
export const Password = Type.String({ maxLength: MAX_PASSWORD_LENGTH });

export type RetailerUser = Static<typeof RetailerUser>;

/** A set-password link, shown once to whoever made it. */
export const PasswordLink = Type.Object(
  {
    object: Type.Literal('password_link'),
    user_id: Type.String(),
    token: Type.String({ description: 'Single use; only its hash is kept. Shown this once.' }),
    url: Type.String({
      description: 'The portal page that takes the token: <origin>/portal/set-password#token=…',
    }),
    expires_at: IsoDateTime,
  },
  { $id: 'PasswordLink' },
);

export const PasswordSetByLink = Type.Object(
  {
    object: Type.Literal('password_set'),
    email: Type.String(),
    retailer: Type.Object({ name: Type.String() }),
  },
  { $id: 'PasswordSetByLink' },
);
